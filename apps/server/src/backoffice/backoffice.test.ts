import type { StatsGames, StatsOverview, StatsPlayer, Transparency } from '@coinsite/shared';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, adminToken, quickUser } from '../economy/rewards/rewards-test-kit.ts';
import { move, realWins } from './backoffice-test-kit.ts';
import { muteUser } from '../chat/chat.service.ts';
import { placeBet } from '../games/engine/bet-engine.ts';
import type { Ctx } from '../platform/context.ts';
import { EVERY_DB, startServer, type TestServer } from '../test-support/server.ts';
import { type KindSums, figuresOf } from './stats.figures.ts';
import { statsLoopOf } from './backoffice.module.ts';
import { recordLedgerCheck } from './stats.loop.ts';
import { refreshStats } from './stats.rollup.ts';

const DAY_MS = 86_400_000;
const coins = (c: number) => Math.trunc(c) / 100;

/** A deterministic generator (mulberry32), so a failure can be replayed from its seed. */
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

const BONUS_KINDS = [
  'rakeback',
  'affiliate_bonus',
  'affiliate_claim',
  'coupon',
  'faucet',
  'daily_case',
  'rain',
  'trivia',
  'giveaway',
  'race',
  'slots-promo',
] as const;

/** A ledger row days ago (history the rollup has to bucket by day), with the balance moved alike. */
async function backdated(ctx: Ctx, userId: number, delta: number, kind: string, key: string, at: Date) {
  await sql`WITH u AS (UPDATE users SET balance = balance + ${delta} WHERE id = ${userId} AND balance + ${delta} >= 0
      RETURNING balance)
    INSERT INTO ledger_entries (user_id, delta, balance_after, kind, ref, idempotency_key, created_at)
    SELECT ${userId}, ${delta}, balance, ${kind}, NULL, ${key}, ${at} FROM u`.execute(ctx.db);
}

interface Row {
  id: number;
  user_id: number;
  delta: number;
  kind: string;
  key: string;
  ref: string | null;
  at: Date;
  game: string;
}

/** Every ledger row with its game, read directly (the independent side of the comparison). */
async function ledgerRows(ctx: Ctx): Promise<Row[]> {
  const res = await sql<{
    id: string;
    user_id: string;
    delta: string;
    kind: string;
    idempotency_key: string;
    ref: string | null;
    created_at: Date;
  }>`SELECT id, user_id, delta, kind, idempotency_key, ref, created_at FROM ledger_entries ORDER BY id`.execute(
    ctx.db,
  );
  const bets = new Map(
    (await ctx.db.selectFrom('bets').select(['id', 'game']).execute()).map((b) => [String(b.id), b.game]),
  );
  const slots = new Map(
    (await ctx.db.selectFrom('slot_rounds').select(['round_id', 'game_code']).execute()).map((r) => [
      `slots:${r.round_id}`,
      `slots:${r.game_code}`,
    ]),
  );
  return res.rows.map((r) => {
    const isGame = ['bet', 'win', 'bet_refund', 'refund'].includes(r.kind);
    const prefixed = /^([a-z]+):(bet|win|refund):/.exec(r.idempotency_key);
    const game = !isGame
      ? ''
      : r.ref && slots.has(r.ref)
        ? (slots.get(r.ref) as string)
        : prefixed
          ? (prefixed[1] as string)
          : r.ref && bets.has(r.ref)
            ? (bets.get(r.ref) as string)
            : 'other';
    return {
      id: Number(r.id),
      user_id: Number(r.user_id),
      delta: Number(r.delta),
      kind: r.kind,
      key: r.idempotency_key,
      ref: r.ref,
      at: new Date(r.created_at),
      game,
    };
  });
}

function sumsOf(rows: Row[]): KindSums {
  const m: KindSums = new Map();
  for (const r of rows) {
    const p = m.get(r.kind) ?? { amount: 0, entries: 0 };
    m.set(r.kind, { amount: p.amount + r.delta, entries: p.entries + 1 });
  }
  return m;
}

