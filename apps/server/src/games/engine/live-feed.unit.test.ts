import type { BetView } from '@coinsite/shared';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Ctx } from '../../platform/context.ts';
import {
  LIVE_BETS_EVENT,
  LIVE_FEED_FLUSH_MS,
  newestPerGame,
  publishBet,
  publishRoundBets,
  ROULETTE_FEED_DELAY_MS,
  recentBets,
  recentFeed,
} from './live-feed.ts';

describe('live feed frames', () => {
  it('keep the newest bets of each game, oldest first, so a busy game never crowds out another', () => {
    const bets = [
      ...Array.from({ length: 30 }, (_, i) => ({ game: 'dice', n: i })),
      { game: 'mines', n: 100 },
      ...Array.from({ length: 5 }, (_, i) => ({ game: 'dice', n: 30 + i })),
    ];
    const frame = newestPerGame(bets, 20);
    expect(frame.filter((b) => b.game === 'dice').map((b) => b.n)).toEqual(
      Array.from({ length: 20 }, (_, i) => 15 + i),
    );
    expect(frame.map((b) => b.n)).toEqual([
      ...Array.from({ length: 15 }, (_, i) => 15 + i),
      100,
      30,
      31,
      32,
      33,
      34,
    ]);
    expect(newestPerGame([], 20)).toEqual([]);
  });

  it('keep every bet, the oldest included, while a game is under its cap', () => {
    const bets = [
      { game: 'dice', n: 1 },
      { game: 'limbo', n: 2 },
      { game: 'dice', n: 3 },
    ];
    expect(newestPerGame(bets, 20)).toEqual(bets);
    expect(newestPerGame([{ game: 'crash', n: 9 }], 1)).toEqual([{ game: 'crash', n: 9 }]);
    // a cap of 2 drops only the oldest dice bet
    expect(newestPerGame([...bets, { game: 'dice', n: 4 }], 2).map((b) => b.n)).toEqual([2, 3, 4]);
  });
});

/** A ctx with what the feed uses: the /chat namespace's emits are recorded, avatars get a URL. */
function fakeCtx(rows: unknown[] | ((q: CompiledQuery) => unknown[]) = []) {
  const emits: { ns: string; event: string; frame: BetView[] }[] = [];
  const queries: CompiledQuery[] = [];
  const connection: DatabaseConnection = {
    async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
      queries.push(q);
      return { rows: (typeof rows === 'function' ? rows(q) : rows) as R[] };
    },
    // biome-ignore lint/correctness/useYield: never streamed
    async *streamQuery() {
      throw new Error('not streamed');
    },
  };
  const driver: Driver = {
    async init() {},
    async acquireConnection() {
      return connection;
    },
    async beginTransaction() {},
    async commitTransaction() {},
    async rollbackTransaction() {},
    async releaseConnection() {},
    async destroy() {},
  };
  const db = new Kysely<unknown>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  const ctx = {
    db,
    clock: { now: () => Date.parse('2026-11-24T12:00:00.000Z') },
    assets: { avatar: (a: string | null | undefined) => `https://cdn.test/${a || 'default.svg'}` },
    realtime: {
      ns: (ns: string) => ({
        emit: (event: string, frame: BetView[]) => {
          emits.push({ ns, event, frame });
          return true;
        },
      }),
    },
  } as unknown as Ctx;
  return { ctx, emits, queries };
}

const USER = { username: 'alice', avatar: 'a.png' };
function bet(betId: number, game = 'dice') {
  return { userId: 7, game, stake: 12_345, payout: 24_690, multiplier: 20_000, betId };
}

