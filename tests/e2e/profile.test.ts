import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCode } from '../../apps/server/src/economy/cashier/cashier.test-support.ts';
import { nextEvent } from '../../apps/server/src/test-support/server.ts';
import { type Site, startSite } from './support/site.ts';

/** The /profile page as its owner sees it: figures, games, transactions and settings. */
describe('profile page in the browser', () => {
  let site: Site;
  let admin: string;
  beforeAll(async () => {
    site = await startSite();
    admin = await site.adminToken();
  });
  afterAll(() => site?.close());
  const newPage = (opts: { phone?: boolean } = {}) => site.newPage(opts);

  async function signedIn(token: string, opts: { phone?: boolean } = {}): Promise<Page> {
    const { context, page } = await newPage({ phone: opts.phone });
    await context.addInitScript((t) => window.localStorage.setItem('token', t), token);
    await page.goto('/profile');
    await page.getByTestId('profile-username').waitFor({ timeout: 40_000 });
    return page;
  }
  const shot = (page: Page, name: string) => site.settledShot(page, name);

  /** A player with a gift-card deposit, a redeemed coupon and one dice bet, all through real routes. */
  async function playerWithHistory() {
    const server = site.server;
    const u = await server.newUser();
    const card = `PROFILE-${u.id}-CARD`;
    await importCode(server, admin, card, 5);
    expect((await server.api('POST', '/api/kinguin/redeem', { code: card }, u.token)).status).toBe(200);
    const coupon = `PROF${u.id}`;
    const made = await server.api(
      'PUT',
      '/api/external/v1/coupons/add',
      { code: coupon, message: 'Welcome!', uses: 1, payout: 1 },
      admin,
    );
    expect(made.status).toBe(200);
    expect((await server.api('POST', '/api/coupon/redeem', { code: coupon }, u.token)).status).toBe(200);
    const dice = await server.socket('dice', u.token);
    const result = nextEvent(dice, 'dice:result');
    dice.emit('dice:bet', { amount: 2, multiplier: 2, rangeData: 49.5 });
    const [res] = (await result) as [{ betId: string }];
    dice.disconnect();
    return { ...u, betId: res.betId };
  }

  it('sends a visitor home', async () => {
    const { page } = await newPage();
    await page.goto('/profile');
    await page.waitForURL('**/home', { timeout: 40_000 });
  });

  it('shows the header, figures, a played dice bet with its seeds, and the transactions', async () => {
    const u = await playerWithHistory();
    const page = await signedIn(u.token);
    await expect.poll(() => page.getByTestId('profile-uid').textContent()).toBe(String(u.id));
    await page.getByText('Total deposits').waitFor();
    // $5 gift card = 10 coins; the dice stake of 2 is the wager
    await expect.poll(() => page.getByTestId('stat-deposits').textContent()).toContain('10.00');
    await expect.poll(() => page.getByTestId('stat-wagered').textContent()).toContain('2.00');
    // one level unit everywhere, labelled (issue 14 item 15)
    await page.getByText(/^Wager [\d,.]+ coins more to level up$/).waitFor();

    const row = page.getByTestId('game-row').first();
    await row.waitFor();
    expect(await row.textContent()).toContain('Dice');
    expect(await row.textContent()).toContain('2.00');
    await shot(page, 'profile-games');

    await row.getByRole('button', { name: 'Details' }).click();
    const details = page.getByRole('dialog', { name: 'Dice bet' });
    await details.getByText('Client seed', { exact: true }).waitFor();
    await details.getByText(u.betId, { exact: true }).waitFor();
    // Verify opens the verifier filled in (issue 15); the server seed only once revealed
    const verify = (await details.getByRole('link', { name: 'Verify' }).getAttribute('href')) ?? '';
    expect(verify).toMatch(
      /^\/provably-fair\?tab=dice&clientSeed=[^&]+&nonce=\d+&target=[\d.]+&edgePct=[\d.]+$/,
    );
    await shot(page, 'profile-bet-details');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Crash', exact: true }).click();
    await page.getByText('No Games').waitFor();

    await page.getByRole('tab', { name: 'Transactions' }).click();
    const txs = page.getByTestId('tx-row');
    await expect.poll(() => txs.count()).toBe(2);
    const deposit = txs.filter({ hasText: 'Deposit' });
    expect(await deposit.textContent()).toContain('Completed');
    expect(await deposit.textContent()).toContain('10.00');
    expect(await txs.filter({ hasText: 'Coupon' }).textContent()).toContain('Free');
    await shot(page, 'profile-transactions');
    await page.getByRole('button', { name: 'Free', exact: true }).click();
    await expect.poll(() => txs.count()).toBe(1);
    await page.getByRole('button', { name: 'Deposits', exact: true }).click();
    await txs.first().getByRole('button', { name: 'Details' }).click();
    const info = page.getByRole('dialog', { name: 'Transaction Info' });
    await info.getByText('TxID').waitFor();
    expect(await info.textContent()).toContain('Completed');
    await shot(page, 'profile-transaction-info');
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Settings' }).click();
    const field = page.getByLabel('Update Affiliate Code:');
    // the field loads the current code first; typing before that would be overwritten
    await expect.poll(() => field.inputValue()).not.toBe('');
    await field.fill(`code${u.id}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Affiliate code updated successfully!').waitFor();
    const aff = await site.server.api<{ affiliateCode: string }>(
      'GET',
      '/api/user/affiliates',
      undefined,
      u.token,
    );
    expect(aff.body.affiliateCode).toBe(`code${u.id}`);
  });

  it('fits a phone', async () => {
    const u = await playerWithHistory();
    const page = await signedIn(u.token, { phone: true });
    await page.getByTestId('game-row').first().waitFor();
    await shot(page, 'profile-phone');
    await page.getByRole('tab', { name: 'Transactions' }).click();
    await page.getByTestId('tx-row').first().waitFor();
    await shot(page, 'profile-phone-transactions');
  });
});
