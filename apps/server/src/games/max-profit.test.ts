import { minePositions } from '@coinsite/shared/fairness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerMismatches } from '../platform/ledger.ts';
import {
  fundedUser,
  DB_KINDS,
  nextEvent,
  spaced,
  startServer,
  type TestServer,
} from '../test-support/server.ts';

/** Lets the 10 ms spacing rule pass between two emits of one socket. */

/** Issue 9 item 5: MAX_PROFIT bounds what one dice, limbo or mines bet can win (5 coins here). */
describe.each(DB_KINDS)('max profit per bet on %s', (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ db, env: { MAX_PROFIT: '5' } });
  });
  afterAll(async () => {
    if (server) expect(await findLedgerMismatches(server.site.ctx.db)).toEqual([]);
    await server?.close();
  });
  const ctx = () => server.site.ctx;

  const player = (coins: number) => fundedUser(server, coins);
  const balance = async (id: number) =>
    (await ctx().db.selectFrom('users').select('balance').where('id', '=', id).executeTakeFirstOrThrow())
      .balance;
  const betRows = async (id: number) =>
    ctx()
      .db.selectFrom('bets')
      .select(['stake', 'payout', 'multiplier', 'status'])
      .where('user_id', '=', id)
      .execute();

  it('GET /api/site tells the screens the max profit', async () => {
    expect((await server.api<{ maxProfit: number }>('GET', '/api/site')).body.maxProfit).toBe(5);
  });

  it('dice and limbo refuse a bet that could win more, with the sentence, before anything is placed', async () => {
    const u = await player(10);
    const dice = await server.socket('dice', u.token);
    const limbo = await server.socket('limbo', u.token);
    const refused = async (sock: typeof dice, event: string, payload: object) => {
      await spaced();
      const err = nextEvent(sock, 'game-creation-error');
      sock.emit(event, payload);
      return (await err)[0];
    };
    // 0.10 % pays 990x: 1 coin could win 989.00
    expect(await refused(dice, 'dice:bet', { amount: 1, rangeData: 0.1 })).toBe(
      'This bet could win 989.00, above the maximum profit of 5.00 per bet. Lower the amount or the multiplier.',
    );
    // the case: 1,000,000x
    expect(await refused(limbo, 'limbo:bet', { amount: 10, multiplier: 1000000 })).toBe(
      'This bet could win 9,999,990.00, above the maximum profit of 5.00 per bet. Lower the amount or the multiplier.',
    );
    expect(await refused(limbo, 'limbo:bet', { amount: 1, multiplier: 6.01 })).toMatch(
      /could win 5.01, above/,
    );
    expect(await balance(u.id)).toBe(1000);
    expect(await betRows(u.id)).toEqual([]);

    // exactly the max profit is allowed: 1 coin at 6.00x wins 5.00
    await spaced();
    const ok = nextEvent(limbo, 'limbo:result');
    limbo.emit('limbo:bet', { amount: 1, multiplier: 6 });
    await ok;
    expect(await betRows(u.id)).toHaveLength(1);
  });

  it('mines: a game reaching the max profit is cashed out at stake + max profit', async () => {
    const u = await player(10);
    await server.api('GET', '/api/provably-fair/current', undefined, u.token);
    const pair = await ctx()
      .db.selectFrom('seed_pairs')
      .select(['server_seed', 'client_seed', 'nonce'])
      .where('user_id', '=', u.id)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    const mines = minePositions(
      { serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: pair.nonce },
      3,
    );
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((t) => !mines.includes(t));
    const sock = await server.socket('mines', u.token);
    const started = nextEvent(sock, 'mines:start');
    sock.emit('mines:bet', { amount: 5, minescount: 3 });
    await started;
    // 3 mines: 1.9973x after 5 safe tiles (4.98 profit on 5 coins), 2.3498x after the 6th (6.74)
    const profits: number[] = [];
    for (const tile of safe.slice(0, 5)) {
      await spaced();
      const r = nextEvent(sock, 'mines:tileRevealed');
      sock.emit('mines:revealTile', { tileIndex: tile });
      profits.push(((await r)[0] as { profit: number }).profit);
    }
    expect(profits.every((p) => p < 5)).toBe(true);
    await spaced();
    const cashed = nextEvent(sock, 'mines:cashoutSuccess');
    const grid = nextEvent(sock, 'mines:revealAllTiles');
    sock.emit('mines:revealTile', { tileIndex: safe[5] });
    expect((await cashed)[0]).toEqual({ message: 'Cashout successful!', payout: 10 });
    expect(((await grid)[0] as unknown[]).length).toBe(25);
    expect(await balance(u.id)).toBe(1000 - 500 + 1000);
    expect(await betRows(u.id)).toEqual([{ stake: 500, payout: 1000, multiplier: 20000, status: 'settled' }]);
  });
});
