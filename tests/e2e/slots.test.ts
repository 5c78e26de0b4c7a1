import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Site, startSite } from './support/site.ts';

/** The slot list and a full sandbox session, as a person uses them (offline: banners fall back to art). */
describe('slots in the browser', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  async function shot(page: Page, name: string) {
    await site.settledShot(page, name);
  }
  const tiles = (page: Page) => page.getByRole('list', { name: 'Slot games' }).getByRole('listitem');
  const columns = (page: Page) =>
    page
      .getByRole('list', { name: 'Slot games' })
      .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);

  it('lists 30 games after the loader, 6 columns, Load More, case-insensitive search', async () => {
    const { page } = await site.newPage();
    await page.goto('/slots');
    // the loader shows from the page's first render for at least a second
    await page.getByLabel('Loading games').waitFor({ timeout: 20_000 });
    await tiles(page).first().waitFor({ timeout: 20_000 });
    expect(await tiles(page).count()).toBe(30);
    expect(await columns(page)).toBe(6);
    await shot(page, 'slots-list-desktop');
    await page.getByRole('button', { name: 'Load More' }).click();
    await expect.poll(() => tiles(page).count()).toBe(60);
    await page.getByPlaceholder('Search games...').fill('DOG HOUSE');
    await expect.poll(() => tiles(page).count()).toBeLessThan(10);
    expect(await tiles(page).first().textContent()).toContain('Dog House');
  });

  it('shows 2 columns on a phone', async () => {
    const { page } = await site.newPage({ phone: true });
    await page.goto('/slots');
    await tiles(page).first().waitFor({ timeout: 20_000 });
    expect(await columns(page)).toBe(2);
    await shot(page, 'slots-list-phone');
  });

  it('lets an admin disable a game from the Slots tab of the admin dialog', async () => {
    const token = await site.adminToken();
    const { context, page } = await site.newPage();
    await context.addInitScript((t) => window.localStorage.setItem('token', t), token);
    await page.goto('/slots');
    await page.getByLabel('Account menu').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Admin', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Admin' });
    await dialog.getByRole('tab', { name: 'Slots' }).click();
    await dialog.getByPlaceholder('Search games...').fill('pirate gold');
    const toggle = dialog.getByRole('switch', { name: 'Pirate Gold enabled' });
    await expect.poll(() => toggle.getAttribute('aria-checked'), { timeout: 10_000 }).toBe('true');
    await shot(page, 'slots-admin-desktop');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    const one = await site.server.api<{ status: number }>('GET', '/api/slots/vs40pirate');
    expect(one.body.status).toBe(0);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
  });

  it('asks a visitor to sign in before playing', async () => {
    const { page } = await site.newPage();
    await page.goto('/slots/vs20doghouse');
    await page.getByText('Please sign in to play slots.').waitFor({ timeout: 20_000 });
  });

  it('plays a full sandbox session: launch, spin several times, the header balance follows', async () => {
    const user = await site.server.newUser();
    await site.fund(user.id, 50);
    const { context, page } = await site.newPage();
    await context.addInitScript((t) => window.localStorage.setItem('token', t), user.token);
    await page.goto('/slots/vs20doghouse');
    await page.getByLabel('Account menu').waitFor({ timeout: 20_000 });
    const header = page.getByTestId('balance').first();
    await expect.poll(() => header.textContent()).toBe('50.00');
    await page.getByText('SANDBOX').first().waitFor();
    const frame = page.frameLocator('iframe[title="The Dog House"]');
    await frame.locator('body[data-ready="1"]').waitFor({ timeout: 20_000 });
    expect(await frame.locator('#title').textContent()).toBe('The Dog House');
    await shot(page, 'slots-play-desktop');
    const dbBalance = async () =>
      (
        await site.server.site.ctx.db
          .selectFrom('users')
          .select('balance')
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).balance;
    for (let i = 1; i <= 4; i++) {
      await frame.locator('#spin').click();
      await expect
        .poll(() => frame.locator('#reels').getAttribute('data-spins'), { timeout: 10_000 })
        .toBe(String(i));
      const cents = await dbBalance();
      await expect.poll(() => header.textContent(), { timeout: 5000 }).toBe((cents / 100).toFixed(2));
    }
    const bets = await site.server.site.ctx.db
      .selectFrom('bets')
      .select(['game', 'stake'])
      .where('user_id', '=', user.id)
      .execute();
    expect(bets).toEqual(Array.from({ length: 4 }, () => ({ game: 'slots', stake: 100 })));
    await shot(page, 'slots-play-after-spins-desktop');
    await frame.locator('#paytable').click();
    await shot(page, 'slots-paytable-desktop');
  });

  it('plays on a phone', async () => {
    const user = await site.server.newUser();
    await site.fund(user.id, 20);
    const { context, page } = await site.newPage({ phone: true });
    await context.addInitScript((t) => window.localStorage.setItem('token', t), user.token);
    await page.goto('/slots/vs20rhino');
    const frame = page.frameLocator('iframe[title="Great Rhino"]');
    await frame.locator('body[data-ready="1"]').waitFor({ timeout: 20_000 });
    await frame.locator('#spin').click();
    await expect
      .poll(() => frame.locator('#reels').getAttribute('data-spins'), { timeout: 10_000 })
      .toBe('1');
    await shot(page, 'slots-play-phone');
    // autoplay: 10 spins on its own until stopped
    await frame.locator('#auto').click();
    await expect
      .poll(async () => Number(await frame.locator('#reels').getAttribute('data-spins')), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(4);
    await frame.locator('#auto').click();
    expect(await frame.locator('#auto').textContent()).toBe('AUTO');
  });
});
