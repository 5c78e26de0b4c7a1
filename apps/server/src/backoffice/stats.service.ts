import {
  type StatsGameRow,
  type StatsGames,
  type StatsOverview,
  type StatsSeriesPoint,
  centsToCoins,
  rtpBand,
} from '@coinsite/shared';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../platform/db-types.ts';
import {
  daysOf,
  figuresOf,
  kindSums,
  MIN_BETS_TO_FLAG,
  pct,
  theoreticalRtp,
  unitVariance,
  type Window,
} from './stats.figures.ts';
import { openLedgerRows, STAKE_KINDS, TOP_WINS, WIN_KINDS } from './stats.rollup.ts';

type Num = number | string;
const n = (v: Num | null | undefined): number => Number(v ?? 0);
const coins = (cents: number) => centsToCoins(cents);

/**
 * Whether the window runs to today (the presets): its players are then counted from each player's
 * last day with a stake (the histogram stats_last_days), not a distinct count over its player-days.
 */
const endsToday = (w: Window): boolean => w.to.getTime() > Date.now();

/**
 * Who staked on which game over the UTC days first…last: the closed hours from stats_player_days,
 * the hours still open from the ledger (a custom window may end inside them).
 */
const stakersOf = (first: string, last: string) => sql`
  SELECT user_id, game FROM stats_player_days
  WHERE kind = 'bet' AND day BETWEEN ${first}::date AND ${last}::date
  UNION ALL
  SELECT user_id, game FROM (${openLedgerRows({ before: new Date(Date.parse(`${last}T00:00:00Z`) + 86_400_000) })}) o
  WHERE kind = 'bet' AND hour_utc::date BETWEEN ${first}::date AND ${last}::date`;

/** When the rollup last ran (its newest mark). */
export async function rollupAsOf(db: Kysely<DB>): Promise<string | null> {
  const r = await sql<{ at: Date | null }>`SELECT max(taken_at) AS at FROM stats_marks`.execute(db);
  const at = r.rows[0]?.at;
  return at ? new Date(at).toISOString() : null;
}

/** The overview of a window, from the rollup tables only. */
export async function overview(db: Kysely<DB>, w: Window): Promise<StatsOverview> {
  const { first, last } = daysOf(w);
  // windows of whole days read the daily report; hourly ones the hours
  const series =
    w.granularity === 'hour'
      ? sql<{ b: Date; kind: string; amount: Num; entries: Num }>`
          SELECT hour AS b, kind, sum(amount) AS amount, sum(entries) AS entries FROM stats_hours
          WHERE hour >= ${w.from} AND hour < ${w.to} GROUP BY 1, kind ORDER BY 1`.execute(db)
      : sql<{ b: Date; kind: string; amount: Num; entries: Num }>`
          SELECT day::timestamp AT TIME ZONE 'UTC' AS b, kind, amount, entries FROM stats_day_kinds
          WHERE day BETWEEN ${first}::date AND ${last}::date ORDER BY day`.execute(db);
  const [byBucket, distinct, news, cashier, liab, asOf] = await Promise.all([
    series,
    endsToday(w)
      ? sql<{ n: Num }>`
          SELECT COALESCE(sum(players), 0) AS n FROM stats_last_days
          WHERE game = '' AND last_day >= ${first}::date`.execute(db)
      : sql<{ n: Num }>`
          SELECT count(DISTINCT user_id) AS n FROM (${stakersOf(first, last)}) s`.execute(db),
    sql<{ players: Num; depositors: Num }>`
      SELECT (SELECT count(*) FROM users WHERE created_at >= ${w.from} AND created_at < ${w.to}) AS players,
        (SELECT count(*) FROM stats_first_deposits WHERE first_at >= ${w.from} AND first_at < ${w.to}) AS depositors`.execute(
      db,
    ),
    sql<{ paid: Num; pending: Num }>`
      SELECT
        COALESCE(sum(site_value) FILTER (WHERE state = 3 AND created_at >= ${w.from} AND created_at < ${w.to}), 0) AS paid,
        COALESCE(sum(site_value) FILTER (WHERE state IN (1, 4)), 0) AS pending
      FROM cashier_transactions WHERE type = 'withdraw' AND (state IN (1, 4) OR created_at >= ${w.from})`.execute(
      db,
    ),
    sql<{ total: Num }>`SELECT COALESCE(sum(net), 0) AS total FROM stats_days`.execute(db),
    rollupAsOf(db),
  ]);
  const f = figuresOf(kindSums(byBucket.rows));
  const active =
    w.granularity === 'hour'
      ? await sql<{ b: Date; players: Num }>`
          SELECT hour AS b, players FROM stats_hour_players WHERE hour >= ${w.from} AND hour < ${w.to}`.execute(
          db,
        )
      : await sql<{ b: Date; players: Num }>`
          SELECT day::timestamp AT TIME ZONE 'UTC' AS b, active_players AS players FROM stats_days
          WHERE day BETWEEN ${first}::date AND ${last}::date`.execute(db);
  return {
    from: w.from.toISOString(),
    to: w.to.toISOString(),
    asOf,
    wagered: coins(f.wagered),
    paid: coins(f.paid),
    ggr: coins(f.ggr),
    bonusCost: coins(f.bonusCost),
    bonusByKind: Object.fromEntries(
      Object.entries(f.bonusByKind).map(([k, v]) => [k, coins(v)]),
    ) as StatsOverview['bonusByKind'],
    adminCredits: coins(f.adminCredits),
    ngr: coins(f.ngr),
    holdPct: pct(f.ggr, f.wagered),
    bets: f.bets,
    activePlayers: n(distinct.rows[0]?.n),
    newPlayers: n(news.rows[0]?.players),
    firstDepositors: n(news.rows[0]?.depositors),
    deposits: coins(f.deposits),
    withdrawals: coins(f.withdrawalsRequested - f.withdrawalsRefunded),
    withdrawalsRequested: coins(f.withdrawalsRequested),
    withdrawalsRefunded: coins(f.withdrawalsRefunded),
    withdrawalsPaid: coins(n(cashier.rows[0]?.paid)),
    withdrawalsPending: coins(n(cashier.rows[0]?.pending)),
    liabilities: coins(n(liab.rows[0]?.total)),
    granularity: w.granularity,
    series: seriesOf(w, byBucket.rows, active.rows),
  };
}

