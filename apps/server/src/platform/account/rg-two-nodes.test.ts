import type { Socket } from 'socket.io-client';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { nextEvent, type TestServer, useTwoNodes, twoNodesEnabled } from '../../test-support/server.ts';
import { findLedgerMismatches } from '../ledger.ts';
import { inTransaction } from '../tx.ts';

/**
 * Issue 16's guard when one player with limits plays from two nodes at once. On one node a player's
 * bets queue in the bet groups; across nodes they meet only in PostgreSQL, where every money
 * statement takes the player's `rg_state` row and `users` row. Instant bets (the one-statement path
 * with its group retry), round-game stakes and wins (wallet.apply) race from both nodes: the wager
 * limit must let exactly its worth through, nothing may fail for any other reason, and PostgreSQL
 * must count no deadlock (the transactions retry one silently, so only its counter would show a
 * lock-order fault).
 */
describe.runIf(twoNodesEnabled)('responsible gaming with one player on two nodes', () => {
  const nodes = useTwoNodes();

  it('a daily wager limit lets exactly its worth through; every other answer is the limit', async () => {
    const { a, b } = nodes;
    const user = await a.newUser();
    const db = a.site.ctx.db;
    await inTransaction(db, (unit) =>
      a.site.ctx.wallet.apply(unit, {
        userId: user.id,
        delta: 100_00,
        kind: 'admin',
        idempotencyKey: `rg2-fund:${user.id}`,
      }),
    );
    // 8 coins a day at 0.10 a stake: 80 stakes fit, whatever the wins
    const set = await a.api(
      'POST',
      '/api/account/limits',
      { kind: 'wager', period: 'day', amount: 8 },
      user.token,
    );
    expect(set.status).toBe(200);

    const TABS = 60; // per node, one instant bet each (a socket may bet every 10 ms)
    const ROUND = 20; // round-game stakes per node
    const WINS = 10; // wins paid per node meanwhile
    const tabs: Socket[] = (
      await Promise.all(
        [a, b].map((node) =>
          Promise.all(Array.from({ length: TABS }, () => node.socket('limbo', user.token))),
        ),
      )
    ).flat();

    const instant = tabs.map((s) => {
      const answer = Promise.race([nextEvent(s, 'limbo:result'), nextEvent(s, 'game-creation-error')]);
      s.emit('limbo:bet', { amount: 0.1, multiplier: 2 });
      return answer;
    });
    // from the first instant answer on, spread over the time the instant bets take (one player's
    // bets queue on each node), so that the two paths overlap
    const firstAnswer = Promise.race(instant);
    const apply = (node: TestServer, delta: number, kind: 'bet' | 'win', key: string, afterMs: number) =>
      firstAnswer
        .then(() => new Promise((r) => setTimeout(r, afterMs)))
        .then(() =>
          inTransaction(node.site.ctx.db, (unit) =>
            node.site.ctx.wallet.apply(unit, {
              userId: user.id,
              delta,
              kind,
              wager: kind === 'bet' ? -delta : undefined,
              idempotencyKey: key,
            }),
          ),
        )
        .then(
          () => 'ok',
          (e: { extra?: { limit?: string }; message?: string }) => e.extra?.limit ?? `error: ${e.message}`,
        );
    const both = [a, b];
    const stakes = both.flatMap((node, n) =>
      Array.from({ length: ROUND }, (_, i) => apply(node, -10, 'bet', `rg2-stake:${n}:${i}`, 6 * i)),
    );
    const wins = both.flatMap((node, n) =>
      Array.from({ length: WINS }, (_, i) => apply(node, 7, 'win', `rg2-win:${n}:${i}`, 20 * i)),
    );

    const answers = await Promise.all(instant);
    const staked = await Promise.all(stakes);
    expect(await Promise.all(wins)).toEqual(Array(2 * WINS).fill('ok'));
    for (const s of tabs) s.disconnect();

    const refusedInstant = answers
      .filter((args) => typeof args[0] === 'string')
      .map((args) => String(args[0]));
    for (const text of refusedInstant) expect(text).toBe('This bet would pass your daily wager limit.');
    for (const r of staked) expect(['ok', 'wager_day']).toContain(r);

    const instantPlaced = answers.length - refusedInstant.length;
    const roundPlaced = staked.filter((r) => r === 'ok').length;
    expect(instantPlaced + roundPlaced).toBe(80);
    const rg = await sql<{ day_wager: number }>`
      SELECT day_wager FROM rg_state WHERE user_id = ${user.id}`.execute(db);
    expect(rg.rows[0]?.day_wager).toBe(8_00);
    const bets = await db.selectFrom('bets').select('id').where('user_id', '=', user.id).execute();
    expect(bets).toHaveLength(instantPlaced);
    expect(await findLedgerMismatches(db)).toEqual([]);

    // and no deadlock was met and silently retried: PostgreSQL counts them per database, and a
    // backend reports its count when it ends, so the nodes close first
    await nodes.stopNodes();
    const check = new pg.Client({ connectionString: nodes.url });
    await check.connect();
    try {
      await vi.waitFor(
        async () => {
          const { rows } = await check.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
          );
          expect(rows[0]?.n).toBe(0);
        },
        { timeout: 10_000, interval: 100 },
      );
      const { rows } = await check.query<{ deadlocks: number }>(
        'SELECT deadlocks::int FROM pg_stat_database WHERE datname = current_database()',
      );
      expect(rows[0]?.deadlocks).toBe(0);
    } finally {
      await check.end();
    }
  });
});
