import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betHooks, groupHooksOf } from '../games/engine/bet-engine.ts';
import { seedCacheOf } from '../games/fairness/seeds.service.ts';
import { DB_KINDS, startServer, type TestServer } from '../test-support/server.ts';
import { findLedgerMismatches } from './ledger.ts';
import { inTransaction } from './tx.ts';
import {
  applyBetGroup,
  type BetRecord,
  createWallet,
  preparedStatements,
  StaleSeedError,
  type Wallet,
} from './wallet.ts';

/**
 * Issue 18 item 4: the group commit of instant bets (wallet.ts createBetBatcher / applyBetGroup).
 * Bets go straight to a wallet built over the test server's database, so the groups are known: every
 * bet handed over in one event-loop turn leaves in one statement while nothing is in flight.
 */
/** arr[i], which the test knows is there. */
function at<T>(arr: readonly T[], i: number): T {
  const v = arr[i];
  if (v === undefined) throw new Error(`nothing at ${i}`);
  return v;
}

describe.each(DB_KINDS)('bet groups on %s', (db) => {
  let server: TestServer;
  const ctx = () => server.site.ctx;
  let groups: number[] = [];
  let wallet: Wallet;

  beforeAll(async () => {
    server = await startServer({ db });
    wallet = createWallet(ctx().realtime, ctx().database, {
      maxGroup: 64,
      maxInFlight: 1,
      onGroup: (n) => groups.push(n),
    });
  });
  afterAll(() => server?.close());

  const balanceOf = async (userId: number) =>
    (await ctx().db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow())
      .balance;
  let keys = 0;
  /** Sets a balance through the wallet (an admin movement with its ledger row). */
  const setBalance = async (userId: number, cents: number) => {
    const delta = cents - (await balanceOf(userId));
    if (delta !== 0)
      await inTransaction(ctx().db, (unit) =>
        ctx().wallet.apply(unit, { userId, delta, kind: 'admin', idempotencyKey: `set:${userId}:${keys++}` }),
      );
  };
  const seeds = (userId: number) => seedCacheOf(ctx()).get(ctx().db, userId);
  const nonceOf = async (pairId: number) =>
    (
      await ctx()
        .db.selectFrom('seed_pairs')
        .select('nonce')
        .where('id', '=', pairId)
        .executeTakeFirstOrThrow()
    ).nonce;
  /** A dice bet record as the bet engine builds it (with the registered hooks: rakeback, race). */
  const betOf = (
    userId: number,
    s: { pairId: number; nonce: number },
    stake: number,
    payout: number,
    perBetHooks = false,
  ): BetRecord => ({
    userId,
    game: 'dice',
    stake,
    payout,
    multiplier: payout > 0 ? Math.round((payout / stake) * 10_000) : 0,
    status: 'settled',
    // quotes, a backslash and a non-ASCII letter cross the statement's array parameters intact
    outcome: { roll: 42, note: 'a "q" \\ é {x,y}' },
    seedPairId: s.pairId,
    nonce: s.nonce,
    hooks: betHooks.flatMap(
      (h) => h({ userId, game: 'dice', stake }, sql<number>`(SELECT wager FROM u)`) ?? [],
    ),
    groupHooks: perBetHooks ? undefined : groupHooksOf({ userId, game: 'dice', stake }),
  });
  const rewardsOf = async (userId: number) =>
    (
      await ctx()
        .db.selectFrom('user_rewards')
        .select('rakeback_units')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).rakeback_units;

  it('one statement settles a group; each refused bet refuses only itself and leaves no trace', async () => {
    const users = await Promise.all(Array.from({ length: 7 }, () => server.newUser()));
    const [good1, good2, good3, poor, stale, limited, excluded] = users.map((u) => u.id) as number[];
    for (const id of [good1, good2, good3, stale, limited] as number[]) await setBalance(id, 10_000);
    await setBalance(poor as number, 50);
    // a daily loss limit the stake would pass, and a self-exclusion on an empty account
    await sql`INSERT INTO rg_state (user_id, loss_day) VALUES (${limited}, 150)`.execute(ctx().db);
    await sql`INSERT INTO rg_state (user_id, blocked_until, block_kind)
      VALUES (${excluded}, now() + interval '1 day', 'self_exclusion')`.execute(ctx().db);
    const s = await Promise.all(users.map((u) => seeds(u.id)));
    const rewardsBefore = await Promise.all(users.map((u) => rewardsOf(u.id)));

    groups = [];
    const bets = [
      betOf(good1 as number, at(s, 0), 1_000, 0),
      betOf(good2 as number, at(s, 1), 1_000, 2_500),
      betOf(good3 as number, at(s, 2), 500, 500),
      betOf(poor as number, at(s, 3), 100, 10_000),
      betOf(stale as number, { ...at(s, 4), nonce: at(s, 4).nonce + 3 }, 100, 0),
      betOf(limited as number, at(s, 5), 200, 0),
      betOf(excluded as number, at(s, 6), 100, 0),
    ];
    const results = await Promise.allSettled(bets.map((b) => wallet.bet(b)));
    expect(groups).toEqual([7]);

    const [r1, r2, r3, rPoor, rStale, rLimited, rExcluded] = results;
    expect(r1).toMatchObject({ status: 'fulfilled', value: { balance: 9_000 } });
    expect(r2).toMatchObject({ status: 'fulfilled', value: { balance: 11_500 } });
    expect(r3).toMatchObject({ status: 'fulfilled', value: { balance: 10_000 } });
    expect(rPoor).toMatchObject({ status: 'rejected', reason: { code: 'insufficient_balance' } });
    expect(rStale?.status === 'rejected' && rStale.reason instanceof StaleSeedError).toBe(true);
    expect(rLimited).toMatchObject({ status: 'rejected', reason: { extra: { limit: 'loss_day' } } });
    expect(rExcluded).toMatchObject({ status: 'rejected', reason: { extra: { limit: 'self_exclusion' } } });

    // the paid bets: their rows, two ledger rows (bet, win) each where the win is not zero, nonce taken
    for (const [k, id] of [good1, good2, good3].entries()) {
      const r = results[k] as PromiseFulfilledResult<{ betId: number }>;
      const bet = await ctx()
        .db.selectFrom('bets')
        .selectAll()
        .where('id', '=', r.value.betId)
        .executeTakeFirstOrThrow();
      expect(bet).toMatchObject({
        user_id: id,
        stake: at(bets, k).stake,
        payout: at(bets, k).payout,
        nonce: at(s, k).nonce,
        outcome: { roll: 42, note: 'a "q" \\ é {x,y}' },
      });
      const ledger = await ctx()
        .db.selectFrom('ledger_entries')
        .select(['delta', 'kind', 'idempotency_key'])
        .where('ref', '=', String(r.value.betId))
        .orderBy('id')
        .execute();
      expect(ledger).toEqual(
        [
          { delta: -at(bets, k).stake, kind: 'bet', idempotency_key: `bet:${r.value.betId}` },
          { delta: at(bets, k).payout, kind: 'win', idempotency_key: `win:${r.value.betId}` },
        ].filter((row) => row.delta !== 0),
      );
      expect(await nonceOf(at(s, k).pairId)).toBe(at(s, k).nonce + 1);
      // the hooks ran for the paid bets (rakeback grows with the stake)
      expect(await rewardsOf(id as number)).toBeGreaterThan(at(rewardsBefore, k));
    }
    // the refused bets: no bet row, no ledger row, no nonce, no rakeback, no limit counted
    for (const k of [3, 4, 5, 6]) {
      const id = at(users, k).id;
      expect(await ctx().db.selectFrom('bets').select('id').where('user_id', '=', id).execute()).toEqual([]);
      const kinds = await ctx()
        .db.selectFrom('ledger_entries')
        .select('kind')
        .where('user_id', '=', id)
        .execute();
      expect(kinds.every((row) => row.kind === 'admin')).toBe(true);
      expect(await nonceOf(at(s, k).pairId)).toBe(at(s, k).nonce);
      expect(await rewardsOf(id)).toBe(rewardsBefore[k]);
    }
    expect(await balanceOf(poor as number)).toBe(50);
    const rg = await sql<{ day_loss: number; day_wager: number }>`
      SELECT day_loss, day_wager FROM rg_state WHERE user_id = ${limited}`.execute(ctx().db);
    expect(rg.rows[0]).toEqual({ day_loss: 0, day_wager: 0 });
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);

    // within the limit, the same player's bet goes through and counts
    groups = [];
    const [again, other] = await Promise.all([
      wallet.bet(betOf(limited as number, at(s, 5), 100, 0)),
      wallet.bet(betOf(good1 as number, { ...at(s, 0), nonce: at(s, 0).nonce + 1 }, 100, 0)),
    ]);
    expect(groups).toEqual([2]);
    expect(again.balance).toBe(9_900);
    expect(other.balance).toBe(8_900);
    const rg2 = await sql<{ day_loss: number; day_wager: number }>`
      SELECT day_loss, day_wager FROM rg_state WHERE user_id = ${limited}`.execute(ctx().db);
    expect(rg2.rows[0]).toEqual({ day_loss: 100, day_wager: 100 });
  });

  it('the set-based hooks of a group write what the per-bet hook statements write', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => server.newUser()));
    const [referrer, grouped, perBet, alone] = users.map((u) => u.id) as number[];
    await sql`UPDATE user_rewards SET referrer_id = ${referrer} WHERE user_id IN (${grouped}, ${perBet}, ${alone})`.execute(
      ctx().db,
    );
    await sql`INSERT INTO races (prize, status, starts_at, ends_at, created_at)
      VALUES (1000, 'active', 0, 9000000000000, 0) ON CONFLICT DO NOTHING`.execute(ctx().db);
    for (const id of [grouped, perBet, alone] as number[]) await setBalance(id, 100_000);
    const s = await Promise.all(users.map((u) => seeds(u.id)));
    const stateOf = async (id: number) => ({
      rewards: await ctx()
        .db.selectFrom('user_rewards')
        .select(['rakeback_units', 'referral_units', 'referral_wager'])
        .where('user_id', '=', id)
        .executeTakeFirstOrThrow(),
      race: (
        await sql<{ value: number }>`SELECT e.value FROM race_entries e JOIN races r ON r.id = e.race_id
          WHERE r.status = 'active' AND e.user_id = ${id}`.execute(ctx().db)
      ).rows,
    });
    groups = [];
    await Promise.all([
      wallet.bet(betOf(grouped as number, at(s, 1), 54_321, 0)),
      wallet.bet(betOf(perBet as number, at(s, 2), 54_321, 0, true)),
    ]);
    expect(groups).toEqual([2]);
    await wallet.bet(betOf(alone as number, at(s, 3), 54_321, 0));
    const want = await stateOf(alone as number);
    expect(want.rewards.rakeback_units).toBeGreaterThan(0);
    expect(want.rewards.referral_units).toBeGreaterThan(0);
    expect(want.race).toEqual([{ value: 54_321 }]);
    expect(await stateOf(grouped as number)).toEqual(want);
    expect(await stateOf(perBet as number)).toEqual(want);
  });

  it('a group never holds two bets of one player: the later one waits for the earlier, in order', async () => {
    const [a, b] = await Promise.all([server.newUser(), server.newUser()]);
    await setBalance(a.id, 1_000);
    await setBalance(b.id, 1_000);
    const sa = await seeds(a.id);
    const sb = await seeds(b.id);
    groups = [];
    // three bets of a at consecutive nonces handed over at once, with one of b
    const out = await Promise.all([
      wallet.bet(betOf(a.id, sa, 100, 0)),
      wallet.bet(betOf(a.id, { ...sa, nonce: sa.nonce + 1 }, 100, 300)),
      wallet.bet(betOf(b.id, sb, 100, 0)),
      wallet.bet(betOf(a.id, { ...sa, nonce: sa.nonce + 2 }, 100, 0)),
    ]);
    expect(groups).toEqual([2, 1, 1]);
    expect(out.map((r) => r.balance)).toEqual([900, 1_100, 900, 1_000]);
    expect(await nonceOf(sa.pairId)).toBe(sa.nonce + 3);
    // the statement itself refuses a group with two bets of one player
    await expect(
      applyBetGroup(preparedStatements(ctx().database), [betOf(b.id, sb, 1, 0), betOf(b.id, sb, 1, 0)]),
    ).rejects.toThrow('two bets of user');
  });

  it('a group that fails as a whole is retried bet by bet: the error reaches only its bet', async () => {
    const users = await Promise.all(Array.from({ length: 3 }, () => server.newUser()));
    for (const u of users) await setBalance(u.id, 1_000);
    const s = await Promise.all(users.map((u) => seeds(u.id)));
    // the middle player already has an open mines game: a second open one breaks a unique index
    const mines = (k: number, nonce: number): BetRecord => ({
      ...betOf(at(users, k).id, { ...at(s, k), nonce }, 100, 0),
      game: 'mines',
      status: 'open',
    });
    await wallet.bet(mines(1, at(s, 1).nonce));
    groups = [];
    const results = await Promise.allSettled([
      wallet.bet(betOf(at(users, 0).id, at(s, 0), 100, 0)),
      wallet.bet(mines(1, at(s, 1).nonce + 1)),
      wallet.bet(betOf(at(users, 2).id, at(s, 2), 100, 50)),
    ]);
    expect(groups).toEqual([3]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await balanceOf(at(users, 0).id)).toBe(900);
    expect(await balanceOf(at(users, 1).id)).toBe(900);
    expect(await balanceOf(at(users, 2).id)).toBe(950);
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
  });

  it('property: parallel bets of many players with random balances never overdraw; ledger = balances', async () => {
    const players = await Promise.all(Array.from({ length: 12 }, () => server.newUser()));
    const ids = players.map((p) => p.id);
    const betArb = fc.record({
      stake: fc.integer({ min: 1, max: 600 }),
      payout: fc.integer({ min: 0, max: 1_200 }),
    });
    const scenario = fc.array(
      fc.record({
        balance: fc.integer({ min: 0, max: 1_500 }),
        bets: fc.array(betArb, { minLength: 1, maxLength: 4 }),
      }),
      { minLength: ids.length, maxLength: ids.length },
    );
    const sizes: number[] = [];
    await fc.assert(
      fc.asyncProperty(scenario, async (plan) => {
        for (const [k, p] of plan.entries()) await setBalance(at(ids, k), p.balance);
        const start = await Promise.all(ids.map((id) => seeds(id)));
        // the model: one player's bets apply in order; a refused bet takes no nonce, so the player's
        // later bets (derived at the next nonces) are stale
        const expected = plan.map((p) => {
          let balance = p.balance;
          let taken = 0;
          const outcome = p.bets.map((b, i) => {
            if (i !== taken) return 'stale';
            if (balance < b.stake) return 'insufficient_balance';
            balance += b.payout - b.stake;
            taken++;
            return 'ok';
          });
          return { balance, taken, outcome };
        });
        groups = [];
        // every bet of every player handed over in the same turn
        const results = await Promise.allSettled(
          plan.flatMap((p, k) =>
            p.bets.map((b, i) =>
              wallet.bet(
                betOf(at(ids, k), { ...at(start, k), nonce: at(start, k).nonce + i }, b.stake, b.payout),
              ),
            ),
          ),
        );
        sizes.push(...groups);
        let next = 0;
        for (const [k, p] of plan.entries()) {
          const got = p.bets.map(() => {
            const r = at(results, next++);
            if (r.status === 'fulfilled') return 'ok';
            if (r.reason instanceof StaleSeedError) return 'stale';
            return (r.reason as { code?: string }).code;
          });
          expect(got).toEqual(at(expected, k).outcome);
          expect(await balanceOf(at(ids, k))).toBe(at(expected, k).balance);
          expect(await nonceOf(at(start, k).pairId)).toBe(at(start, k).nonce + at(expected, k).taken);
          seedCacheOf(ctx()).forget(at(ids, k));
        }
        expect(await findLedgerMismatches(ctx().db)).toEqual([]);
        const low = await ctx()
          .db.selectFrom('ledger_entries')
          .select((eb) => eb.fn.min('balance_after').as('low'))
          .where('user_id', 'in', ids)
          .executeTakeFirst();
        expect(Number(low?.low ?? 0)).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 15 },
    );
    // the groups really held several players' bets
    expect(Math.max(...sizes)).toBeGreaterThan(1);
  });
});