describe.each(EVERY_DB)('back office figures on %s', (db) => {
  let server: TestServer;
  let ctx: Ctx;
  let admin: string;
  let player: { token: string; id: number };
  const users: number[] = [];
  let linked: Record<string, string> = {};

  beforeAll(async () => {
    server = await startServer({ db, env: ADMIN });
    ctx = server.site.ctx;
    admin = await adminToken(server);
    player = await server.newUser();
    const rand = rng(db === 'postgres' ? 31 : 13);
    for (let i = 0; i < 10; i++) users.push((await quickUser(ctx)).id);
    // history: deposits and game movements on the five days before today
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    let k = 0;
    for (const u of users) {
      for (let d = 5; d >= 1; d--) {
        if (rand() < 0.4) continue;
        const at = new Date(today - d * DAY_MS + Math.floor(rand() * DAY_MS));
        await backdated(ctx, u, 5000 + Math.floor(rand() * 5000), 'deposit', `t-dep:${randomUUID()}`, at);
        const stake = 100 + Math.floor(rand() * 900);
        await backdated(ctx, u, -stake, 'bet', `crash:bet:${900_000 + k}`, at);
        if (rand() < 0.5)
          await backdated(ctx, u, Math.floor(stake * 2 * rand()) + 1, 'win', `crash:win:${900_000 + k}`, at);
        k++;
      }
    }
    // the history was written into days the leader's first run had already closed: rebuild once
    // (before today's rows: ids grow with time, as they do when the rows are written live)
    await refreshStats(ctx.db, { rebuild: true });
    for (const [i, u] of users.entries()) {
      // today: deposits, bets through the engine, round-game rows, refunds, bonuses, withdrawals
      await move(ctx, u, 20_000 + i * 100, 'deposit', `t-dep:${randomUUID()}`);
      for (let b = 0; b < 6; b++) {
        const game = ['dice', 'limbo', 'mines'][b % 3] as string;
        const stake = 50 + Math.floor(rand() * 500);
        const win = rand() < 0.45;
        const payout = win ? Math.floor(stake * (1 + rand() * 3)) : 0;
        const placed = await placeBet(
          ctx,
          { user: { id: u, username: 'p', avatar: '' }, game, stake },
          () => ({
            payout,
            multiplier: win ? Math.round((payout / stake) * 10_000) : 0,
            outcome: { test: true },
          }),
        );
        if (b === 5 && !win)
          await move(ctx, u, stake, 'bet_refund', `bet_refund:${placed.betId}`, String(placed.betId));
      }
      const rb = 800_000 + i;
      await move(ctx, u, -300, 'bet', `roulette:bet:${rb}`, `roulette:1`);
      if (rand() < 0.5) await move(ctx, u, 600, 'win', `roulette:win:${rb}`, `roulette:1`);
      for (const kind of BONUS_KINDS)
        if (rand() < 0.5) await move(ctx, u, 1 + Math.floor(rand() * 300), kind, `t-${kind}:${randomUUID()}`);
      if (rand() < 0.5)
        await move(ctx, u, -(1 + Math.floor(rand() * 200)), 'rain_tip', `rain-tip:${randomUUID()}`);
      if (rand() < 0.5) await move(ctx, u, 1 + Math.floor(rand() * 500), 'admin', `admin:${randomUUID()}`);
      const w = 1000 + Math.floor(rand() * 2000);
      await move(ctx, u, -w, 'withdraw', `withdraw:t${i}`);
      if (rand() < 0.4) await move(ctx, u, w, 'withdraw_refund', `withdraw_refund:t${i}`);
    }
    linked = await realWins(ctx, users[1] as number, users[2] as number);
    await refreshStats(ctx.db);
    // a bet whose transaction began before that run and committed after it: stamped before the run,
    // seen only by the next one, which must count it once
    const late = await sql<{
      t: Date;
    }>`SELECT max(taken_at) - interval '1 minute' AS t FROM stats_marks`.execute(ctx.db);
    const lateAt = new Date(late.rows[0]?.t as Date);
    await backdated(ctx, users[0] as number, -400, 'bet', 'crash:bet:990001', lateAt);
    await backdated(ctx, users[0] as number, 1000, 'win', 'crash:win:990001', lateAt);
    // a second run after more play: the open hours are recomputed, the closed ones stay
    for (const u of users.slice(0, 3))
      await placeBet(ctx, { user: { id: u, username: 'p', avatar: '' }, game: 'dice', stake: 77 }, () => ({
        payout: 150,
        multiplier: 19_480,
        outcome: { test: true },
      }));
    await refreshStats(ctx.db);
  }, 240_000);

  afterAll(async () => {
    await server?.close();
  });

  it('answers only an admin: 401 anonymous, 403 a player, listed in the API docs', async () => {
    for (const path of [
      '/api/external/v1/stats/overview?days=7',
      '/api/external/v1/stats/games?days=7',
      `/api/external/v1/stats/players/${users[0]}`,
      '/api/external/v1/stats/health',
    ]) {
      expect((await server.api('GET', path)).status, path).toBe(401);
      expect((await server.api('GET', path, undefined, player.token)).status, path).toBe(403);
      expect((await server.api('GET', path, undefined, admin)).status, path).toBe(200);
    }
    const doc = await server.api<{ paths: Record<string, unknown> }>(
      'GET',
      '/api/docs/openapi.json',
      undefined,
      admin,
    );
    for (const p of [
      '/api/external/v1/stats/overview',
      '/api/external/v1/stats/games',
      '/api/external/v1/stats/players/{id}',
    ])
      expect(Object.keys(doc.body.paths)).toContain(p);
    expect((await server.api('GET', '/api/external/v1/stats/overview?days=0', undefined, admin)).status).toBe(
      400,
    );
  });

  it('every overview figure and each day equal the ledger recomputed directly, to the cent', async () => {
    const rows = await ledgerRows(ctx);
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const from = today - 6 * DAY_MS;
    const inWindow = rows.filter((r) => r.at.getTime() >= from);
    const f = figuresOf(sumsOf(inWindow));
    // the recomputation by hand, not through figuresOf, for the headline figures
    const sum = (kinds: string[]) =>
      inWindow.filter((r) => kinds.includes(r.kind)).reduce((t, r) => t + r.delta, 0);
    const wagered = -sum(['bet']) - sum(['bet_refund', 'refund']);
    const paid = sum(['win']);
    const bonus = sum([...BONUS_KINDS, 'rain_tip']);
    expect(f.wagered).toBe(wagered);
    expect(f.bonusCost).toBe(bonus);

    const res = await server.api<StatsOverview>(
      'GET',
      '/api/external/v1/stats/overview?days=7',
      undefined,
      admin,
    );
    expect(res.status).toBe(200);
    const o = res.body;
    expect(o.wagered).toBe(coins(wagered));
    expect(o.paid).toBe(coins(paid));
    expect(o.ggr).toBe(coins(wagered - paid));
    expect(o.bonusCost).toBe(coins(bonus));
    expect(o.ngr).toBe(coins(wagered - paid - bonus));
    expect(o.adminCredits).toBe(coins(sum(['admin'])));
    expect(o.deposits).toBe(coins(sum(['deposit'])));
    expect(o.withdrawalsRequested).toBe(coins(-sum(['withdraw'])));
    expect(o.withdrawals).toBe(coins(-sum(['withdraw']) - sum(['withdraw_refund'])));
    expect(o.bets).toBe(
      inWindow.filter((r) => r.kind === 'bet').length -
        inWindow.filter((r) => r.kind === 'bet_refund').length,
    );
    expect(o.bonusByKind.rain).toBe(coins(sum(['rain', 'rain_tip'])));
    expect(o.bonusByKind.affiliate).toBe(coins(sum(['affiliate_bonus', 'affiliate_claim'])));
    expect(o.activePlayers).toBe(
      new Set(inWindow.filter((r) => r.kind === 'bet').map((r) => r.user_id)).size,
    );
    const firsts = new Map<number, number>();
    for (const r of rows.filter((x) => x.kind === 'deposit'))
      firsts.set(r.user_id, Math.min(firsts.get(r.user_id) ?? Number.POSITIVE_INFINITY, r.at.getTime()));
    expect(o.firstDepositors).toBe([...firsts.values()].filter((t) => t >= from).length);
    const newPlayers = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM users WHERE created_at >= ${new Date(from)}`.execute(ctx.db);
    expect(o.newPlayers).toBe(Number(newPlayers.rows[0]?.n));
    const balances = await sql<{ s: string }>`SELECT sum(balance) AS s FROM users`.execute(ctx.db);
    expect(o.liabilities).toBe(coins(Number(balances.rows[0]?.s)));
    expect(o.holdPct).toBe(Math.round(((wagered - paid) / wagered) * 10_000) / 100);

    expect(o.series).toHaveLength(7);
    for (const point of o.series) {
      const start = Date.parse(`${point.date}T00:00:00Z`);
      const day = rows.filter((r) => r.at.getTime() >= start && r.at.getTime() < start + DAY_MS);
      const d = figuresOf(sumsOf(day));
      expect(point.wagered, point.date).toBe(coins(d.wagered));
      expect(point.ggr, point.date).toBe(coins(d.ggr));
      expect(point.deposits, point.date).toBe(coins(d.deposits));
      expect(point.bonusCost, point.date).toBe(coins(d.bonusCost));
      expect(point.activePlayers, point.date).toBe(
        new Set(day.filter((r) => r.kind === 'bet').map((r) => r.user_id)).size,
      );
    }
    // history exists on earlier days
    expect(o.series.filter((p) => p.wagered > 0).length).toBeGreaterThan(1);
    // an hourly window sums to the same day
    const hourly = await server.api<StatsOverview>(
      'GET',
      '/api/external/v1/stats/overview?days=1',
      undefined,
      admin,
    );
    expect(hourly.body.granularity).toBe('hour');
    // today's players (each moved from its last day in the history onto today)
    expect(hourly.body.activePlayers).toBe(
      new Set(rows.filter((r) => r.kind === 'bet' && r.at.getTime() >= today).map((r) => r.user_id)).size,
    );
    const d3 = await server.api<StatsOverview>(
      'GET',
      '/api/external/v1/stats/overview?days=3',
      undefined,
      admin,
    );
    expect(d3.body.activePlayers).toBe(
      new Set(
        rows.filter((r) => r.kind === 'bet' && r.at.getTime() >= today - 2 * DAY_MS).map((r) => r.user_id),
      ).size,
    );
    const todayPoint = o.series.at(-1);
    expect(Math.round(hourly.body.series.reduce((t, p) => t + p.wagered * 100, 0))).toBe(
      Math.round((todayPoint?.wagered ?? 0) * 100),
    );
  });

  it('per game and per player figures equal the ledger, and the transparency page agrees', async () => {
    const rows = await ledgerRows(ctx);
    const g = await server.api<StatsGames>('GET', '/api/external/v1/stats/games?days=30', undefined, admin);
    expect(g.status).toBe(200);
    const games = [...new Set(rows.filter((r) => r.game).map((r) => r.game))].sort();
    expect(g.body.games.map((x) => x.game).sort()).toEqual(games);
    for (const row of g.body.games) {
      const mine = rows.filter((r) => r.game === row.game);
      const f = figuresOf(sumsOf(mine));
      expect(row.wagered, row.game).toBe(coins(f.wagered));
      expect(row.paid, row.game).toBe(coins(f.paid));
      expect(row.ggr, row.game).toBe(coins(f.ggr));
      expect(row.bets, row.game).toBe(f.bets);
      expect(row.players, row.game).toBe(
        new Set(mine.filter((r) => r.kind === 'bet').map((r) => r.user_id)).size,
      );
      if (row.theoreticalRtp !== null) {
        expect(row.low).not.toBeNull();
        expect(row.low as number).toBeLessThan(row.theoreticalRtp);
        expect(row.high as number).toBeGreaterThan(row.theoreticalRtp);
      }
      expect(row.flagged).toBe(false); // under the bets needed to flag
    }
    const dice = g.body.games.find((x) => x.game === 'dice');
    expect(dice?.biggestWins.length).toBeGreaterThan(0);
    expect(dice?.biggestWins[0]?.betId).toMatch(/^\d+$/);

    const t = await server.api<Transparency>('GET', '/api/transparency');
    expect(t.status).toBe(200);
    for (const row of t.body.games) {
      const f = figuresOf(sumsOf(rows.filter((r) => r.game === row.game)));
      expect(row.wagered, row.game).toBe(coins(f.wagered));
      expect(row.paid, row.game).toBe(coins(f.paid));
      expect(row.bets, row.game).toBe(f.bets);
      expect(row.series.at(-1)?.bets).toBe(f.bets);
    }

    for (const u of users.slice(0, 4)) {
      const p = await server.api<StatsPlayer>('GET', `/api/external/v1/stats/players/${u}`, undefined, admin);
      expect(p.status).toBe(200);
      const mine = rows.filter((r) => r.user_id === u);
      const f = figuresOf(sumsOf(mine));
      expect(p.body.wagered).toBe(coins(f.wagered));
      expect(p.body.ggr).toBe(coins(f.ggr));
      expect(p.body.deposits).toBe(coins(f.deposits));
      expect(p.body.withdrawals).toBe(coins(f.withdrawalsRequested - f.withdrawalsRefunded));
      expect(p.body.bonuses).toBe(coins(f.bonusCost));
      expect(p.body.houseNet).toBe(coins(f.ggr - f.bonusCost - f.adminCredits));
      const bal = mine.reduce((s, r) => s + r.delta, 0);
      expect(p.body.balance).toBe(coins(bal));
      for (const game of p.body.games) {
        const gf = figuresOf(sumsOf(mine.filter((r) => r.game === game.game)));
        expect(game.wagered, game.game).toBe(coins(gf.wagered));
        expect(game.paid, game.game).toBe(coins(gf.paid));
      }
    }
  });

  it("links every game's biggest win to its bet page: round games, coinflip, slots and battles too", async () => {
    const g = await server.api<StatsGames>('GET', '/api/external/v1/stats/games?days=7', undefined, admin);
    expect(g.status).toBe(200);
    for (const [game, id] of Object.entries(linked)) {
      const row = g.body.games.find((x) => x.game === game);
      expect(row?.biggestWins[0]?.betId, game).toBe(id);
    }
    // every link the table shows opens a bet (seeded history without a bet row shows no link)
    let links = 0;
    for (const row of g.body.games)
      for (const w of row.biggestWins) {
        if (w.betId === null) continue;
        links++;
        const bet = await server.api<{ id: string; game: string; payout: number }>(
          'GET',
          `/api/bets/${w.betId}`,
          undefined,
          admin,
        );
        expect(bet.status, w.betId).toBe(200);
        expect(bet.body.id, w.betId).toBe(w.betId);
        expect(row.game.startsWith(bet.body.game), `${row.game} ${w.betId}`).toBe(true);
        if (linked[row.game] === w.betId) expect(bet.body.payout, w.betId).toBe(w.amount);
      }
    expect(links).toBeGreaterThanOrEqual(Object.keys(linked).length);
  });

  it("shows the player's chat mute (until, by whom) and the mute history", async () => {
    const adminRow = await ctx.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('email', '=', ADMIN.ADMIN_EMAIL)
      .executeTakeFirstOrThrow();
    const [muted, expired, never] = users.slice(3, 6) as [number, number, number];
    await muteUser(ctx, adminRow.id, muted, 10);
    await muteUser(ctx, adminRow.id, muted, 60);
    await muteUser(ctx, adminRow.id, expired, 5);
    await sql`UPDATE chat_mutes SET until = now() - interval '1 minute' WHERE user_id = ${expired}`.execute(
      ctx.db,
    );
    const view = async (id: number) =>
      (await server.api<StatsPlayer>('GET', `/api/external/v1/stats/players/${id}`, undefined, admin)).body;

    const m = await view(muted);
    const row = await ctx.db
      .selectFrom('chat_mutes')
      .select('until')
      .where('user_id', '=', muted)
      .executeTakeFirstOrThrow();
    expect(m.chatMute).toEqual({
      until: new Date(row.until).toISOString(),
      active: true,
      mutedById: String(adminRow.id),
      mutedByName: adminRow.username,
    });
    expect(Date.parse(m.chatMute?.until ?? '') - Date.now()).toBeGreaterThan(55 * 60_000);
    // newest first, each with who, how long and until when
    expect(m.muteHistory.map((h) => [h.minutes, h.actorName])).toEqual([
      [60, adminRow.username],
      [10, adminRow.username],
    ]);
    expect(m.muteHistory[0]?.until).toBe(m.chatMute?.until);

    const e = await view(expired);
    expect(e.chatMute?.active).toBe(false);
    expect(e.muteHistory).toHaveLength(1);
    const n = await view(never);
    expect(n.chatMute).toBeNull();
    expect(n.muteHistory).toEqual([]);
  });

  it('adds an audited staff note, finds players, records the ledger check and turns the public page off', async () => {
    const u = users[0] as number;
    const add = await server.api<{ id: string; body: string }>(
      'POST',
      `/api/external/v1/stats/players/${u}/notes`,
      { body: 'Asked about a withdrawal by mail.' },
      admin,
    );
    expect(add.status).toBe(200);
    expect(
      (await server.api('POST', `/api/external/v1/stats/players/${u}/notes`, { body: 'x' }, player.token))
        .status,
    ).toBe(403);
    const view = await server.api<StatsPlayer>(
      'GET',
      `/api/external/v1/stats/players/${u}`,
      undefined,
      admin,
    );
    expect(view.body.notes[0]?.body).toBe('Asked about a withdrawal by mail.');
    expect(view.body.audit.some((a) => a.action === 'staff-note')).toBe(true);
    const found = await server.api<{ players: Array<{ id: string }> }>(
      'GET',
      `/api/external/v1/stats/players?q=${u}`,
      undefined,
      admin,
    );
    expect(found.body.players.map((p) => p.id)).toContain(String(u));

    const check = await recordLedgerCheck(ctx);
    expect(check.ok).toBe(true);
    const health = await server.api<{
      runs: Array<{ ok: boolean }>;
      alerts: Array<{ name: string; firing: boolean }>;
    }>('GET', '/api/external/v1/stats/health', undefined, admin);
    expect(health.body.runs[0]?.ok).toBe(true);
    expect(health.body.alerts.map((a) => a.name)).toEqual([
      'No leader',
      'Errors',
      'Slow bets',
      'Database saturated',
      'Event loop stalled',
    ]);
    expect(health.body.alerts[0]?.firing).toBe(false);

    expect(
      (await server.api('PUT', '/api/external/v1/stats/settings', { transparencyEnabled: false }, admin))
        .status,
    ).toBe(200);
    expect((await server.api('GET', '/api/transparency')).status).toBe(404);
    expect(
      (await server.api('PUT', '/api/external/v1/stats/settings', { transparencyEnabled: true }, admin))
        .status,
    ).toBe(200);
    expect((await server.api('GET', '/api/transparency')).status).toBe(200);
  });
});

/**
 * The per-minute run recomputes only the hours that can still change and adds each hour to the
 * player-days once as it closes. A day is replayed with the runs' times given (refreshStats `at`):
 * rows land in the open hour, late rows (a transaction that began before a run and committed after
 * it) land in an hour a run has already read, hours close; after every run every figure equals the
 * ledger recomputed directly.
 */
describe.each(EVERY_DB)('the rollup of the open hours on %s', (db) => {
  let server: TestServer;
  let ctx: Ctx;
  let admin: string;
  const users: number[] = [];
  // two days ago (UTC) and the day after: both wholly in the past, whenever the test runs
  const d0 = Math.floor(Date.now() / DAY_MS) * DAY_MS - 2 * DAY_MS;
  const at = (day: number, h: number, m: number, s = 0) =>
    new Date(d0 + day * DAY_MS + ((h * 60 + m) * 60 + s) * 1000);
  let k = 0;
  const rand = rng(db === 'postgres' ? 77 : 7);

  /** A few stakes and wins at `t` (crash and roulette rows, as the round games write them). */
  async function play(t: Date, n = 3) {
    for (let i = 0; i < n; i++) {
      const u = users[Math.floor(rand() * users.length)] as number;
      const game = rand() < 0.5 ? 'crash' : 'roulette';
      const stake = 100 + Math.floor(rand() * 900);
      await backdated(ctx, u, -stake, 'bet', `${game}:bet:${k}`, t);
      if (rand() < 0.5)
        await backdated(ctx, u, Math.floor(stake * 4 * rand()) + 1, 'win', `${game}:win:${k}`, t);
      k++;
    }
  }
  const run = (t: Date, opts: { rebuild?: boolean; openDay?: boolean } = {}) =>
    refreshStats(ctx.db, { ...opts, at: t });

  /** Every figure the rollup feeds, against the ledger: hours, player views, days' stakers, biggest wins. */
  async function expectExact(label: string) {
    const rows = (await ledgerRows(ctx)).filter((r) => r.at.getTime() >= d0);
    const hours = await sql<{ hour: Date; kind: string; game: string; amount: string; entries: string }>`
      SELECT hour, kind, game, amount, entries FROM stats_hours WHERE hour >= ${new Date(d0)}`.execute(
      ctx.db,
    );
    const fromHours = new Map(
      hours.rows.map((h) => [
        `${new Date(h.hour).toISOString()}|${h.game}|${h.kind}`,
        [Number(h.amount), Number(h.entries)],
      ]),
    );
    const fromLedger = new Map<string, number[]>();
    for (const r of rows) {
      const key = `${new Date(Math.floor(r.at.getTime() / 3_600_000) * 3_600_000).toISOString()}|${r.game}|${r.kind}`;
      const p = fromLedger.get(key) ?? [0, 0];
      fromLedger.set(key, [(p[0] as number) + r.delta, (p[1] as number) + 1]);
    }
    expect(Object.fromEntries(fromHours), `${label}: hours`).toEqual(Object.fromEntries(fromLedger));
    for (const u of users) {
      const p = await server.api<StatsPlayer>('GET', `/api/external/v1/stats/players/${u}`, undefined, admin);
      const mine = (await ledgerRows(ctx)).filter((r) => r.user_id === u);
      const f = figuresOf(sumsOf(mine));
      expect([p.body.wagered, p.body.paid, p.body.deposits], `${label}: player ${u}`).toEqual([
        coins(f.wagered),
        coins(f.paid),
        coins(f.deposits),
      ]);
      for (const g of p.body.games) {
        const gf = figuresOf(sumsOf(mine.filter((r) => r.game === g.game)));
        expect([g.bets, g.wagered, g.paid], `${label}: player ${u} ${g.game}`).toEqual([
          gf.bets,
          coins(gf.wagered),
          coins(gf.paid),
        ]);
      }
    }
    for (const day of [0, 1]) {
      const start = d0 + day * DAY_MS;
      const date = new Date(start).toISOString().slice(0, 10);
      const inDay = rows.filter((r) => r.at.getTime() >= start && r.at.getTime() < start + DAY_MS);
      const stakers = new Set(inDay.filter((r) => r.kind === 'bet').map((r) => r.user_id)).size;
      const sd = await sql<{
        n: string;
      }>`SELECT active_players AS n FROM stats_days WHERE day = ${date}::date`.execute(ctx.db);
      expect(Number(sd.rows[0]?.n ?? 0), `${label}: stakers of ${date}`).toBe(stakers);
      const o = await server.api<StatsOverview>(
        'GET',
        `/api/external/v1/stats/overview?from=${date}&to=${date}`,
        undefined,
        admin,
      );
      const f = figuresOf(sumsOf(inDay));
      expect([o.body.wagered, o.body.paid, o.body.bets, o.body.activePlayers], `${label}: ${date}`).toEqual([
        coins(f.wagered),
        coins(f.paid),
        f.bets,
        stakers,
      ]);
      const g = await server.api<StatsGames>(
        'GET',
        `/api/external/v1/stats/games?from=${date}&to=${date}`,
        undefined,
        admin,
      );
      for (const game of ['crash', 'roulette']) {
        const wins = inDay
          .filter((r) => r.game === game && r.kind === 'win')
          .sort((a, b) => b.delta - a.delta || a.id - b.id)
          .slice(0, 5)
          .map((r) => coins(r.delta));
        const row = g.body.games.find((x) => x.game === game);
        expect(row?.biggestWins.map((w) => w.amount) ?? [], `${label}: ${date} ${game} wins`).toEqual(wins);
        expect(row?.players ?? 0, `${label}: ${date} ${game} players`).toBe(
          new Set(inDay.filter((r) => r.game === game && r.kind === 'bet').map((r) => r.user_id)).size,
        );
      }
    }
  }

  beforeAll(async () => {
    server = await startServer({ db, env: ADMIN });
    ctx = server.site.ctx;
    admin = await adminToken(server);
    // the leader's loop would stamp marks with the real clock: this test gives the runs their times
    await statsLoopOf(ctx)?.stop();
    for (let i = 0; i < 6; i++) users.push((await quickUser(ctx)).id);
    for (const u of users)
      await backdated(ctx, u, 1_000_000, 'deposit', `t-dep:${randomUUID()}`, at(0, 8, 0));
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('recomputes only the open hours and adds every row once, late rows and closing hours included', async () => {
    await play(at(0, 9, 10));
    await play(at(0, 9, 50));
    let r = await run(at(0, 9, 55), { rebuild: true });
    expect(r.openFrom).toEqual(at(0, 9, 0));
    await expectExact('rebuild at 09:55');

    await play(at(0, 9, 57));
    await play(at(0, 10, 2));
    r = await run(at(0, 10, 5));
    // 09:55 − the lag is in hour 9: it is read again, nothing before it
    expect(r.from).toEqual(at(0, 9, 0));
    await expectExact('10:05');

    // a transaction that began at 09:58 commits after the 10:05 run: the next run reads hour 9 again
    await play(at(0, 9, 58), 2);
    r = await run(at(0, 10, 11));
    expect([r.from, r.openFrom]).toEqual([at(0, 9, 0), at(0, 10, 0)]);
    await expectExact('10:11, hour 9 closed with its late rows');

    await play(at(0, 10, 20), 4);
    await play(at(0, 10, 9), 2); // began before the 10:11 run, committed after it
    r = await run(at(0, 10, 30));
    // hour 9 closed at 10:11: this run reads hour 10 only
    expect(r.from).toEqual(at(0, 10, 0));
    const hour10 = (await ledgerRows(ctx)).filter(
      (x) => x.at.getTime() >= at(0, 10, 0).getTime() && x.at.getTime() < at(0, 11, 0).getTime(),
    ).length;
    expect(r.rows).toBe(hour10);
    await expectExact('10:30');
    await run(at(0, 10, 31));
    await expectExact('10:31, nothing new');

    await play(at(0, 11, 5));
    await run(at(0, 11, 8));
    await play(at(0, 11, 15));
    await play(at(0, 11, 7), 1);
    r = await run(at(0, 11, 20));
    expect([r.from, r.openFrom]).toEqual([at(0, 10, 0), at(0, 11, 0)]);
    await expectExact('11:20, hour 10 closed');

    // across midnight: hour 23 closes in the next day's first run after 00:10
    await play(at(0, 23, 55), 4);
    await run(at(1, 0, 3));
    await play(at(0, 23, 59, 30), 2);
    await play(at(1, 0, 5), 3);
    r = await run(at(1, 0, 12));
    expect([r.from, r.openFrom]).toEqual([at(0, 23, 0), at(1, 0, 0)]);
    await expectExact('00:12 the next day, the first day closed');

    // a new leader's first run rewrites the open day: the same figures
    await play(at(1, 0, 40), 2);
    r = await run(at(1, 0, 45), { openDay: true });
    expect(r.from).toEqual(at(1, 0, 0));
    await expectExact('the open day rewritten');
    await play(at(1, 1, 30), 2);
    await run(at(1, 1, 35));
    await expectExact('01:35');
  }, 240_000);

  // a measurement, printed and not asserted (docs/decisions/back-office.md): one run late in a busy
  // day, the open hours only against the whole open day (what every run did before)
  it.skipIf(db !== 'postgres')(
    'times one run: the open hours against the whole open day',
    async () => {
      const perHour = 10_000;
      const seed = (fromHour: number, hours: number, tag: string) =>
        sql`
      INSERT INTO ledger_entries (user_id, delta, balance_after, kind, ref, idempotency_key, created_at)
      SELECT (${users}::bigint[])[1 + i % ${users.length}],
        CASE WHEN i % 2 = 0 THEN -(100 + i % 900) ELSE 150 + i % 700 END, 0,
        CASE WHEN i % 2 = 0 THEN 'bet' ELSE 'win' END, NULL,
        CASE WHEN i % 4 < 2 THEN 'crash' ELSE 'roulette' END || CASE WHEN i % 2 = 0 THEN ':bet:' ELSE ':win:' END
          || ${tag} || (i / 2),
        ${at(1, fromHour, 0)}::timestamptz + (i * (${hours} * 3600.0 / ${hours * perHour})) * interval '1 second'
      FROM generate_series(0, ${hours * perHour - 1}) i`.execute(ctx.db);
      await seed(2, 12, 'm');
      await run(at(1, 14, 5));
      await seed(14, 1, 'n');
      const hourRuns: number[] = [];
      const dayRuns: number[] = [];
      let hourRows = 0;
      let dayRows = 0;
      for (let i = 0; i < 3; i++) {
        const h = await run(at(1, 14, 45 + i * 2));
        hourRuns.push(h.ms);
        hourRows = h.rows;
        const d = await run(at(1, 14, 46 + i * 2), { openDay: true });
        dayRuns.push(d.ms);
        dayRows = d.rows;
      }
      const median = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[1] as number);
      console.log(
        `rollup run at 14:45 of a day of ${15 * perHour} ledger rows: open hours ${hourRows} rows in ${median(hourRuns)} ms ` +
          `(${hourRuns.map(Math.round).join(', ')}); whole open day ${dayRows} rows in ${median(dayRuns)} ms ` +
          `(${dayRuns.map(Math.round).join(', ')})`,
      );
      expect(hourRows).toBeLessThan(dayRows);
    },
    240_000,
  );
});
