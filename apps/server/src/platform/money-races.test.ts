import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredit, importCode, simulateBet } from '../economy/cashier/cashier.test-support.ts';
import { ADMIN, adminToken, balanceOf, fund, quickUser } from '../economy/rewards/rewards-test-kit.ts';
import { EVERY_DB, startServer, type TestServer } from '../test-support/server.ts';
import { findLedgerMismatches } from './ledger.ts';

/**
 * Standing check (issue 9): concurrent requests from one account (or several) against a balance or
 * a limit that allows only some of them; each race asserts the exact number that went through, the
 * final balance, that no balance went below zero, and a clean ledger.
 *
 * Races already pinned elsewhere, not repeated here:
 * - coupon: 50 users on a 1-use code, one account twice at once — economy/coupons/coupons.test.ts
 * - affiliate redeem (bonus once), affiliate earnings claim once — economy/affiliates/affiliates.test.ts
 * - rakeback claim (10 at once pay once) — economy/vip/vip.test.ts
 * - faucet (20 at once pay once) — economy/rewards/faucet.test.ts
 * - daily case raced — games/cases/cases.test.ts; case opens with money for one — same file
 * - gift code racing redemptions — economy/cashier/deposits.test.ts
 * - withdrawal cancel by 20 admins, the daily withdrawal limit — economy/cashier/withdrawals.test.ts
 * - limbo bets over one balance — games/games.test.ts; battle seats — games/battles/battles.test.ts
 * - crash/roulette bets racing the close of betting — games/crash/crash.test.ts, games/roulette/roulette.test.ts
 */

const N = 8;
const LTC = 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh';

