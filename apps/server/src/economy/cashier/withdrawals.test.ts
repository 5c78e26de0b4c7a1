import type { AdminTxView, TxsView, WithdrawResult } from '@coinsite/shared';
import { wagerNeededCents } from '@coinsite/shared/vip';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { decodedMail, lastMailTo } from '../../test-support/outbox.ts';
import { DB_KINDS, type TestServer } from '../../test-support/server.ts';
import { adminCredit, balanceOf, importCode, simulateBet, withAdminServer } from './cashier.test-support.ts';

const LTC = 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh';
const BTC = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';

describe.each(DB_KINDS)('cashier withdrawals on %s', (db) => {
  let server: TestServer;
  let admin: string;
  let codes = 0;
  withAdminServer(db, (s, token) => {
    server = s;
    admin = token;
  });

  /** A player who deposited `usd` dollars by gift card and wagered it all (playthrough met). */
  async function fundedPlayer(usd: 5 | 10 | 20 | 50 | 100, wagered = true) {
    const user = await server.newUser();
    const code = `WD-${db}-${codes++}-${usd}`;
    await importCode(server, admin, code, usd);
    expect((await server.api('POST', '/api/kinguin/redeem', { code }, user.token)).status).toBe(200);
    if (wagered) {
      await simulateBet(server, user.id, usd * 200, `wd-bet-${code}`);
      await adminCredit(server, user.id, usd * 200, `wd-win-${code}`);
    }
    return user;
  }
  const withdraw = (token: string, body: object) =>
    server.api<WithdrawResult & { error?: string }>('POST', '/api/cashier/crypto/withdraw', body, token);

  it('needs a deposit, its playthrough, a minimum and a valid address', async () => {
    const fresh = await server.newUser();
    await adminCredit(server, fresh.id, 5_000, `wd-fresh-${fresh.id}`);
    expect((await withdraw(fresh.token, { currency: 'LTC', address: LTC, amount: 20 })).body).toEqual({
      error: 'You need to deposit at least 5.00 coins before you can withdraw.',
    });
    const unplayed = await fundedPlayer(20, false);
    expect((await withdraw(unplayed.token, { currency: 'LTC', address: LTC, amount: 20 })).body).toEqual({
      error: 'You need to wager 40.00 more coins before you can withdraw.',
    });
    await simulateBet(server, unplayed.id, 1_500, `wd-part-${unplayed.id}`);
    expect((await withdraw(unplayed.token, { currency: 'LTC', address: LTC, amount: 20 })).body.error).toBe(
      'You need to wager 25.00 more coins before you can withdraw.',
    );
    const user = await fundedPlayer(20);
    expect((await withdraw(user.token, { currency: 'LTC', address: LTC, amount: 9.99 })).body).toEqual({
      error: 'The minimum withdrawal is 10.00 coins ($5.00).',
    });
    expect((await withdraw(user.token, { currency: 'LTC', address: BTC, amount: 20 })).body).toEqual({
      error: 'Please enter a valid Litecoin address.',
    });
    expect((await withdraw(user.token, { currency: 'CASH', address: '$1x', amount: 20 })).body).toEqual({
      error: 'Please enter a valid cashtag, such as $YourName.',
    });
    expect((await withdraw(user.token, { currency: 'DOGE', address: LTC, amount: 20 })).status).toBe(400);
    expect((await withdraw(user.token, { currency: 'LTC', address: LTC, amount: 40 })).body).toEqual({
      error: "You don't have enough balance.",
    });
    expect(await balanceOf(server, user.id)).toBe(4_000);
  });

  it('debits at request (network fee on top), an admin confirms it', async () => {
    const user = await fundedPlayer(20);
    const res = await withdraw(user.token, { currency: 'LTC', address: LTC, amount: 30 });
    // 30 coins = $15 = 0.1875 LTC at $80; the 0.20 network fee is debited on top
    expect(res.body).toEqual({ siteValue: 30.2, usdValue: 15, cryptoValue: 0.1875, state: 1 });
    // issue 16 §6: the request is mailed to the account's address
    expect(decodedMail(lastMailTo(server.dataDir, user.email) ?? '')).toContain(
      `A withdrawal of 30.20 coins (LTC) to ${LTC} was requested from your account.`,
    );
    expect(await balanceOf(server, user.id)).toBe(4_000 - 3_020);
    const player = await server.newUser();
    expect(
      (await server.api('GET', '/api/external/v1/transactions/list', undefined, player.token)).status,
    ).toBe(403);
    const list = await server.api<AdminTxView[]>(
      'GET',
      '/api/external/v1/transactions/list?type=withdraw',
      undefined,
      admin,
    );
    const mine = list.body.find((t) => t._user._id === String(user.id));
    expect(mine).toMatchObject({
      type: 'withdraw',
      state: 1,
      currency: 'LTC',
      siteValue: 30.2,
      address: LTC,
    });
    const id = mine?._id ?? '';
    const ok = await server.api(
      'POST',
      `/api/external/v1/transactions/confirm/${id}`,
      { txid: 'ltc-tx-1' },
      admin,
    );
    expect(ok.body).toEqual({ success: true, _id: id, state: 3 });
    const again = await server.api('POST', `/api/external/v1/transactions/confirm/${id}`, {}, admin);
    expect(again).toEqual({ status: 409, body: { error: 'Only pending withdrawals can be confirmed.' } });
    expect((await server.api('POST', '/api/external/v1/transactions/cancel/999999', {}, admin)).status).toBe(
      404,
    );
    const txs = await server.api<TxsView>('GET', '/api/user/txs', undefined, user.token);
    expect(txs.body.withdraws).toMatchObject([
      { currency: 'LTC', siteValue: 30.2, state: 3, txid: 'ltc-tx-1' },
    ]);
    const profile = await server.api('POST', '/api/user/profile', { userid: String(user.id) });
    expect(profile.body).toMatchObject({ totalDeposited: 40, totalWithdrawn: 30.2 });
  });

  it('CashApp takes 3 % out of the amount and waits for manual review', async () => {
    const user = await fundedPlayer(20);
    const res = await withdraw(user.token, { currency: 'CASH', address: 'MyTag', amount: 20 });
    // 20 coins − 0.60 fee = 19.40 coins = $9.70
    expect(res.body).toEqual({ siteValue: 20, usdValue: 9.7, cryptoValue: null, state: 4 });
    expect(await balanceOf(server, user.id)).toBe(2_000);
  });

  it('a cancel refunds once, even when 20 admins press it together', async () => {
    const user = await fundedPlayer(20);
    await withdraw(user.token, { currency: 'BTC', address: BTC, amount: 20 });
    expect(await balanceOf(server, user.id)).toBe(4_000 - 2_400);
    const txs = await server.api<TxsView>('GET', '/api/user/txs', undefined, user.token);
    const id = txs.body.withdraws[0]?._id ?? '';
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.api('POST', `/api/external/v1/transactions/cancel/${id}`, {}, admin),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await balanceOf(server, user.id)).toBe(4_000);
    const after = await server.api<TxsView>('GET', '/api/user/txs', undefined, user.token);
    expect(after.body.withdraws[0]?.state).toBe(2);
    const profile = await server.api('POST', '/api/user/profile', { userid: String(user.id) });
    expect(profile.body).toMatchObject({ totalWithdrawn: 0 });
  });

  it('the daily limit holds under concurrency, lifts after 24 hours, and VIPs get double', async () => {
    const user = await fundedPlayer(100);
    await adminCredit(server, user.id, 1_000_000, `wd-rich-${user.id}`);
    // ten parallel requests of 300 coins (+0.20 fee) against a 2,000-coin day: six fit
    const results = await Promise.all(
      Array.from({ length: 10 }, () => withdraw(user.token, { currency: 'LTC', address: LTC, amount: 300 })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(6);
    expect(results.find((r) => r.status !== 200)?.body.error).toBe(
      'This withdrawal would exceed your daily withdrawal limit of 2,000.00 coins (198.80 left today).',
    );
    expect(await balanceOf(server, user.id)).toBe(1_020_000 - 6 * 30_020);
    // a day later (moving the rows back rather than the clock: other modules' loops run on the clock)
    await server.site.ctx.db
      .updateTable('cashier_transactions')
      .set((eb) => ({ created_at: sql<Date>`${eb.ref('created_at')} - interval '24 hours 1 second'` }))
      .where('user_id', '=', user.id)
      .execute();
    expect((await withdraw(user.token, { currency: 'LTC', address: LTC, amount: 1_900 })).status).toBe(200);
    // VIP level 50 doubles the day's limit (documented rule)
    await adminCredit(server, user.id, wagerNeededCents(50), `wd-vip-funds-${user.id}`);
    await simulateBet(server, user.id, wagerNeededCents(50), `wd-vip-${user.id}`);
    const vip = await withdraw(user.token, { currency: 'LTC', address: LTC, amount: 2_000 });
    expect(vip.status).toBe(200);
    const config = await server.api('GET', '/api/cashier/config', undefined, user.token);
    expect(config.body).toMatchObject({ vip: true, dailyWithdrawLimit: 4_000, dailyDepositLimit: 1_000 });
  });

  it('the withdraws control refuses new requests', async () => {
    const user = await fundedPlayer(10);
    await server.api('POST', '/api/external/v1/controls/toggle-state', { name: 'withdraws' }, admin);
    try {
      expect((await withdraw(user.token, { currency: 'LTC', address: LTC, amount: 10 })).body).toEqual({
        error: 'Withdrawals are currently disabled.',
      });
    } finally {
      await server.api('POST', '/api/external/v1/controls/toggle-state', { name: 'withdraws' }, admin);
    }
    expect(await balanceOf(server, user.id)).toBe(2_000);
  });
});
