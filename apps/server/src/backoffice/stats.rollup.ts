import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../platform/db-types.ts';
import { inTransaction } from '../platform/tx.ts';
import { kindsOf } from '../platform/wallet.ts';

/** The ledger kinds of a game's money: stakes, wins and refunds (wallet.ts LEDGER_CLASSES). */
export const GAME_KINDS = kindsOf('stake', 'win', 'refund');
export const STAKE_KINDS = kindsOf('stake');
export const WIN_KINDS = kindsOf('win');
export const REFUND_KINDS = kindsOf('refund');

/**
 * How long after its end an hour may still get ledger rows: a transaction that began before the hour
 * ended and commits after it writes rows stamped with its start (now()). Far longer than any
 * transaction (statement and idle timeouts are seconds).
 */
export const OPEN_LAG_MINUTES = 10;
/** Rollup marks older than this are pruned (one is written per run). */
const MARK_KEEP_DAYS = 3;
/** Biggest wins kept per day and game. */
export const TOP_WINS = 5;
/** Serializes runs (the leader's loop, a test's direct call, the bench). */
const ROLLUP_LOCK = 727_031;

/**
 * Each ledger row's game, from the row itself (docs/decisions/back-office.md, "Which game"):
 * - slots (keys slots:…, ref slots:<round>): 'slots:<provider game code>' from slot_rounds;
 * - round games and coinflip (keys <game>:bet|win|refund:<id>): the key's first part;
 * - the bets table's games (keys bet:<id>, win:<id>, bet_refund:<id>, bj:…, ref = the bet's id):
 *   bets.game;
 * - any other stake, win or refund: 'other'; every other kind: '' (no game).
 * Also the stake a win answers (for its multiplier), from the same rows.
 */
const SOURCE = (
  fromId: number | RawBuilder<unknown>,
  from: Date | RawBuilder<unknown> | null,
  also: RawBuilder<unknown> = sql``,
) => sql`
  SELECT l.id, l.user_id, l.kind, l.delta, l.created_at, b.id AS bet_id,
    date_trunc('hour', l.created_at AT TIME ZONE 'UTC') AS hour_utc,
    CASE
      WHEN l.kind <> ALL(${GAME_KINDS}::text[]) THEN ''
      WHEN l.idempotency_key LIKE 'slots:%' THEN 'slots:' || COALESCE(sr.game_code, '?')
      WHEN l.idempotency_key ~ '^[a-z0-9_-]+:(bet|win|refund):' THEN split_part(l.idempotency_key, ':', 1)
      ELSE COALESCE(b.game, 'other')
    END AS game,
    CASE WHEN l.kind = ANY(${WIN_KINDS}::text[]) THEN COALESCE(b.stake, rb.amount, cf.amount, sr.stake) END
      AS win_stake
  FROM ledger_entries l
  -- LATERAL: one index probe per ledger row read (a plain join may hash the whole bets table)
  LEFT JOIN LATERAL (SELECT id, game, stake FROM bets WHERE id = CASE
    WHEN l.kind = ANY(${GAME_KINDS}::text[]) AND l.ref ~ '^[0-9]{1,18}$' THEN l.ref::bigint END) b ON true
  LEFT JOIN LATERAL (SELECT game_code, stake FROM slot_rounds WHERE user_id = l.user_id AND round_id = CASE
    WHEN l.kind = ANY(${GAME_KINDS}::text[]) AND l.ref LIKE 'slots:%' THEN substr(l.ref, 7) END) sr ON true
  LEFT JOIN LATERAL (SELECT amount FROM round_bets WHERE id = CASE
    WHEN l.idempotency_key ~ '^(crash|roulette):win:[0-9]{1,18}$' THEN split_part(l.idempotency_key, ':', 3)::bigint END) rb ON true
  LEFT JOIN LATERAL (SELECT amount FROM coinflips WHERE id = CASE
    WHEN l.idempotency_key ~ '^coinflip:win:[0-9]{1,18}$' THEN split_part(l.idempotency_key, ':', 3)::bigint END) cf ON true
  WHERE l.id > ${fromId} ${from ? sql`AND l.created_at >= ${from}` : sql``}
    ${also}`;

/**
 * The start of the hours the rollup still keeps open, from its latest mark, in SQL (one statement
 * reads it with the rollup tables, so both are of the same run): stats_player_days holds exactly the
 * ledger rows before it; a reader adds the rows since (openLedgerRows).
 */
const OPEN_FROM = sql`(SELECT date_trunc('hour', max(taken_at) AT TIME ZONE 'UTC'
  - make_interval(mins => ${OPEN_LAG_MINUTES})) AT TIME ZONE 'UTC' FROM stats_marks)`;

