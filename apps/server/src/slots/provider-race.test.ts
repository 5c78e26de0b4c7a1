import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PpParams, ppSign } from '../integrations/pragmatic/protocol.ts';
import { checkLedger } from '../platform/ledger.ts';
import { inTransaction } from '../platform/tx.ts';
import { EVERY_DB, startServer, type TestServer } from '../test-support/server.ts';
import { slotsOf } from './slots.module.ts';

/**
 * The standing check of issue 26 item 1 (the provider race): for each reference the provider's
 * `bet`, its `refund` and its round's `result` are sent at once, in a shuffled order (fast-check
 * draws the order's seed, so either call of a pair may go first), each one several times. Afterwards
 * every acknowledged refund moved money (or its bet never took money and is refused now), the
 * balance is the start less the stakes that stand plus the wins paid, a replay of every call answers
 * what it answered the first time and moves nothing, and the ledger check is clean.
 */

const START = 1_000_000;
const GAME = 'vs20doghouse';
const REFS_PER_RUN = 15;

interface Plan {
  stake: number;
  /** the round's result (its win), or none */
  win: number | null;
  betCopies: number;
  refundCopies: number;
  resultCopies: number;
  /** the provider also closes the round (endRound), sent with the rest */
  endRound: boolean;
}

type Answer = { error: number; description?: string } & Record<string, unknown>;
type Call = { ref: number; method: 'bet' | 'refund' | 'result' | 'endRound'; params: PpParams };

