import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ppSign } from '../integrations/pragmatic/protocol.ts';
import { findLedgerMismatches } from '../platform/ledger.ts';
import { inTransaction } from '../platform/tx.ts';
import { startServer, type TestServer } from '../test-support/server.ts';
import { slotsOf } from './slots.module.ts';

type Op =
  | { kind: 'bet'; ref: number; round: number; cents: number }
  | { kind: 'result'; ref: number; round: number; cents: number }
  | { kind: 'refund'; ref: number };

/**
 * Any sequence of the provider's bet, result and refund calls (references repeat, so calls are
 * replayed with the same or other parameters) moves the balance exactly as a simple model says, and
 * never below zero.
 */
describe('seamless wallet against a model', () => {
  let server: TestServer;
  let run = 0;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  async function call(method: string, params: Record<string, string>) {
    const res = await fetch(`${server.url}/api/callbacks/pragmatic/${method}.html`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(
        ppSign({ providerId: 'PragmaticPlay', ...params }, slotsOf(server.site.ctx).secret),
      ).toString(),
    });
    return (await res.json()) as { error: number };
  }

  const op = fc.oneof(
    fc.record({
      kind: fc.constant('bet' as const),
      ref: fc.integer({ min: 1, max: 4 }),
      round: fc.integer({ min: 1, max: 3 }),
      cents: fc.integer({ min: 1, max: 700 }),
    }),
    fc.record({
      kind: fc.constant('result' as const),
      ref: fc.integer({ min: 1, max: 3 }),
      round: fc.integer({ min: 1, max: 3 }),
      cents: fc.integer({ min: 0, max: 400 }),
    }),
    fc.record({ kind: fc.constant('refund' as const), ref: fc.integer({ min: 1, max: 4 }) }),
  );

  it('moves money as the model does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops: Op[]) => {
        const u = await server.newUser();
        const ctx = server.site.ctx;
        await inTransaction(ctx.db, (unit) =>
          ctx.wallet.apply(unit, { userId: u.id, delta: 1000, kind: 'admin', idempotencyKey: `m:${u.id}` }),
        );
        await server.api('POST', '/api/mm2/launch-game', { game_code: 'vs20doghouse' }, u.token);
        const id = `m${run++}x${u.id}`;
        let balance = 1000;
        const bets = new Map<number, { round: number; cents: number; refunded: boolean }>();
        const results = new Set<number>();
        const refunds = new Set<number>();
        const settled = new Set<number>();
        for (const o of ops) {
          const base = { userId: String(u.id), gameId: 'vs20doghouse', timestamp: '1' };
          if (o.kind === 'bet') {
            const answer = await call('bet', {
              ...base,
              roundId: `${id}r${o.round}`,
              reference: `${id}b${o.ref}`,
              amount: (o.cents / 100).toFixed(2),
            });
            if (bets.has(o.ref)) expect(answer.error).toBe(0);
            else if (refunds.has(o.ref)) expect(answer.error).toBe(3);
            else if (o.cents > balance) expect(answer.error).toBe(1);
            else {
              expect(answer.error).toBe(0);
              balance -= o.cents;
              bets.set(o.ref, { round: o.round, cents: o.cents, refunded: false });
            }
          } else if (o.kind === 'result') {
            const answer = await call('result', {
              ...base,
              roundId: `${id}r${o.round}`,
              reference: `${id}w${o.ref}`,
              amount: (o.cents / 100).toFixed(2),
            });
            expect(answer.error).toBe(0);
            if (!results.has(o.ref)) {
              results.add(o.ref);
              balance += o.cents;
              settled.add(o.round);
            }
          } else {
            const answer = await call('refund', { userId: String(u.id), reference: `${id}b${o.ref}` });
            const bet = bets.get(o.ref);
            if (refunds.has(o.ref)) expect(answer.error).toBe(0);
            else if (!bet) {
              expect(answer.error).toBe(0);
              refunds.add(o.ref);
            } else if (settled.has(bet.round)) expect(answer.error).toBe(120);
            else {
              expect(answer.error).toBe(0);
              refunds.add(o.ref);
              bet.refunded = true;
              balance += bet.cents;
            }
          }
          const row = await ctx.db
            .selectFrom('users')
            .select('balance')
            .where('id', '=', u.id)
            .executeTakeFirstOrThrow();
          expect(row.balance).toBe(balance);
          expect(row.balance).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 12 },
    );
    expect(await findLedgerMismatches(server.site.ctx.db)).toEqual([]);
  });
});