describe.each(EVERY_DB)('money races on %s', (db) => {
  let server: TestServer;
  let admin: string;
  const ctx = () => server.site.ctx;

  beforeAll(async () => {
    server = await startServer({ db, env: ADMIN });
    admin = await adminToken(server);
  });
  afterAll(() => server?.close());

  async function expectCleanLedger(userIds: number[]) {
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
    const low = await ctx()
      .db.selectFrom('ledger_entries')
      .select((eb) => eb.fn.min('balance_after').as('low'))
      .where('user_id', 'in', userIds)
      .executeTakeFirst();
    expect(Number(low?.low ?? 0)).toBeGreaterThanOrEqual(0);
  }

  /** N sockets of one account fire one event each at the same moment; resolves when all have answered. */
  async function fireTogether(
    ns: string,
    token: string,
    event: string,
    args: unknown[],
    answers: string[],
  ): Promise<Array<{ event: string; args: unknown[] }>> {
    const sockets: Socket[] = await Promise.all(Array.from({ length: N }, () => server.socket(ns, token)));
    const got = sockets.map(
      (s) =>
        new Promise<{ event: string; args: unknown[] }>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no answer to ${event}`)), 15_000);
          for (const name of answers)
            s.once(name, (...a: unknown[]) => {
              clearTimeout(timer);
              resolve({ event: name, args: a });
            });
        }),
    );
    for (const s of sockets) s.emit(event, ...args);
    const out = await Promise.all(got);
    for (const s of sockets) s.disconnect();
    return out;
  }

  const betsOf = (userId: number, game: string) =>
    ctx()
      .db.selectFrom('bets')
      .select(['stake', 'payout'])
      .where('user_id', '=', userId)
      .where('game', '=', game)
      .execute();

  /**
   * Instantly settled games: money for 3 stakes, 8 bets at once at a long shot. Exactly 3 go through
   * when all lose (a win would refill the balance, so then the count follows the rows instead); the
   * balance is what the bet rows say, whatever happened.
   */
  const instant: Array<{
    game: string;
    event: string;
    args: () => Promise<unknown[]>;
    /** the success event, then the error event */
    answers: [string, string];
  }> = [
    {
      game: 'dice',
      event: 'dice:bet',
      args: async () => [{ amount: 1, rangeData: 0.1 }],
      answers: ['dice:result', 'game-creation-error'],
    },
    {
      game: 'limbo',
      event: 'limbo:bet',
      args: async () => [{ amount: 1, multiplier: 1_000 }], // a profit under MAX_PROFIT
      answers: ['limbo:result', 'game-creation-error'],
    },
    {
      game: 'upgrader',
      event: 'upgrader:attempt',
      args: async () => {
        const items = (await server.api<Array<{ id: number; price: number }>>('GET', '/api/upgrader/items'))
          .body;
        const dearest = [...items].sort((a, b) => b.price - a.price)[0];
        return [1, dearest?.id, true];
      },
      answers: ['upgrader:result', 'upgrader:error'],
    },
  ];

  for (const g of instant) {
    it(`${g.game}: ${N} bets at once with money for 3`, async () => {
      const user = await quickUser(ctx());
      await fund(ctx(), user.id, 300);
      const out = await fireTogether(g.game, user.token, g.event, await g.args(), g.answers);
      const bets = await betsOf(user.id, g.game);
      const refused = out.filter((o) => o.event === g.answers[1]);
      expect(bets.length + refused.length).toBe(N);
      for (const r of refused) expect(r.args[0]).toMatch(/balance|slow down|too fast/i);
      if (bets.every((b) => b.payout === 0)) expect(bets).toHaveLength(3);
      const paid = bets.reduce((sum, b) => sum + b.payout - b.stake, 0);
      expect(await balanceOf(ctx(), user.id)).toBe(300 + paid);
      await expectCleanLedger([user.id]);
    });
  }

  it(`mines: ${N} games opened at once: one open game, one stake taken`, async () => {
    const user = await quickUser(ctx());
    await fund(ctx(), user.id, 300);
    const out = await fireTogether(
      'mines',
      user.token,
      'mines:bet',
      [{ amount: 1, minescount: 3 }],
      ['mines:start', 'mines:result'],
    );
    const bets = await betsOf(user.id, 'mines');
    expect(out.filter((o) => o.event === 'mines:start')).toHaveLength(1);
    expect(bets).toHaveLength(1);
    expect(await balanceOf(ctx(), user.id)).toBe(200);
    await expectCleanLedger([user.id]);
  });

  it(`coinflip: ${N} creates at once with money for 3; ${N} cancels of one flip refund once`, async () => {
    const user = await quickUser(ctx());
    await fund(ctx(), user.id, 300);
    const out = await fireTogether(
      'coinflip',
      user.token,
      'coinflip:create',
      [{ amount: 1, side: 'heads' }],
      ['coinflip:created', 'coinflip:error'],
    );
    const created = out.filter((o) => o.event === 'coinflip:created').map((o) => String(o.args[0]));
    expect(created).toHaveLength(3);
    expect(await balanceOf(ctx(), user.id)).toBe(0);
    const cancelled = await fireTogether(
      'coinflip',
      user.token,
      'coinflip:cancel',
      [created[0]],
      ['coinflip:success', 'coinflip:error'],
    ).catch(() => null);
    // the refund lands once, whichever of the eight answers first
    expect(await balanceOf(ctx(), user.id)).toBe(100);
    if (cancelled) expect(cancelled.filter((o) => o.event === 'coinflip:error').length).toBeGreaterThan(0);
    await expectCleanLedger([user.id]);
  });

  it(`withdrawals: ${N} requests at once with money for 2`, async () => {
    const user = await server.newUser();
    await importCode(server, admin, `RACE-WD-${db}`, 20);
    expect(
      (await server.api('POST', '/api/kinguin/redeem', { code: `RACE-WD-${db}` }, user.token)).status,
    ).toBe(200);
    await simulateBet(server, user.id, 4_000, `race-wd-bet-${user.id}`);
    // 40.00 deposited and played through, then 60.40 = two withdrawals of 30.00 + 0.20 network fee
    await adminCredit(server, user.id, 6_040, `race-wd-top-${user.id}`);
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        server.api(
          'POST',
          '/api/cashier/crypto/withdraw',
          { currency: 'LTC', address: LTC, amount: 30 },
          user.token,
        ),
      ),
    );
    expect(
      results.filter((r) => r.status === 200),
      JSON.stringify(results),
    ).toHaveLength(2);
    for (const r of results) expect(r.status).toBeLessThan(500);
    expect(await balanceOf(ctx(), user.id)).toBe(6_040 - 2 * 3_020);
    await expectCleanLedger([user.id]);
  });

  it('coupon: a 3-use code raced by 10 accounts pays exactly 3', async () => {
    const add = await server.api(
      'PUT',
      '/api/external/v1/coupons/add',
      { code: `race3${db}`, uses: 3, payout: 1.5 },
      admin,
    );
    expect(add.status).toBe(200);
    const users = await Promise.all(Array.from({ length: 10 }, () => quickUser(ctx())));
    const results = await Promise.all(
      users.map((u) => server.api('POST', '/api/coupon/redeem', { code: `race3${db}` }, u.token)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    const balances = await Promise.all(users.map((u) => balanceOf(ctx(), u.id)));
    expect(balances.reduce((a, b) => a + b, 0)).toBe(450);
    await expectCleanLedger(users.map((u) => u.id));
  });
});