describe('live feed: frames to every tab', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-24T12:00:00.000Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a frame holds each bet as the tabs show it: ids as text, coins, the multiplier, the settle time', async () => {
    const { ctx, emits } = fakeCtx();
    publishBet(ctx, bet(31), USER, 0);
    await vi.advanceTimersByTimeAsync(LIVE_FEED_FLUSH_MS);
    expect(emits).toEqual([
      {
        ns: 'chat',
        event: LIVE_BETS_EVENT,
        frame: [
          {
            id: '31',
            game: 'dice',
            user: { id: '7', username: 'alice', avatar: 'https://cdn.test/a.png' },
            amount: 123.45,
            payout: 246.9,
            multiplier: 2,
            created: '2026-11-24T12:00:00.000Z',
          },
        ],
      },
    ]);
    expect(LIVE_BETS_EVENT).toBe('live-bets');
  });

  it('sends the bets of one flush period as one frame, oldest first, and nothing when no bet settled', async () => {
    const { ctx, emits } = fakeCtx();
    publishBet(ctx, bet(1), USER, 0);
    await vi.advanceTimersByTimeAsync(LIVE_FEED_FLUSH_MS - 1);
    publishBet(ctx, bet(2, 'mines'), USER, 0);
    publishBet(ctx, bet(3), USER, 0);
    expect(emits).toHaveLength(0);
    // one pending flush for the period, not one per bet
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(emits.map((e) => e.frame.map((b) => b.id))).toEqual([['1', '2', '3']]);
    expect(vi.getTimerCount()).toBe(0);
    // the next bet starts a new period and is not sent again with the old ones
    await vi.advanceTimersByTimeAsync(10 * LIVE_FEED_FLUSH_MS);
    expect(emits).toHaveLength(1);
    publishBet(ctx, bet(4), USER, 0);
    await vi.advanceTimersByTimeAsync(LIVE_FEED_FLUSH_MS);
    expect(emits.map((e) => e.frame.map((b) => b.id))).toEqual([['1', '2', '3'], ['4']]);
  });

  it('keeps the newest 20 bets of each game in a frame', async () => {
    const { ctx, emits } = fakeCtx();
    for (let i = 1; i <= 25; i++) publishBet(ctx, bet(i), USER, 0);
    publishBet(ctx, bet(100, 'crash'), USER, 0);
    await vi.advanceTimersByTimeAsync(LIVE_FEED_FLUSH_MS);
    const ids = emits[0]?.frame.map((b) => Number(b.id));
    expect(ids).toEqual([...Array.from({ length: 20 }, (_, i) => 6 + i), 100]);
  });

  it('does not show a bet before its animation ends', async () => {
    const { ctx, emits } = fakeCtx();
    publishBet(ctx, bet(9), USER, 3_000);
    await vi.advanceTimersByTimeAsync(3_000 - 1);
    expect(emits).toHaveLength(0);
    // shown at 3 s, then sent with the next frame
    await vi.advanceTimersByTimeAsync(1 + LIVE_FEED_FLUSH_MS - 1);
    expect(emits).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(emits[0]?.frame.map((b) => b.id)).toEqual(['9']);
    // stamped when it is shown, not when it settled
    expect(emits[0]?.frame[0]?.created).toBe('2026-11-24T12:00:03.000Z');
  });

  it('keeps one feed per server: two servers do not share frames', async () => {
    const a = fakeCtx();
    const b = fakeCtx();
    publishBet(a.ctx, bet(1), USER, 0);
    publishBet(b.ctx, bet(2), USER, 0);
    publishBet(a.ctx, bet(3), USER, 0);
    await vi.advanceTimersByTimeAsync(LIVE_FEED_FLUSH_MS);
    expect(a.emits.map((e) => e.frame.map((x) => x.id))).toEqual([['1', '3']]);
    expect(b.emits.map((e) => e.frame.map((x) => x.id))).toEqual([['2']]);
  });
});

describe('live feed: the recent bets from the database', () => {
  const row = {
    id: 55,
    game: 'limbo',
    stake: 1,
    payout: 0,
    multiplier: 10_100,
    settled_at: new Date('2026-11-24T11:59:00.000Z'),
    uid: 8,
    username: 'bob',
    avatar: null,
  };

  it('maps each settled bet the way a frame holds it', async () => {
    const { ctx } = fakeCtx([row]);
    expect(await recentBets(ctx)).toEqual([
      {
        id: '55',
        game: 'limbo',
        user: { id: '8', username: 'bob', avatar: 'https://cdn.test/default.svg' },
        amount: 0.01,
        payout: 0,
        multiplier: 1.01,
        created: '2026-11-24T11:59:00.000Z',
      },
    ]);
  });

  it('stamps a bet without a settle time with the time it is read', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T12:30:00.000Z') });
    try {
      const { ctx } = fakeCtx([{ ...row, settled_at: null }]);
      expect((await recentBets(ctx))[0]?.created).toBe('2026-11-24T12:30:00.000Z');
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for settled bets only, newest first, 20 unless told, of one player or one game when asked', async () => {
    const { ctx, queries } = fakeCtx([]);
    await recentBets(ctx);
    await recentBets(ctx, { userId: 8, game: 'limbo', limit: 5 });
    await recentBets(ctx, { game: '' });
    const [all, mine, empty] = queries;
    expect(all?.parameters).toEqual(['settled', 20]);
    expect(all?.sql).toMatch(/order by "b"\."id" desc/);
    expect(all?.sql).toMatch(/"b"\."status" = \$1/);
    expect(mine?.parameters).toEqual(['settled', 8, 'limbo', 5]);
    expect(mine?.sql).toMatch(/"b"\."user_id" = \$2/);
    expect(mine?.sql).toMatch(/"b"\."game" = \$3/);
    // an empty game name means every game
    expect(empty?.parameters).toEqual(['settled', 20]);
    // the columns a frame is made of, with the bettor joined in
    expect(all?.sql).toMatch(/from "bets" as "b" inner join "users" as "u" on "u"\."id" = "b"\."user_id"/);
    for (const col of ['"b"."id"', '"b"."game"', '"b"."stake"', '"b"."payout"', '"b"."multiplier"']) {
      expect(all?.sql).toContain(col);
    }
    for (const col of ['"b"."settled_at"', '"u"."id" as "uid"', '"u"."username"', '"u"."avatar"']) {
      expect(all?.sql).toContain(col);
    }
  });
});

