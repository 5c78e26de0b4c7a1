import type { AdminTxView, ControlsView } from '@coinsite/shared';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCredit,
  balanceOf,
  importCode,
  simulateBet,
} from '../../apps/server/src/economy/cashier/cashier.test-support.ts';
import { type Site, startSite } from './support/site.ts';

const LTC = 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh';

/** The admin dialog as an operator uses it: controls, balances, bans and withdrawals. */
describe('admin dialog in the browser', () => {
  let site: Site;
  let admin: string;
  beforeAll(async () => {
    site = await startSite();
    admin = await site.adminToken();
  });
  afterAll(() => site?.close());
  const newPage = (opts: { phone?: boolean } = {}) => site.newPage(opts);

  const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

  /** Signs in as `token` and opens the Admin dialog from the navigation (the menu on a phone). */
  async function openAdmin(
    token: string,
    opts: { phone?: boolean } = {},
  ): Promise<{ page: Page; dialog: Locator }> {
    const { context, page } = await newPage({ phone: opts.phone });
    await context.addInitScript((t) => window.localStorage.setItem('token', t), token);
    await page.goto('/home');
    await page.getByLabel('Account menu').waitFor({ timeout: 40_000 });
    if (opts.phone) {
      await page.getByLabel('Open menu').click();
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Admin' }).click();
    } else {
      await page.getByRole('button', { name: 'Admin', exact: true }).click();
    }
    const dialog = page.getByRole('dialog', { name: 'Admin' });
    await dialog.getByRole('tab', { name: 'Coupon' }).waitFor();
    return { page, dialog };
  }
  const shot = (page: Page, name: string) => site.settledShot(page, name);
  const controls = async () =>
    (await site.server.api<ControlsView>('GET', '/api/external/v1/controls/', undefined, admin)).body;

  it('is for admins only, and shows only the panels the server backs', async () => {
    const player = await site.server.newUser();
    const { context, page } = await newPage();
    await context.addInitScript((t) => window.localStorage.setItem('token', t), player.token);
    await page.goto('/home');
    await page.getByLabel('Account menu').waitFor({ timeout: 40_000 });
    expect(await page.getByRole('button', { name: 'Admin', exact: true }).count()).toBe(0);

    const { page: adminPage, dialog } = await openAdmin(admin);
    const tabs = await dialog.getByRole('tab').allTextContents();
    const features = (
      await site.server.api<{ trivia: boolean; giveaway: boolean; race: boolean }>(
        'GET',
        '/api/external/v1/features',
        undefined,
        admin,
      )
    ).body;
    expect(tabs).toEqual([
      'Coupon',
      ...(features.trivia ? ['Trivia'] : []),
      ...(features.giveaway ? ['Giveaway'] : []),
      'Site controls',
      'Chat & rain',
      'Users',
      'Slots',
      'Transactions',
      ...(features.race ? ['Race'] : []),
      'Audit',
      'Back office',
    ]);
    await shot(adminPage, 'admin-coupon');
  });

  it('toggles a site control and shows the state the server answers', async () => {
    const { page, dialog } = await openAdmin(admin);
    await dialog.getByRole('tab', { name: 'Site controls' }).click();
    const coinflip = dialog.getByRole('switch', { name: 'Coinflip' });
    await poll(() => coinflip.getAttribute('aria-checked')).toBe('true');
    await coinflip.click();
    await poll(() => coinflip.getAttribute('aria-checked')).toBe('false');
    expect((await controls()).coinflipEnabled).toBe(false);
    await shot(page, 'admin-controls');
    await coinflip.click();
    await poll(() => coinflip.getAttribute('aria-checked')).toBe('true');
    expect((await controls()).coinflipEnabled).toBe(true);
  });

  it('adjusts a balance and bans a player', async () => {
    const u = await site.server.newUser();
    await site.fund(u.id, 10);
    const { page, dialog } = await openAdmin(admin);
    await dialog.getByRole('tab', { name: 'Users' }).click();
    await dialog.getByLabel('Search users').fill(u.username);
    const row = dialog.getByTestId('admin-user').filter({ hasText: u.username });
    await poll(() => row.getByTestId('admin-user-wallet').textContent()).toContain('10.00');
    await row.getByRole('button', { name: 'Adjust balance' }).click();
    await row.getByLabel('Amount').fill('25.5');
    await row.getByLabel('Reason').fill('Browser test bonus');
    await row.getByRole('button', { name: 'Apply' }).click();
    await poll(() => row.getByTestId('balance-result').textContent()).toBe('New balance: 35.50');
    await poll(() => row.getByTestId('admin-user-wallet').textContent()).toContain('35.50');
    expect(await balanceOf(site.server, u.id)).toBe(3_550);
    await shot(page, 'admin-users');

    await row.getByRole('button', { name: 'Ban' }).click();
    await row.getByRole('button', { name: 'Confirm ban' }).click();
    await page.getByText(`${u.username} has been banned.`).waitFor();
    await row.getByRole('button', { name: 'Unban' }).waitFor();
    expect((await site.server.api('GET', '/api/user', undefined, u.token)).status).toBe(401);
  });

  it('confirms and cancels pending withdrawals, and the list reloads', async () => {
    const server = site.server;
    const u = await server.newUser();
    // a $10 gift-card deposit (20 coins), wagered in full, then enough balance for two withdrawals
    const card = `ADMIN-E2E-${u.id}`;
    await importCode(server, admin, card, 10);
    expect((await server.api('POST', '/api/kinguin/redeem', { code: card }, u.token)).status).toBe(200);
    await simulateBet(server, u.id, 2_000, `admin-e2e-bet-${u.id}`);
    await adminCredit(server, u.id, 3_000, `admin-e2e-credit-${u.id}`);
    for (let i = 0; i < 2; i++) {
      const res = await server.api<{ state: number }>(
        'POST',
        '/api/cashier/crypto/withdraw',
        { currency: 'LTC', address: LTC, amount: 10 },
        u.token,
      );
      expect(res.body.state).toBe(1);
    }
    const list = async () =>
      (
        await server.api<AdminTxView[]>('GET', '/api/external/v1/transactions/list', undefined, admin)
      ).body.filter((t) => t._user._id === String(u.id) && t.type === 'withdraw');
    const [second, first] = await list();
    if (!first || !second) throw new Error('withdrawals missing');

    const { page, dialog } = await openAdmin(admin);
    await dialog.getByRole('tab', { name: 'Transactions' }).click();
    await dialog.getByRole('button', { name: 'Needs action' }).click();
    const rowOf = (id: string) =>
      dialog.getByTestId('admin-tx').filter({ has: page.getByText(id, { exact: true }) });
    await rowOf(first._id).waitFor();
    expect(await rowOf(first._id).textContent()).toContain('Pending');
    await shot(page, 'admin-transactions');

    await rowOf(first._id).getByRole('button', { name: 'Confirm' }).click();
    // Confirm asks for the payout's txid first (issue 28 item 14)
    const ask = page.getByRole('dialog', { name: `Confirm withdrawal ${first._id}` });
    await ask.getByLabel('Payout transaction id (txid)').fill('e2e-payout-txid');
    await ask.getByRole('button', { name: 'Confirm payout' }).click();
    await page.getByText(`Succesfully confirmed transaction ${first._id}!`).waitFor();
    await dialog.getByRole('button', { name: 'All', exact: true }).click();
    await poll(() => rowOf(first._id).textContent()).toContain('Completed');

    await rowOf(second._id).getByRole('button', { name: 'Cancel' }).click();
    await page.getByText(`Succesfully cancel transaction ${second._id}!`).waitFor();
    await poll(() => rowOf(second._id).textContent()).toContain('Declined');
    expect((await list()).map((t) => t.state)).toEqual([2, 3]);
    await shot(page, 'admin-transactions-done');
  });

  it('edits the chat and rain settings and lists the suspicious rain joins', async () => {
    const db = site.server.site.ctx.db;
    const [a, b] = [await site.server.newUser(), await site.server.newUser()];
    const rain = await db
      .insertInto('rains')
      .values({
        status: 'paid',
        base: 20_000,
        opens_at: 1,
        closes_at: 2,
        paid_at: 2,
        joiners: 2,
        share: 10_000,
        remainder: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('rain_joins')
      .values([
        {
          rain_id: rain.id,
          user_id: a.id,
          ip: '203.0.113.7',
          suspicious: true,
          created_at: Date.now() - 60_000,
        },
        { rain_id: rain.id, user_id: b.id, ip: '203.0.113.7', suspicious: true, created_at: Date.now() },
      ])
      .execute();
    const { page, dialog } = await openAdmin(admin);
    await dialog.getByRole('tab', { name: 'Chat & rain' }).click();
    const chat = dialog.getByRole('region', { name: 'Chat settings' });
    const slow = chat.getByLabel('Slow mode (seconds)');
    await poll(() => slow.inputValue()).toBe('1.5');
    await slow.fill('3');
    await chat.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Chat settings saved.').waitFor();
    await poll(
      async () =>
        (await db.selectFrom('chat_settings').select('slow_mode_ms').executeTakeFirstOrThrow()).slow_mode_ms,
    ).toBe(3000);

    // a refusal is the server's sentence
    const rainForm = dialog.getByRole('region', { name: 'Rain settings' });
    await rainForm.getByLabel('Join window (seconds)').fill('5000');
    await rainForm.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The join window can be at most 3600 seconds.', { exact: false }).waitFor();
    await rainForm.getByLabel('Join window (seconds)').fill('90');
    await rainForm.getByLabel('House pot').fill('250');
    await rainForm.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Rain settings saved. They apply from the next rain.').waitFor();
    const stored = await db
      .selectFrom('rain_settings')
      .select(['join_window_ms', 'base_pot'])
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ join_window_ms: 90_000, base_pot: 25_000 });

    const rows = dialog.getByTestId('suspicious-join');
    await rows.first().waitFor();
    expect(await rows.filter({ hasText: a.username }).textContent()).toContain(String(b.id));
    expect(await rows.filter({ hasText: b.username }).textContent()).toContain('203.0.113.7');
    await shot(page, 'admin-community');
    await dialog.getByRole('heading', { name: 'Suspicious rain joins' }).scrollIntoViewIfNeeded();
    await shot(page, 'admin-community-suspicious');
    await db.updateTable('chat_settings').set({ slow_mode_ms: 1500 }).execute();
    await db.updateTable('rain_settings').set({ join_window_ms: 120_000, base_pot: 20_000 }).execute();
  });

  it('shows the chat and rain tab on a phone', async () => {
    const { page, dialog } = await openAdmin(admin, { phone: true });
    await dialog.getByRole('tab', { name: 'Chat & rain' }).click();
    await dialog.getByRole('region', { name: 'Chat settings' }).getByLabel('Slow mode (seconds)').waitFor();
    await shot(page, 'admin-phone-community');
  });

  it('fits a phone', async () => {
    const u = await site.server.newUser();
    const card = `ADMIN-PHONE-${u.id}`;
    await importCode(site.server, admin, card, 5);
    await site.server.api('POST', '/api/kinguin/redeem', { code: card }, u.token);
    const { page, dialog } = await openAdmin(admin, { phone: true });
    await shot(page, 'admin-phone-coupon');
    await dialog.getByRole('tab', { name: 'Users' }).click();
    await dialog.getByTestId('admin-user').first().waitFor();
    await shot(page, 'admin-phone-users');
    await dialog.getByRole('tab', { name: 'Transactions' }).click();
    await dialog.getByTestId('admin-tx').first().waitFor();
    await shot(page, 'admin-phone-transactions');
  });
});