/** One point per day (or hour) of the window, zeros where nothing happened. */
function seriesOf(
  w: Window,
  rows: ReadonlyArray<{ b: Date; kind: string; amount: Num; entries: Num }>,
  active: ReadonlyArray<{ b: Date; players: Num }>,
): StatsSeriesPoint[] {
  const step = w.granularity === 'hour' ? 3_600_000 : 86_400_000;
  const byBucket = new Map<number, Array<{ kind: string; amount: Num; entries: Num }>>();
  for (const r of rows) {
    const t = new Date(r.b).getTime();
    const key = t;
    const list = byBucket.get(key) ?? [];
    list.push(r);
    byBucket.set(key, list);
  }
  const players = new Map(active.map((a) => [new Date(a.b).getTime(), n(a.players)]));
  const out: StatsSeriesPoint[] = [];
  for (let t = w.from.getTime(); t < w.to.getTime(); t += step) {
    const f = figuresOf(kindSums(byBucket.get(t) ?? []));
    out.push({
      date: w.granularity === 'hour' ? new Date(t).toISOString() : new Date(t).toISOString().slice(0, 10),
      wagered: coins(f.wagered),
      paid: coins(f.paid),
      ggr: coins(f.ggr),
      deposits: coins(f.deposits),
      withdrawals: coins(f.withdrawalsRequested - f.withdrawalsRefunded),
      activePlayers: players.get(t) ?? 0,
      bonusCost: coins(f.bonusCost),
      bets: f.bets,
    });
  }
  return out;
}

interface GameSums {
  game: string;
  kind: string;
  amount: Num;
  entries: Num;
  sq: Num;
  max_multiplier: Num | null;
}

/** Per game: wagered, paid, GGR, realised against designed RTP with its ±3σ band. */
export async function games(db: Kysely<DB>, w: Window): Promise<StatsGames> {
  const { first, last } = daysOf(w);
  const sums = await sql<GameSums>`
    SELECT game, kind, sum(amount) AS amount, sum(entries) AS entries, sum(sq) AS sq,
      max(max_multiplier) AS max_multiplier
    FROM stats_hours WHERE game <> '' AND hour >= ${w.from} AND hour < ${w.to} GROUP BY game, kind`.execute(
    db,
  );
  const names = [...new Set(sums.rows.map((r) => r.game))];
  const players = endsToday(w)
    ? await sql<{ game: string; n: Num }>`
        SELECT game, sum(players) AS n FROM stats_last_days
        WHERE game = ANY(${names}::text[]) AND last_day >= ${first}::date GROUP BY game`.execute(db)
    : await sql<{ game: string; n: Num }>`
        SELECT game, count(DISTINCT user_id) AS n FROM (${stakersOf(first, last)}) s GROUP BY game`.execute(
        db,
      );
  const playersOf = new Map(players.rows.map((r) => [r.game, n(r.n)]));
  const rows = gameRows(sums.rows).map((g) => ({ ...g, players: playersOf.get(g.game) ?? 0 }));
  const wins = await biggestWins(
    db,
    rows.map((r) => r.game),
    w,
  );
  return {
    from: w.from.toISOString(),
    to: w.to.toISOString(),
    minBets: MIN_BETS_TO_FLAG,
    games: rows.map((r) => ({ ...r, biggestWins: wins.get(r.game) ?? [] })),
  };
}