describe('live feed: crash and roulette bets', () => {
  const at = (iso: string) => new Date(`2026-11-24T${iso}.000Z`);
  const betRow = (id: number, settled: string) => ({
    id,
    game: 'dice',
    stake: 100,
    payout: 200,
    multiplier: 20_000,
    settled_at: at(settled),
    uid: 8,
    username: 'bob',
    avatar: 'b.png',
  });
  const roundRow = (id: number, game: string, settled: string | null, amount = 300, payout = 700) => ({
    id,
    game,
    amount,
    payout,
    settled_at: settled === null ? null : at(settled),
    uid: 9,
    username: 'cy',
    avatar: null,
  });
  const byTable = (bets: unknown[], rounds: unknown[]) => (q: CompiledQuery) =>
    q.sql.includes('from "round_bets"') ? rounds : bets;

  it('"All" mixes instant and round bets, newest settled first, 20 at most', async () => {
    const { ctx } = fakeCtx(
      byTable(
        [betRow(1, '11:00:03'), betRow(2, '11:00:01')],
        [roundRow(5, 'crash', '11:00:02'), roundRow(6, 'roulette', '11:00:04')],
      ),
    );
    expect((await recentFeed(ctx)).map((b) => b.id)).toEqual(['roulette-6', '1', 'crash-5', '2']);
    const many = Array.from({ length: 20 }, (_, i) => betRow(100 + i, `11:00:${String(10 + i)}`));
    const { ctx: busy } = fakeCtx(byTable(many, [roundRow(7, 'crash', '11:00:05')]));
    const feed = await recentFeed(busy);
    expect(feed).toHaveLength(20);
    expect(feed.map((b) => b.id)).not.toContain('crash-7');
  });

  it('a round bet shows its feed id, coins, the multiplier to 4 decimals floored, its settle time', async () => {
    const { ctx } = fakeCtx(
      byTable([], [roundRow(5, 'crash', '11:00:02', 300, 700), roundRow(6, 'roulette', null, 0, 0)]),
    );
    const feed = await recentFeed(ctx, { game: 'crash' });
    expect(feed[0]).toEqual({
      id: 'crash-5',
      game: 'crash',
      user: { id: '9', username: 'cy', avatar: 'https://cdn.test/default.svg' },
      amount: 3,
      payout: 7,
      multiplier: 2.3333,
      created: '2026-11-24T11:00:02.000Z',
    });
    // a free bet has multiplier 0; without a settle time it is stamped now
    expect(feed[1]?.multiplier).toBe(0);
    expect(Date.parse(feed[1]?.created ?? '')).toBeGreaterThan(0);
  });

  it('asks round_bets for settled bets, roulette only once its wheel stopped, of one player or game', async () => {
    const { ctx, queries } = fakeCtx([]);
    await recentFeed(ctx, { game: 'roulette', userId: 8 });
    const [q] = queries;
    expect(queries).toHaveLength(1);
    expect(q?.sql).toMatch(
      /from "round_bets" as "b" inner join "users" as "u" on "u"\."id" = "b"\."user_id"/,
    );
    expect(q?.sql).toMatch(/"b"\."status" in \(\$1, \$2, \$3\)/);
    expect(q?.parameters.slice(0, 3)).toEqual(['cashed', 'won', 'lost']);
    expect(q?.sql).toContain(`b.game <> 'roulette' OR b.settled_at <=`);
    expect(q?.parameters).toContain(ROULETTE_FEED_DELAY_MS);
    expect(q?.parameters).toContain(Date.parse('2026-11-24T12:00:00.000Z') / 1000);
    expect(q?.sql).toMatch(/order by "b"\."settled_at" desc, "b"\."id" desc limit \$\d+/);
    expect(q?.parameters).toContain(20);
    expect(q?.sql).toMatch(/"b"\."user_id" = \$\d+/);
    expect(q?.sql).toMatch(/"b"\."game" = \$\d+/);
    expect(q?.parameters).toEqual(expect.arrayContaining([8, 'roulette']));
    // the columns a feed entry is made of
    expect(q?.sql).toMatch(
      /^select "b"\."id", "b"\."game", "b"\."amount", "b"\."payout", "b"\."settled_at", "u"\."id" as "uid", "u"\."username", "u"\."avatar", "u"\."ghost" from/,
    );
  });

  it('a player\'s "My bets" asks both tables for that player only; one instant game asks bets only', async () => {
    const { ctx, queries } = fakeCtx([]);
    await recentFeed(ctx, { userId: 8 });
    expect(queries.map((q) => (q.sql.includes('from "round_bets"') ? 'rounds' : 'bets'))).toEqual([
      'bets',
      'rounds',
    ]);
    for (const q of queries) expect(q.parameters).toContain(8);
    expect(queries[1]?.sql).not.toMatch(/"b"\."game" = /);
    const { ctx: everyone, queries: all } = fakeCtx([]);
    await recentFeed(everyone);
    for (const q of all) expect(q.sql).not.toMatch(/"b"\."user_id" = /);
    const { ctx: dice, queries: diceQueries } = fakeCtx([]);
    await recentFeed(dice, { game: 'dice' });
    expect(diceQueries).toHaveLength(1);
    expect(diceQueries[0]?.sql).toContain('from "bets"');
  });

  it('publishes every settled bet of a round after the delay, under its feed id', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T12:00:00.000Z') });
    try {
      const { ctx, queries, emits } = fakeCtx([
        { id: 5, amount: 300, payout: 700, uid: 9, username: 'cy', avatar: 'c.png' },
        { id: 6, amount: 0, payout: 0, uid: 10, username: 'di', avatar: null },
      ]);
      await publishRoundBets(ctx, 'roulette', 42, 1000);
      const [q] = queries;
      expect(q?.sql).toMatch(
        /from "round_bets" as "b" inner join "users" as "u" on "u"\."id" = "b"\."user_id"/,
      );
      expect(q?.sql).toMatch(/"b"\."round_id" = \$1/);
      expect(q?.sql).toMatch(/"b"\."status" in \(\$2, \$3, \$4\)/);
      expect(q?.sql).toMatch(/order by "b"\."id"$/);
      expect(q?.parameters).toEqual([42, 'cashed', 'won', 'lost']);
      expect(q?.sql).toMatch(
        /^select "b"\."id", "b"\."amount", "b"\."payout", "u"\."id" as "uid", "u"\."username", "u"\."avatar" from/,
      );
      await vi.advanceTimersByTimeAsync(999);
      expect(emits).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1 + LIVE_FEED_FLUSH_MS);
      expect(emits).toHaveLength(1);
      expect(
        emits[0]?.frame.map((b) => [
          b.id,
          b.game,
          b.user.id,
          b.user.username,
          b.amount,
          b.payout,
          b.multiplier,
        ]),
      ).toEqual([
        ['roulette-5', 'roulette', '9', 'cy', 3, 7, 2.3333],
        ['roulette-6', 'roulette', '10', 'di', 0, 0, 0],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('live feed: the High rollers and Lucky wins tabs', () => {
  it('filter on a minimum stake (cents) and a minimum multiplier (stored in ten-thousandths)', async () => {
    const { ctx, queries } = fakeCtx([]);
    await recentBets(ctx, { minStake: 10_000 });
    await recentBets(ctx, { minMultiplier: 2.5 });
    const [rollers, lucky] = queries;
    expect(rollers?.sql).toMatch(/"b"\."stake" >= \$2/);
    expect(rollers?.parameters).toEqual(['settled', 10_000, 20]);
    expect(rollers?.sql).not.toMatch(/"b"\."multiplier" >=/);
    expect(lucky?.sql).toMatch(/"b"\."multiplier" >= \$2/);
    expect(lucky?.parameters).toEqual(['settled', 25_000, 20]);
    expect(lucky?.sql).not.toMatch(/"b"\."stake" >=/);
  });

  it('read the columns a frame is made of', async () => {
    const { ctx, queries } = fakeCtx([]);
    await recentBets(ctx);
    expect(queries[0]?.sql).toMatch(
      /^select "b"\."id", "b"\."game", "b"\."stake", "b"\."payout", "b"\."multiplier", "b"\."settled_at", "u"\."id" as "uid", "u"\."username", "u"\."avatar", "u"\."ghost" from/,
    );
  });
});
