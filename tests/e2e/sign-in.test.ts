import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeOpenId,
  freePort,
  startFakeOpenId,
} from '../../apps/server/src/test-support/fake-openid.ts';
import { type Site, startSite } from './support/site.ts';

/** Staff sign-in on the maintenance page and Steam sign-in, as a person sees them. */
describe('sign-in in the browser', () => {
  let site: Site;
  let fake: FakeOpenId;
  let admin: string;
  beforeAll(async () => {
    fake = await startFakeOpenId();
    const port = await freePort();
    site = await startSite({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      STEAM_OPENID_URL: fake.loginUrl,
    });
    admin = await site.adminToken();
  });
  afterAll(async () => {
    await site?.close();
    await fake?.close();
  });

  const shot = (page: Page, name: string) => site.settledShot(page, name);
  const maintenance = async (on: boolean) => {
    const now = await site.server.api<{ currentState: boolean }>(
      'POST',
      '/api/external/v1/controls/toggle-state',
      { name: 'maintenance' },
      admin,
    );
    expect(now.body.currentState).toBe(on);
  };

  it('an admin signs in from the maintenance page and sees the site; a player stays out', async () => {
    await maintenance(true);
    try {
      for (const phone of [false, true]) {
        const { page } = await site.newPage({ phone });
        await page.goto('/home');
        await page.getByRole('heading', { name: /undergoing maintenance/ }).waitFor({ timeout: 40_000 });
        await page.getByRole('button', { name: 'Staff sign-in' }).waitFor();
        await shot(page, `maintenance-staff-sign-in-${phone ? 'phone' : 'desktop'}`);
      }

      // a player who signs in is still shown the maintenance page
      const player = await site.server.newUser();
      const { page: p } = await site.newPage();
      await p.goto('/home');
      await p.getByRole('button', { name: 'Staff sign-in' }).click({ timeout: 40_000 });
      await p.getByLabel('Email').fill(player.email);
      await p.getByLabel('Password', { exact: true }).fill(player.password);
      await p.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect.poll(() => new URL(p.url()).pathname, { timeout: 20_000 }).toBe('/');
      await p.getByRole('heading', { name: /undergoing maintenance/ }).waitFor();

      const { page } = await site.newPage();
      await page.goto('/home');
      // the chat's Sign up opens the same dialog on its Registration tab
      await page.getByRole('link', { name: 'Sign up' }).click({ timeout: 40_000 });
      await page.getByRole('dialog').getByRole('tab', { name: 'Registration', selected: true }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Staff sign-in' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Email').fill('admin@example.com');
      await dialog.getByLabel('Password', { exact: true }).fill('admin-password');
      await shot(page, 'maintenance-staff-dialog-desktop');
      await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByLabel('Account menu').waitFor({ timeout: 20_000 });
      await page.getByText('Maintenance mode is on: players see the maintenance page.').waitFor();
      expect(await page.getByRole('heading', { name: /undergoing maintenance/ }).count()).toBe(0);
    } finally {
      await maintenance(false);
    }
  });

  it('the sign-in dialog has a Steam button that signs in through /api/auth/steam', async () => {
    for (const phone of [false, true]) {
      const { page } = await site.newPage({ phone });
      await page.goto('/home');
      const open = page.getByRole('button', { name: 'Sign in', exact: true }).first();
      await open.click({ timeout: 40_000 });
      const steam = page.getByRole('dialog').getByRole('link', { name: 'Sign in with Steam' });
      expect(await steam.getAttribute('href')).toBe('/api/auth/steam');
      await shot(page, `sign-in-steam-${phone ? 'phone' : 'desktop'}`);
    }

    fake.steamId = '76561197960287930';
    fake.personas.set(fake.steamId, { name: 'Gabe', avatar: `${fake.base}/avatar.jpg` });
    const { page } = await site.newPage();
    await page.goto('/home');
    await page.getByRole('button', { name: 'Sign in', exact: true }).first().click({ timeout: 40_000 });
    const left = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/auth/steam');
    await page.getByRole('link', { name: 'Sign in with Steam' }).click();
    await left;
    // provider → our return route → /login/steam?token= → exchanged → signed in on the home page
    await page.getByLabel('Account menu').waitFor({ timeout: 30_000 });
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/home');
    const user = await site.server.site.ctx.db
      .selectFrom('users')
      .select('id')
      .where('steam_id', '=', fake.steamId)
      .executeTakeFirst();
    expect(user).toBeDefined();
  });
});