/** Game rows (without players and biggest wins) from summed rollup rows. */
export function gameRows(rows: readonly GameSums[]): Array<Omit<StatsGameRow, 'players' | 'biggestWins'>> {
  const byGame = new Map<string, GameSums[]>();
  for (const r of rows) byGame.set(r.game, [...(byGame.get(r.game) ?? []), r]);
  const out = [];
  for (const [game, list] of byGame) {
    const f = figuresOf(kindSums(list));
    const stakeSq = list
      .filter((r) => STAKE_KINDS.includes(r.kind as never))
      .reduce((t, r) => t + n(r.sq), 0);
    const paidSq = list.filter((r) => WIN_KINDS.includes(r.kind as never)).reduce((t, r) => t + n(r.sq), 0);
    const maxMult = list.reduce<number | null>(
      (m, r) => (r.max_multiplier === null ? m : Math.max(m ?? 0, n(r.max_multiplier))),
      null,
    );
    const theo = theoreticalRtp(game);
    const rtp = pct(f.paid, f.wagered);
    const band =
      theo === null || f.wagered <= 0
        ? null
        : rtpBand({
            theoreticalRtp: theo,
            wagered: f.wagered,
            stakeSq,
            paidSq,
            unitVariance: unitVariance(game),
          });
    out.push({
      game,
      bets: f.bets,
      wagered: coins(f.wagered),
      paid: coins(f.paid),
      ggr: coins(f.ggr),
      rtp,
      theoreticalRtp: theo,
      low: band ? Math.round(band.low * 100) / 100 : null,
      high: band ? Math.round(band.high * 100) / 100 : null,
      flagged: Boolean(
        band && rtp !== null && f.bets >= MIN_BETS_TO_FLAG && (rtp < band.low || rtp > band.high),
      ),
      biggestMultiplier: maxMult === null ? null : Math.round(maxMult * 100) / 100,
    });
  }
  return out.sort((a, b) => b.wagered - a.wagered || a.game.localeCompare(b.game));
}

/**
 * The biggest wins of each game in the window (kept per day by the rollup), each with the id of its
 * bet page (GET /api/bets/:id, /bets/:id), resolved here from the win's ledger row so a slot round
 * that settled after the rollup ran still gets its link:
 * - a bets-table game (dice … battles): the bet's id (the rollup's bet_id);
 * - crash and roulette (key `<game>:win:<round bet>`): `crash-12`, when that round bet exists;
 * - coinflip (key `coinflip:win:<flip>`): `coinflip-<flip>-<seat>`, the winner's seat (1 creator, 2 opponent);
 * - slots (ref `slots:<round>`): the bets row its round settled into (slot_rounds.bet_id).
 */
const WIN_LINK = sql`
  CASE
    WHEN rb.id IS NOT NULL THEN rb.game || '-' || rb.id
    WHEN cf.id IS NOT NULL THEN 'coinflip-' || cf.id || '-' || CASE WHEN cf.creator_id = l.user_id THEN 1 ELSE 2 END
    WHEN sr.bet_id IS NOT NULL THEN sr.bet_id::text
    WHEN t.bet_id IS NOT NULL THEN t.bet_id::text
  END`;
const WIN_LINK_JOINS = sql`
  LEFT JOIN ledger_entries l ON l.id = t.ledger_id
  LEFT JOIN round_bets rb ON rb.id = CASE
    WHEN l.idempotency_key ~ '^(crash|roulette):win:[0-9]{1,18}$' THEN split_part(l.idempotency_key, ':', 3)::bigint END
    AND rb.game = split_part(l.idempotency_key, ':', 1)
  LEFT JOIN coinflips cf ON cf.id = CASE
    WHEN l.idempotency_key ~ '^coinflip:win:[0-9]{1,18}$' THEN split_part(l.idempotency_key, ':', 3)::bigint END
    AND l.user_id IN (cf.creator_id, cf.opponent_id)
  LEFT JOIN slot_rounds sr ON sr.user_id = l.user_id AND sr.round_id = CASE
    WHEN l.ref LIKE 'slots:%' THEN substr(l.ref, 7) END`;

async function biggestWins(
  db: Kysely<DB>,
  gameNames: string[],
  w: Window,
): Promise<Map<string, StatsGameRow['biggestWins']>> {
  const out = new Map<string, StatsGameRow['biggestWins']>();
  if (gameNames.length === 0) return out;
  const { first, last } = daysOf(w);
  const res = await sql<{ game: string; link: string | null; user_id: Num; amount: Num; at: Date }>`
    SELECT t.game, ${WIN_LINK} AS link, t.user_id, t.amount, t.at FROM (
      SELECT game, ledger_id, bet_id, user_id, amount, at,
        row_number() OVER (PARTITION BY game ORDER BY amount DESC, ledger_id) AS k
      FROM stats_top_wins WHERE day BETWEEN ${first}::date AND ${last}::date
    ) t ${WIN_LINK_JOINS}
    WHERE t.k <= ${TOP_WINS} ORDER BY t.game, t.k`.execute(db);
  for (const r of res.rows) {
    const list = out.get(r.game) ?? [];
    list.push({
      betId: r.link,
      userId: String(r.user_id),
      amount: coins(n(r.amount)),
      at: new Date(r.at).toISOString(),
    });
    out.set(r.game, list);
  }
  return out;
}