/** A small seeded PRNG (mulberry32) for the order of the calls. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], seed: number): T[] {
  const out = [...items];
  const next = rng(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

describe.each(EVERY_DB)('provider race (%s)', (db) => {
  let server: TestServer;
  let run = 0;
  beforeAll(async () => {
    server = await startServer({ db });
  });
  afterAll(async () => {
    await server.close();
  });

  const ctx = () => server.site.ctx;

  async function call(method: string, params: PpParams): Promise<Answer> {
    const res = await fetch(`${server.url}/api/callbacks/pragmatic/${method}.html`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(
        ppSign({ providerId: 'PragmaticPlay', ...params }, slotsOf(ctx()).secret),
      ).toString(),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Answer;
  }

  const cents = (n: number) => (n / 100).toFixed(2);

  const plan = fc.record({
    stake: fc.integer({ min: 0, max: 5_000 }),
    win: fc.option(fc.integer({ min: 0, max: 9_000 }), { nil: null, freq: 3 }),
    betCopies: fc.integer({ min: 1, max: 3 }),
    refundCopies: fc.integer({ min: 1, max: 3 }),
    resultCopies: fc.integer({ min: 1, max: 2 }),
    endRound: fc.boolean(),
  });

  it('every acknowledged refund moved money; balance = start − stakes that stand + wins', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(plan, { minLength: REFS_PER_RUN, maxLength: REFS_PER_RUN }),
        fc.integer(),
        async (plans: Plan[], seed: number) => {
          const u = await server.newUser();
          await inTransaction(ctx().db, (unit) =>
            ctx().wallet.apply(unit, {
              userId: u.id,
              delta: START,
              kind: 'admin',
              idempotencyKey: `race:${u.id}`,
            }),
          );
          const launched = await server.api<{ launch_url: string }>(
            'POST',
            '/api/mm2/launch-game',
            { game_code: GAME },
            u.token,
          );
          const token = launched.body.launch_url.split('/').pop() as string;
          const id = `race${run++}u${u.id}`;
          const ref = (k: number) => `${id}b${k}`;
          const round = (k: number) => `${id}r${k}`;
          const calls: Call[] = [];
          plans.forEach((p, k) => {
            const user = { userId: String(u.id), timestamp: '1' };
            const bet: PpParams = {
              ...user,
              gameId: GAME,
              roundId: round(k),
              reference: ref(k),
              amount: cents(p.stake),
              token,
              roundDetails: 'spin',
            };
            const refund: PpParams = { ...user, reference: ref(k), roundId: round(k), gameId: GAME };
            for (let c = 0; c < p.betCopies; c++) calls.push({ ref: k, method: 'bet', params: bet });
            for (let c = 0; c < p.refundCopies; c++) calls.push({ ref: k, method: 'refund', params: refund });
            if (p.win !== null) {
              const result: PpParams = {
                ...user,
                gameId: GAME,
                roundId: round(k),
                reference: `${id}w${k}`,
                amount: cents(p.win),
              };
              for (let c = 0; c < p.resultCopies; c++)
                calls.push({ ref: k, method: 'result', params: result });
            }
            if (p.endRound)
              calls.push({
                ref: k,
                method: 'endRound',
                params: { ...user, gameId: GAME, roundId: round(k) },
              });
          });
          const order = shuffle(calls, seed);
          // both orders in every run, whatever the seed: reference 0's refund goes out before its
          // bet, reference 1's bet before its refund (the others as the shuffle fell)
          for (const [k, early, late] of [
            [0, 'refund', 'bet'],
            [1, 'bet', 'refund'],
          ] as const) {
            const e = order.findIndex((c) => c.ref === k && c.method === early);
            const l = order.findIndex((c) => c.ref === k && c.method === late);
            if (l < e) [order[e], order[l]] = [order[l] as Call, order[e] as Call];
          }
          const answers = await Promise.all(order.map((c) => call(c.method, c.params)));

          const violations: string[] = [];
          const first = new Map<string, Answer>();
          order.forEach((c, i) => {
            const key = `${c.method}:${c.ref}`;
            const a = answers[i] as Answer;
            const seen = first.get(key);
            if (!seen) first.set(key, a);
            else if (seen.error !== a.error)
              violations.push(`${key}: copies answered ${seen.error} and ${a.error}`);
          });

          const ledger = await ctx()
            .db.selectFrom('ledger_entries')
            .select(['idempotency_key', 'delta'])
            .where('user_id', '=', u.id)
            .execute();
          const moved = new Map(ledger.map((l) => [l.idempotency_key, Number(l.delta)]));
          let expected = START;
          plans.forEach((p, k) => {
            const bet = first.get(`bet:${k}`) as Answer;
            const refund = first.get(`refund:${k}`) as Answer;
            const result = first.get(`result:${k}`);
            const took = moved.get(`slots:bet:${ref(k)}`);
            const gave = moved.get(`slots:refund:${ref(k)}`);
            if (bet.error === 0) {
              if (p.stake > 0 && took !== -p.stake)
                violations.push(`ref ${k}: bet acknowledged, ledger took ${took}`);
            } else {
              if (bet.error !== 3)
                violations.push(`ref ${k}: bet refused with ${bet.error} ${bet.description}`);
              if (took !== undefined) violations.push(`ref ${k}: bet refused yet took ${took}`);
            }
            let refunded = false;
            if (refund.error === 0) {
              if (took !== undefined) {
                if (gave !== p.stake)
                  violations.push(
                    `ref ${k}: refund acknowledged after its bet took ${-took}, gave ${gave ?? 0}`,
                  );
                else refunded = true;
              } else if (bet.error === 0 && p.stake > 0)
                violations.push(`ref ${k}: refund acknowledged, bet acknowledged, no stake in the ledger`);
              else if (bet.error === 0 && p.stake === 0) refunded = true;
              else if (bet.error !== 3)
                violations.push(
                  `ref ${k}: refund of a bet that never took money, yet the bet was not refused`,
                );
            } else {
              // only a settled round refuses a refund: settled by its result or its endRound
              if (refund.error !== 120 || (result?.error !== 0 && !p.endRound))
                violations.push(`ref ${k}: refund refused with ${refund.error} (result ${result?.error})`);
              if (gave !== undefined) violations.push(`ref ${k}: refund refused yet gave ${gave}`);
            }
            if (bet.error === 0 && !refunded) expected -= p.stake;
            const ended = first.get(`endRound:${k}`);
            if (ended && ended.error !== 0) violations.push(`ref ${k}: endRound answered ${ended.error}`);
            if (result?.error === 0) expected += p.win ?? 0;
            else if (result) violations.push(`ref ${k}: result refused with ${result.error}`);
          });
          const balanceOf = async () =>
            (
              await ctx()
                .db.selectFrom('users')
                .select('balance')
                .where('id', '=', u.id)
                .executeTakeFirstOrThrow()
            ).balance;
          const balance = await balanceOf();
          if (balance !== expected)
            violations.push(`balance ${balance}, expected ${expected} (start − stakes that stand + wins)`);

          // the provider retries: each call once more, one after another, answers the same and moves nothing
          for (const c of calls.filter((c, i) => calls.findIndex((d) => d.params === c.params) === i)) {
            const again = await call(c.method, c.params);
            const was = first.get(`${c.method}:${c.ref}`) as Answer;
            if (again.error !== was.error)
              violations.push(`${c.method}:${c.ref}: replay answered ${again.error}, first ${was.error}`);
          }
          if ((await balanceOf()) !== balance) violations.push('the replays moved money');
          const check = await checkLedger(ctx().db);
          if (check.mismatches.length > 0 || check.rake.length > 0)
            violations.push(
              `ledger:check: ${JSON.stringify(check.mismatches)} ${JSON.stringify(check.rake)}`,
            );
          expect(violations).toEqual([]);
        },
      ),
      { numRuns: 4, endOnFailure: true },
    );
  }, 240_000);
});
