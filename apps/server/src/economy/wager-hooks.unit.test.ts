import { slotRtp } from '@coinsite/shared/fairness';
import { vipLevels } from '@coinsite/shared/vip';
import {
  type CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { betHooks } from '../games/engine/bet-engine.ts';
import { raceEntryStatement } from '../race/race-hooks.ts';
import { loadConfig } from '../platform/config.ts';
import type { Unit } from '../platform/tx.ts';
import { UNITS_PER_CENT, unitsToCents } from './rewards/rewards-account.ts';
import {
  accrueSettled,
  DEFAULT_EDGE_BP,
  gameEdgeBp,
  onWager,
  rakeUnits,
  registerWagerHooks,
  stakeList,
  type Wager,
  wagerStatement,
} from './wager-hooks.ts';

// compiles statements without a database: what a statement is given, not how it is worded
const pg = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const WAGER_AFTER = sql<number>`123456789`;

/** A transaction that records the statements it is given and answers no rows. */
function recordingUnit(): { unit: Unit; queries: CompiledQuery[] } {
  const queries: CompiledQuery[] = [];
  const tx = new Kysely<unknown>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => ({
        async init() {},
        async acquireConnection() {
          return {
            async executeQuery(q: CompiledQuery) {
              queries.push(q);
              return { rows: [] };
            },
            // biome-ignore lint/correctness/useYield: never streamed
            async *streamQuery() {
              throw new Error('not streamed');
            },
          };
        },
        async beginTransaction() {},
        async commitTransaction() {},
        async rollbackTransaction() {},
        async releaseConnection() {},
        async destroy() {},
      }),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { unit: { tx } as unknown as Unit, queries };
}

describe('wager hooks: the house edge of each game', () => {
  it('follows from each game rules (economy.md: rake = stake × edge)', () => {
    // upgrader pays 0.9 × the price at chance amount / price: 10 %
    expect(gameEdgeBp('upgrader')).toBe(1000);
    // crash: 93 · 2^32 / (u + 1), a 7 % edge (fairness.md)
    expect(gameEdgeBp('crash')).toBe(700);
    // roulette: 2× on 7 of 15 slots and 14× on 1 of 15 both return 14/15: edge 1/15
    expect(gameEdgeBp('roulette')).toBe(Math.round(10_000 / 15));
    // no single formula: a documented 5 %
    for (const game of ['coinflip', 'cases', 'battles']) expect(gameEdgeBp(game)).toBe(500);
  });

  it('gives a game without its own edge the default 5 %', () => {
    expect(DEFAULT_EDGE_BP).toBe(500);
    expect(gameEdgeBp('a-game-not-yet-written')).toBe(DEFAULT_EDGE_BP);
    expect(gameEdgeBp('')).toBe(DEFAULT_EDGE_BP);
  });

  it('gives slots the edge of the paytable (1 − its exact return), whatever other games get', () => {
    expect(gameEdgeBp('slots')).toBe(Math.round((1 - slotRtp()) * 10_000));
  });

  it('takes dice, limbo and mines from the config', () => {
    registerWagerHooks(loadConfig({ DICE_EDGE_PCT: '2.5', LIMBO_EDGE_PCT: '3', MINES_EDGE_PCT: '0.5' }));
    expect(gameEdgeBp('dice')).toBe(250);
    expect(gameEdgeBp('limbo')).toBe(300);
    expect(gameEdgeBp('mines')).toBe(50);
    registerWagerHooks(loadConfig({}));
    for (const game of ['dice', 'limbo', 'mines']) expect(gameEdgeBp(game)).toBe(100); // the 1 % default
  });
});

describe('wager hooks: the rake and its shares', () => {
  it('keeps the rake of the smallest bet exact in 1/10,000 cent', () => {
    expect(rakeUnits(1, 100)).toBe(100); // 0.01 at 1 %: 0.0001 coins
    expect(rakeUnits(10_000, 100)).toBe(UNITS_PER_CENT * 100); // 100.00 at 1 %: 1.00
    expect(rakeUnits(12_345, 667)).toBe(8_234_115); // 123.45 at 6.67 %: 0.8234115 coins, nothing rounded
    expect(rakeUnits(500, 0)).toBe(0);
    expect(unitsToCents(rakeUnits(10_000, 1000))).toBe(1_000); // 100.00 at 10 %: 10.00
    expect(unitsToCents(1_999_999)).toBe(199);
  });

  it('the level table stores whole hundredths of a percent', () => {
    for (const l of vipLevels()) {
      const bp = Math.round(l.rakebackPercentage * 100);
      expect(Math.abs(bp - l.rakebackPercentage * 100)).toBeLessThan(1e-6);
    }
  });

  it('owes nothing on a stake that is not a positive whole number of cents', () => {
    for (const stake of [0, -1, -500, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(wagerStatement({ userId: 1, game: 'crash', stake }, WAGER_AFTER)).toBeNull();
    }
  });

  it('owes nothing on a game whose edge is zero', () => {
    registerWagerHooks(loadConfig({ DICE_EDGE_PCT: '0' }));
    try {
      expect(wagerStatement({ userId: 1, game: 'dice', stake: 10_000 }, WAGER_AFTER)).toBeNull();
      expect(wagerStatement({ userId: 1, game: 'limbo', stake: 10_000 }, WAGER_AFTER)).not.toBeNull();
    } finally {
      registerWagerHooks(loadConfig({}));
    }
  });

  it('credits the bettor the rake of stake × edge, the rakeback of the wager after the stake', () => {
    const wager: Wager = { userId: 4242, game: 'crash', stake: 12_345 };
    const q = wagerStatement(wager, WAGER_AFTER)?.compile(pg);
    expect(q).toBeDefined();
    const params = q?.parameters ?? [];
    // the rake is given exactly (12,345 × 700), and so are the referral wager (the stake) and the bettor
    expect(params).toContain(12_345 * 700);
    expect(params).toContain(12_345);
    expect(params).toContain(4242);
    expect(params).toContain(UNITS_PER_CENT);
    // the level is the one the wager reaches with this stake, not before it
    expect(q?.sql).toContain('123456789');
    // it writes the bettor's own row and no other (DESIGN.md §3)
    expect(q?.sql).toMatch(/UPDATE user_rewards/);
    expect(q?.sql).toMatch(/WHERE user_id = \$\d+ AND 123456789 IS NOT NULL\s*$/);
  });

  it('rakes the smallest stake of a low-edge game too (1 cent at 1 %)', () => {
    registerWagerHooks(loadConfig({}));
    const q = wagerStatement({ userId: 7, game: 'dice', stake: 1 }, WAGER_AFTER)?.compile(pg);
    expect(q?.parameters).toContain(100);
  });
});

describe('wager hooks: registration', () => {
  it('registers the rewards hook into the bet engine once however many servers start', () => {
    registerWagerHooks(loadConfig({}));
    const n = betHooks.length;
    registerWagerHooks(loadConfig({}));
    registerWagerHooks(loadConfig({}));
    expect(betHooks.length).toBe(n);
    // a stake also counts toward the weekly race (economy.md "Race"): its entry statement is hooked once
    expect(betHooks.filter((h) => h === raceEntryStatement)).toHaveLength(1);
    // the registered hook is the wager statement: a stake gets its statement, a zero stake none
    const hooked = betHooks.map((h) => h({ userId: 3, game: 'upgrader', stake: 1_000 }, WAGER_AFTER));
    const ours = hooked.filter((s) => s?.compile(pg).sql.includes('user_rewards'));
    expect(ours).toHaveLength(1);
    expect(ours[0]?.compile(pg).parameters).toContain(1_000 * 1000);
    expect(betHooks.every((h) => h({ userId: 3, game: 'upgrader', stake: 0 }, WAGER_AFTER) === null)).toBe(
      true,
    );
  });

  it('lists settled stakes as rows of key, refund key, user and stake, and nothing as null', () => {
    expect(stakeList([])).toBeNull();
    const q = stakeList([
      { userId: 5, stake: 250, stakeKey: 'crash:1:5', refundKey: 'crash:1:5:refund' },
      { userId: 6, stake: 75, stakeKey: 'crash:1:6', refundKey: 'crash:1:6:refund' },
    ])?.compile(pg);
    expect(q?.parameters).toEqual([
      'crash:1:5',
      'crash:1:5:refund',
      5,
      250,
      'crash:1:6',
      'crash:1:6:refund',
      6,
      75,
    ]);
    expect(q?.sql).toMatch(/v\(stake_key, refund_key, user_id, stake\)/);
  });
});

describe('wager hooks: accruing in a transaction', () => {
  it('onWager runs the wager statement with the wager read from the bettor, and nothing for no stake', async () => {
    const { unit, queries } = recordingUnit();
    await onWager(unit, { userId: 9, game: 'crash', stake: 0 });
    expect(queries).toHaveLength(0);
    await onWager(unit, { userId: 9, game: 'crash', stake: 300 });
    expect(queries).toHaveLength(1);
    expect(queries[0]?.parameters).toContain(300 * 700);
    expect(queries[0]?.sql).toMatch(/SELECT wager FROM users WHERE id = \$\d+/);
    expect(queries[0]?.sql).toMatch(/UPDATE user_rewards/);
  });

  it('accrueSettled does nothing without stakes or on a game without an edge', async () => {
    const { unit, queries } = recordingUnit();
    await accrueSettled(unit, 'crash', null);
    registerWagerHooks(loadConfig({ DICE_EDGE_PCT: '0' }));
    try {
      await accrueSettled(unit, 'dice', stakeList([{ userId: 1, stake: 5, stakeKey: 'k', refundKey: 'r' }]));
    } finally {
      registerWagerHooks(loadConfig({}));
    }
    expect(queries).toHaveLength(0);
  });

  it('accrueSettled locks the bettors in user id order, then records each stake once at the game edge', async () => {
    const { unit, queries } = recordingUnit();
    const stakes = stakeList([
      { userId: 6, stake: 75, stakeKey: 'roulette:1:6', refundKey: 'roulette:1:6:refund' },
      { userId: 5, stake: 250, stakeKey: 'roulette:1:5', refundKey: 'roulette:1:5:refund' },
    ]);
    await accrueSettled(unit, 'roulette', stakes);
    expect(queries).toHaveLength(2);
    const [lock, accrue] = queries;
    expect(lock?.sql).toMatch(/ORDER BY user_id FOR UPDATE/);
    expect(lock?.parameters).toEqual(expect.arrayContaining([5, 6, 250, 75]));
    expect(accrue?.parameters).toContain('roulette');
    expect(accrue?.parameters).toContain(gameEdgeBp('roulette'));
    expect(accrue?.parameters).toContain(UNITS_PER_CENT);
    // a stake already accrued is skipped, so a retried settlement cannot accrue twice
    expect(accrue?.sql).toMatch(/ON CONFLICT \(stake_key\) DO NOTHING/);
    expect(accrue?.sql).toMatch(/INSERT INTO rake_accruals/);
    // the stakes just accrued (and only those) are queued for the running race (race-hooks.ts)
    expect(accrue?.sql).toMatch(/race_q AS \(\s*INSERT INTO race_pending/);
    expect(accrue?.sql).toMatch(/FROM a q, races r/);
  });
});
