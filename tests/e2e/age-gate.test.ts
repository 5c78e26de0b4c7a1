import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Site, startSite } from './support/site.ts';

/**
 * Issue 26 item 6: an account registered without a date of birth (as the original client registers)
 * is asked once, before its first bet or deposit, with the registration form's rules.
 */
describe('the ask-once date of birth dialog', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  const birthOf = async (userId: number) =>
    site.server.site.ctx.db
      .selectFrom('users')
      .select([sql<string | null>`birth_date::text`.as('birth_date'), 'region'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
  /** The dice page of a funded player, a 1.00 bet in the field. */
  async function dicePage(token: string) {
    const page = await site.signedIn(token, '/dice');
    await expect.poll(() => page.getByTestId('balance').first().textContent()).toBe('10.00');
    await page.getByLabel('Bet Amount').fill('1.00');
    return page;
  }
  const ageDialog = (page: Page) => page.getByRole('dialog', { name: 'Confirm your age' });
  const betsOf = async (userId: number) =>
    (await site.server.site.ctx.db.selectFrom('bets').select('id').where('user_id', '=', userId).execute())
      .length;

  it('asks before the first bet, refuses what the server refuses, then never again', async () => {
    const user = await site.server.newUser({ birthDate: null });
    await site.fund(user.id, 10);
    const page = await dicePage(user.token);
    await page.getByTestId('dice-bet').click();
    const dialog = ageDialog(page);
    await dialog.waitFor();
    // the bet waits for the answer
    expect(await betsOf(user.id)).toBe(0);

    await dialog.getByLabel('Date of birth').fill('1890-01-01');
    await dialog.getByLabel('State').selectOption('CA');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByRole('alert').getByText('Please enter a valid date of birth.').waitFor();
    await site.settledShot(page, 'age-dialog-desktop');

    await dialog.getByLabel('Date of birth').fill('1990-05-17');
    await dialog.getByLabel('State').selectOption('NV');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByRole('alert').getByText('Sorry, this site is not available in your state.').waitFor();
    expect(await birthOf(user.id)).toEqual({ birth_date: null, region: null });

    await dialog.getByLabel('State').selectOption('CA');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await birthOf(user.id)).toEqual({ birth_date: '1990-05-17', region: 'CA' });
    // the bet that waited goes once the answer is stored; the next one is not asked
    await expect.poll(() => betsOf(user.id)).toBe(1);
    await expect.poll(() => page.getByTestId('dice-bet').isEnabled()).toBe(true);
    await page.getByTestId('dice-bet').click();
    await expect.poll(() => betsOf(user.id)).toBe(2);
    expect(await ageDialog(page).count()).toBe(0);
  });

  it('asks before the cashier opens; closing it leaves the cashier shut', async () => {
    const user = await site.server.newUser({ birthDate: null });
    const page = await site.signedIn(user.token, '/', { phone: true });
    const cashier = page.getByRole('dialog', { name: /^Cashier/ });
    await page.getByRole('button', { name: 'Cashier' }).first().click();
    const dialog = ageDialog(page);
    await dialog.waitFor();
    await site.settledShot(page, 'age-dialog-phone');
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await cashier.count()).toBe(0);

    await page.getByRole('button', { name: 'Cashier' }).first().click();
    await dialog.getByLabel('Date of birth').fill('1985-02-03');
    await dialog.getByLabel('State').selectOption('PR');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await cashier.waitFor();
    expect(await birthOf(user.id)).toEqual({ birth_date: '1985-02-03', region: 'PR' });
  });

  it('an account registered with a date of birth is never asked', async () => {
    const user = await site.server.newUser();
    await site.fund(user.id, 10);
    const page = await dicePage(user.token);
    await page.getByTestId('dice-bet').click();
    await expect.poll(() => betsOf(user.id)).toBe(1);
    expect(await ageDialog(page).count()).toBe(0);
  });
});