/**
 * The ledger rows of the open hours (each with its game, as the rollup sees it), optionally of one
 * player, optionally only when the open hours begin before `before` (else none are read): what
 * stats_player_days does not hold yet. Found by primary key (or the player's index) from the last
 * mark taken before the open hours began.
 */
export const openLedgerRows = (opts: { userId?: number; before?: Date } = {}) =>
  SOURCE(
    sql`COALESCE((SELECT max_id FROM stats_marks WHERE taken_at <= ${OPEN_FROM} ORDER BY taken_at DESC LIMIT 1), 0)`,
    OPEN_FROM,
    sql`${opts.userId === undefined ? sql`` : sql`AND l.user_id = ${opts.userId}`}
      ${opts.before === undefined ? sql`` : sql`AND ${OPEN_FROM} < ${opts.before}`}`,
  );

export interface RollupRun {
  /** The first hour recomputed (null: everything, the first run or a rebuild). */
  from: Date | null;
  /** The start of the hours still open after this run (stats_player_days holds the rows before it). */
  openFrom: Date;
  /** Ledger rows read. */
  rows: number;
  ms: number;
}

export interface RollupOptions {
  /** Recompute everything (rows imported into a closed hour). */
  rebuild?: boolean;
  /**
   * Recompute the whole UTC day of the open hours (the leader's first run: whatever an earlier
   * version left for the open day is rewritten). Costs the day's rows, like every run did before.
   */
  openDay?: boolean;
  /** The run's time (tests that replay a day): the mark's stamp instead of the clock. */
  at?: Date;
}

/**
 * Brings the rollup tables up to date (docs/decisions/back-office.md, "Only the open hours"). Every
 * ledger row is stamped with its transaction's start, and no transaction lasts OPEN_LAG_MINUTES, so
 * after a run stamped T only the hours from date_trunc('hour', T − lag) can still get rows: the next
 * run recomputes exactly those (stats_hours, stats_hour_players, the biggest wins, and from the
 * hours the open days' stats_day_kinds and stats_days), and adds to stats_player_days the hours that
 * have closed since (each hour once: a row is there iff it is older than the latest run's open
 * start). Rows are found by primary key from the last mark taken before the first open hour.
 */
