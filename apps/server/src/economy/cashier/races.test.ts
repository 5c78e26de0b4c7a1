import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerMismatches } from '../../platform/ledger.ts';
import { DB_KINDS, startServer, type TestServer } from '../../test-support/server.ts';
import { ADMIN, adminCredit, balanceOf, importCode, signIn, simulateBet } from './cashier.test-support.ts';

const LTC = 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh';

/** Issue 9's money-race suite, cashier part: concurrent requests never spend or mint twice. */
describe.each(DB_KINDS)('cashier races on %s', (db) => {
  let server: TestServer;
  let admin: string;
  let codes = 0;
  beforeAll(async () => {
    server = await startServer({ db, env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
    admin = await signIn(server, ADMIN.email, ADMIN.password);
  });
  afterEach(async () => {
    expect(await findLedgerMismatches(server.site.ctx.db)).toEqual([]);
  });
  afterAll(() => server?.close());

  const redeem = (token: string, code: string) =>
    server.api<{ error?: string }>('POST', '/api/kinguin/redeem', { code }, token);
  const withdraw = (token: string, body: object) =>
    server.api<{ error?: string }>('POST', '/api/cashier/crypto/withdraw', body, token);

  it('one gift code redeemed ten times at once by one player credits once', async () => {
    const user = await server.newUser();
    const code = `RACE-ONE-${db}-${codes++}`;
    await importCode(server, admin, code, 10);
    const results = await Promise.all(Array.from({ length: 10 }, () => redeem(user.token, code)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200).every((r) => typeof r.body.error === 'string')).toBe(true);
    expect(await balanceOf(server, user.id)).toBe(2_000);
  });

  it('five $100 gift codes redeemed at once stop at the daily deposit limit', async () => {
    const user = await server.newUser();
    const batch = Array.from({ length: 5 }, () => `RACE-MANY-${db}-${codes++}`);
    for (const code of batch) await importCode(server, admin, code, 100);
    const results = await Promise.all(batch.map((code) => redeem(user.token, code)));
    // 200.00 coins each against 500.00 a day
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(await balanceOf(server, user.id)).toBe(40_000);
    const unredeemed = await server.site.ctx.db
      .selectFrom('gift_cards')
      .select('code_hash')
      .where('redeemed_by', 'is', null)
      .where('created_by', 'is not', null)
      .execute();
    expect(unredeemed.length).toBeGreaterThanOrEqual(3);
  });

  it('withdrawals racing over the balance: only what the balance covers is debited', async () => {
    const user = await server.newUser();
    const code = `RACE-WD-${db}-${codes++}`;
    await importCode(server, admin, code, 20);
    expect((await redeem(user.token, code)).status).toBe(200);
    await simulateBet(server, user.id, 4_000, `race-wd-bet-${user.id}`); // playthrough met
    await adminCredit(server, user.id, 4_000, `race-wd-win-${user.id}`); // 40.00 coins to withdraw
    // LTC costs 20.00 + 0.20 fee, Cash App 20.00 (its fee comes out of the amount): two never both fit with a third
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        withdraw(
          user.token,
          i % 2
            ? { currency: 'LTC', address: LTC, amount: 20 }
            : { currency: 'CASH', address: '$RaceUser', amount: 20 },
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(ok.length).toBeLessThanOrEqual(2);
    const rows = await server.site.ctx.db
      .selectFrom('cashier_transactions')
      .select(['site_value', 'fee', 'method'])
      .where('user_id', '=', user.id)
      .where('type', '=', 'withdraw')
      .execute();
    expect(rows).toHaveLength(ok.length);
    const balance = await balanceOf(server, user.id);
    expect(balance).toBeGreaterThanOrEqual(0);
    const debited = 4_000 - balance;
    expect(debited).toBeLessThanOrEqual(4_000);
    expect(debited).toBeGreaterThanOrEqual(2_000);
  });
});