export async function refreshStats(db: Kysely<DB>, opts: RollupOptions = {}): Promise<RollupRun> {
  const started = performance.now();
  return inTransaction(db, async ({ tx }) => {
    await sql`SELECT pg_advisory_xact_lock(${ROLLUP_LOCK})`.execute(tx);
    // the planner's row guesses (generate_series, the CTEs) cross the JIT threshold on a large ledger:
    // compiling costs more than a second, the run itself a fraction of that
    await sql`SET LOCAL jit = off`.execute(tx);
    // a rebuild forgets what was seen: every hour is recomputed (rows imported into a closed hour)
    if (opts.rebuild) await sql`DELETE FROM stats_marks`.execute(tx);
    const lag = sql`make_interval(mins => ${OPEN_LAG_MINUTES})`;
    // the previous run's open start: the first hour that could still change
    const window = await sql<{ from_hour: Date | null }>`
      SELECT date_trunc(${opts.openDay ? 'day' : 'hour'}, max(taken_at) AT TIME ZONE 'UTC' - ${lag})
        AT TIME ZONE 'UTC' AS from_hour FROM stats_marks`.execute(tx);
    const fromHour = window.rows[0]?.from_hour;
    const from = fromHour ? new Date(fromHour) : null;
    const fromIdRow = from
      ? await sql<{ id: string | number | null }>`
          SELECT max_id AS id FROM stats_marks WHERE taken_at <= ${from} ORDER BY taken_at DESC LIMIT 1`.execute(
          tx,
        )
      : null;
    const fromId = Number(fromIdRow?.rows[0]?.id ?? 0);
    // the mark of this run: ids seen now, stamped after they were read; and its open start
    const mark = await sql<{
      max_id: string | number | null;
    }>`SELECT max(id) AS max_id FROM ledger_entries`.execute(tx);
    const maxId = Number(mark.rows[0]?.max_id ?? 0);
    const stamped = await sql<{ at: Date; open_from: Date }>`
      WITH m AS (
        INSERT INTO stats_marks (taken_at, max_id) VALUES (COALESCE(${opts.at ?? null}::timestamptz, clock_timestamp()), ${maxId})
        ON CONFLICT (taken_at) DO UPDATE SET max_id = excluded.max_id RETURNING taken_at
      )
      SELECT taken_at AS at, date_trunc('hour', taken_at AT TIME ZONE 'UTC' - ${lag}) AT TIME ZONE 'UTC' AS open_from
      FROM m`.execute(tx);
    const openFrom = new Date(stamped.rows[0]?.open_from as Date);
    const runAt = new Date(stamped.rows[0]?.at as Date);
    const fromDay = from ? sql`(${from}::timestamptz AT TIME ZONE 'UTC')::date` : null;

    if (from && fromDay) {
      await sql`DELETE FROM stats_hours WHERE hour >= ${from}`.execute(tx);
      await sql`DELETE FROM stats_hour_players WHERE hour >= ${from}`.execute(tx);
      await sql`DELETE FROM stats_top_wins WHERE day >= ${fromDay} AND at >= ${from}`.execute(tx);
      await sql`DELETE FROM stats_days WHERE day >= ${fromDay}`.execute(tx);
      await sql`DELETE FROM stats_day_kinds WHERE day >= ${fromDay}`.execute(tx);
      // the open day's player rows are written again from its start (the rows before `from` are there)
      if (opts.openDay) await sql`DELETE FROM stats_player_days WHERE day >= ${fromDay}`.execute(tx);
    } else {
      for (const t of [
        'stats_hours',
        'stats_day_kinds',
        'stats_hour_players',
        'stats_player_days',
        'stats_days',
        'stats_top_wins',
        'stats_first_deposits',
      ])
        await sql`DELETE FROM ${sql.table(t)}`.execute(tx);
    }
    const openHour = sql`(${openFrom}::timestamptz AT TIME ZONE 'UTC')`;
    const counted = await sql<{ n: string | number }>`
      WITH src AS MATERIALIZED (${SOURCE(fromId, from)}),
      h AS (
        INSERT INTO stats_hours (hour, game, kind, amount, entries, sq, max_multiplier)
        SELECT hour_utc AT TIME ZONE 'UTC', game, kind, sum(delta), count(*),
          sum(delta::float8 * delta::float8),
          max(CASE WHEN win_stake > 0 THEN delta::float8 / win_stake END)
        FROM src GROUP BY hour_utc, game, kind
      ),
      hp AS (
        INSERT INTO stats_hour_players (hour, players)
        SELECT hour_utc AT TIME ZONE 'UTC', count(DISTINCT user_id)
        FROM src WHERE kind = ANY(${STAKE_KINDS}::text[]) GROUP BY hour_utc
      ),
      -- the hours closed since the previous run, added once (the open ones are read live)
      pd AS (
        INSERT INTO stats_player_days (day, user_id, game, kind, amount, entries)
        SELECT hour_utc::date, user_id, game, kind, sum(delta), count(*)
        FROM src WHERE hour_utc < ${openHour} GROUP BY hour_utc::date, user_id, game, kind
        ON CONFLICT (day, user_id, game, kind) DO UPDATE SET
          amount = stats_player_days.amount + excluded.amount, entries = stats_player_days.entries + excluded.entries
      ),
      -- each open day's stakers: its closed hours' (the table as this statement began) and the rows read
      ad AS (
        INSERT INTO stats_days (day, active_players, new_players, first_depositors, net)
        SELECT day, count(DISTINCT user_id), 0, 0, 0 FROM (
          SELECT day, user_id FROM stats_player_days
          WHERE kind = 'bet' AND ${fromDay ? sql`day >= ${fromDay}` : sql`false`}
          UNION ALL
          SELECT hour_utc::date, user_id FROM src WHERE kind = 'bet'
        ) x GROUP BY day
      ),
      -- the biggest wins of the open hours join the closed hours' (trimmed to TOP_WINS a day below)
      tw AS (
        INSERT INTO stats_top_wins (day, game, ledger_id, user_id, amount, bet_id, at)
        SELECT day, game, id, user_id, delta, bet_id, created_at FROM (
          SELECT hour_utc::date AS day, game, id, user_id, delta, bet_id, created_at,
            row_number() OVER (PARTITION BY hour_utc::date, game ORDER BY delta DESC, id) AS k
          FROM src WHERE kind = ANY(${WIN_KINDS}::text[]) AND delta > 0
        ) t WHERE k <= ${TOP_WINS}
      ),
      -- a rebuild also leaves a mark for each day of the history: the largest id of the rows two hours
      -- or more before the day began (no transaction lasts OPEN_LAG_MINUTES), so the next runs find
      -- the open day's rows by primary key at once
      mk AS (
        INSERT INTO stats_marks (taken_at, max_id)
        SELECT valid_for AT TIME ZONE 'UTC', max(m) OVER (ORDER BY valid_for) FROM (
          SELECT date_trunc('day', hour_utc + interval '2 hours') + interval '1 day' AS valid_for, max(id) AS m
          FROM src WHERE ${from === null} GROUP BY 1
        ) t WHERE valid_for AT TIME ZONE 'UTC' < ${runAt}
        ON CONFLICT (taken_at) DO NOTHING
      ),
      -- each staker's last day moves forward only; the histogram of last days (stats_last_days)
      -- moves with it: one player off the old day, onto the new one
      pl_new AS (
        SELECT user_id, g AS game, max(hour_utc)::date AS d FROM src,
          LATERAL (VALUES (src.game), ('')) AS v(g)
        WHERE kind = ANY(${STAKE_KINDS}::text[]) GROUP BY user_id, g
      ),
      pl_moved AS (
        SELECT n.user_id, n.game, n.d, o.last_day AS old FROM pl_new n
        LEFT JOIN stats_player_last o ON o.user_id = n.user_id AND o.game = n.game
        WHERE o.last_day IS NULL OR o.last_day < n.d
      ),
      pl AS (
        INSERT INTO stats_player_last (user_id, game, last_day)
        SELECT user_id, game, d FROM pl_moved
        ON CONFLICT (user_id, game) DO UPDATE SET last_day = excluded.last_day
      ),
      ld AS (
        INSERT INTO stats_last_days (game, last_day, players)
        SELECT game, day, sum(delta) FROM (
          SELECT game, d AS day, 1 AS delta FROM pl_moved
          UNION ALL
          SELECT game, old, -1 FROM pl_moved WHERE old IS NOT NULL
        ) x GROUP BY game, day
        ON CONFLICT (game, last_day) DO UPDATE SET players = stats_last_days.players + excluded.players
      ),
      fd AS (
        INSERT INTO stats_first_deposits (user_id, first_at)
        SELECT user_id, min(hour_utc) AT TIME ZONE 'UTC' FROM src WHERE kind = 'deposit' GROUP BY user_id
        ON CONFLICT (user_id) DO UPDATE SET first_at = LEAST(stats_first_deposits.first_at, excluded.first_at)
      )
      SELECT count(*) AS n FROM src`.execute(tx);
    // the first deposit's hour is enough for the daily and hourly counts; the exact time is in the ledger

    // a day keeps its TOP_WINS biggest: the ledger only grows, so a win trimmed here never comes back
    await sql`
      DELETE FROM stats_top_wins t USING (
        SELECT day, game, ledger_id,
          row_number() OVER (PARTITION BY day, game ORDER BY amount DESC, ledger_id) AS k
        FROM stats_top_wins ${fromDay ? sql`WHERE day >= ${fromDay}` : sql``}
      ) r
      WHERE t.day = r.day AND t.game = r.game AND t.ledger_id = r.ledger_id AND r.k > ${TOP_WINS}`.execute(
      tx,
    );
    await sql`
      INSERT INTO stats_day_kinds (day, kind, amount, entries)
      SELECT (hour AT TIME ZONE 'UTC')::date, kind, sum(amount), sum(entries) FROM stats_hours
      ${fromDay ? sql`WHERE hour >= ${fromDay}::timestamp AT TIME ZONE 'UTC'` : sql``} GROUP BY 1, kind`.execute(
      tx,
    );
    await sql`
      INSERT INTO stats_days (day, active_players, new_players, first_depositors, net)
      SELECT d.day, 0,
        (SELECT count(*) FROM users u WHERE u.created_at >= d.day::timestamp AT TIME ZONE 'UTC'
           AND u.created_at < (d.day + 1)::timestamp AT TIME ZONE 'UTC'),
        (SELECT count(*) FROM stats_first_deposits f WHERE f.first_at >= d.day::timestamp AT TIME ZONE 'UTC'
           AND f.first_at < (d.day + 1)::timestamp AT TIME ZONE 'UTC'),
        COALESCE((SELECT sum(amount) FROM stats_hours s WHERE s.hour >= d.day::timestamp AT TIME ZONE 'UTC'
           AND s.hour < (d.day + 1)::timestamp AT TIME ZONE 'UTC'), 0)
      FROM (
        SELECT generate_series(
          COALESCE(${fromDay ?? sql`NULL::date`},
            LEAST((SELECT min(hour) FROM stats_hours), (SELECT min(created_at) FROM users), now())
              AT TIME ZONE 'UTC')::date,
          GREATEST(now(), ${runAt}::timestamptz) AT TIME ZONE 'UTC', interval '1 day')::date AS day
      ) d
      ON CONFLICT (day) DO UPDATE SET new_players = excluded.new_players,
        first_depositors = excluded.first_depositors, net = excluded.net`.execute(tx);
    await sql`DELETE FROM stats_marks WHERE taken_at < now() - make_interval(days => ${MARK_KEEP_DAYS})
      AND taken_at < (SELECT max(taken_at) FROM stats_marks)`.execute(tx);
    return { from, openFrom, rows: Number(counted.rows[0]?.n ?? 0), ms: performance.now() - started };
  });
}
