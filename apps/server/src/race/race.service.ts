import { centsToCoins, coinsToCents } from '@coinsite/shared';
import {
  RACE_PLACES,
  RACE_PODIUM_PLACES,
  RACE_PRIZE_DISTRIBUTION,
  RACE_TEXT,
  RACE_WEEK_MS,
  RACE_WEEKLY_PRIZE_CENTS,
  type RaceCreateBody,
  type RaceCreated,
  type RaceSchedule,
  type RaceEntry,
  type RaceMe,
  type RaceView,
  racePlacePrize,
} from '@coinsite/shared/schemas/race';
import { type Kysely, sql } from 'kysely';
import { DEFAULT_AVATAR_PATH } from '../platform/assets.ts';
import { publicUser, type Viewer } from '../platform/ghost.ts';
import { writeAudit } from '../platform/audit.ts';
import type { Ctx } from '../platform/context.ts';
import type { DB } from '../platform/db-types.ts';
import { Errors } from '../platform/errors.ts';
import { inTransaction, pgErrorCode, type Unit } from '../platform/tx.ts';
import { playersOnBreak } from '../platform/wallet.ts';

/** A race row (times are Clock epoch ms, prize in cents). */
export interface RaceRow {
  id: number;
  prize: number;
  status: 'scheduled' | 'active' | 'paid';
  starts_at: number;
  ends_at: number;
  paid_at: number | null;
}

const COLUMNS = sql.raw('id, prize, status, starts_at, ends_at, paid_at');

function normalize(r: RaceRow): RaceRow {
  return {
    ...r,
    id: Number(r.id),
    prize: Number(r.prize),
    starts_at: Number(r.starts_at),
    ends_at: Number(r.ends_at),
    paid_at: r.paid_at === null ? null : Number(r.paid_at),
  };
}

type Db = Kysely<DB> | Unit['tx'];

async function oneRace(db: Db, where: ReturnType<typeof sql>): Promise<RaceRow | undefined> {
  const { rows } = await sql<RaceRow>`SELECT ${COLUMNS} FROM races WHERE ${where}`.execute(db);
  const r = rows[0];
  return r && normalize(r);
}

export const activeRace = (db: Db) => oneRace(db, sql`status = 'active'`);
export const scheduledRace = (db: Db) => oneRace(db, sql`status = 'scheduled'`);
export const lastPaidRace = (db: Db) =>
  oneRace(db, sql`status = 'paid' ORDER BY ends_at DESC, id DESC LIMIT 1`);

/** The first weekly boundary (Monday 00:00 UTC) after `now`. */
export function nextMonday(now: number): number {
  const d = new Date(now);
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const daysToMonday = (8 - new Date(midnight).getUTCDay()) % 7 || 7;
  return midnight + daysToMonday * 24 * 60 * 60_000;
}

/** Each player's entry value of a race: race_entries plus the settled stakes still queued. */
const standings = (raceId: number) => sql`
  SELECT user_id, SUM(v)::bigint AS value FROM (
    SELECT user_id, value AS v FROM race_entries WHERE race_id = ${raceId}
    UNION ALL
    SELECT user_id, stake AS v FROM race_pending WHERE race_id = ${raceId}
  ) t GROUP BY user_id HAVING SUM(v) > 0`;

interface Standing {
  user_id: number;
  value: number;
  username: string;
  avatar: string;
  ghost: boolean;
}

/** The top ten by value (ties: the lower user id first), with who they are. */
async function topTen(db: Db, raceId: number): Promise<Standing[]> {
  const { rows } = await sql<Standing>`
    SELECT s.user_id, s.value, u.username, u.avatar, u.ghost
    FROM (${standings(raceId)}) s JOIN users u ON u.id = s.user_id
    ORDER BY s.value DESC, s.user_id ASC LIMIT ${RACE_PLACES}`.execute(db);
  return rows.map((r) => ({ ...r, user_id: Number(r.user_id), value: Number(r.value) }));
}

/**
 * Issue 26: the places a race pays. A player on a break at the payout is left out (their stakes
 * still count in the standings shown while it ran, but nothing is paid to them) and the next players
 * move up, so the race pays its places to players who may take a prize.
 */
async function payableTopTen(tx: Unit['tx'], raceId: number): Promise<Standing[]> {
  for (let n = RACE_PLACES; ; n *= 2) {
    const { rows } = await sql<Standing>`
      SELECT s.user_id, s.value, u.username, u.avatar, u.ghost
      FROM (${standings(raceId)}) s JOIN users u ON u.id = s.user_id
      ORDER BY s.value DESC, s.user_id ASC LIMIT ${n}`.execute(tx);
    const ranked = rows.map((r) => ({ ...r, user_id: Number(r.user_id), value: Number(r.value) }));
    const away = await playersOnBreak(
      tx,
      ranked.map((r) => r.user_id),
    );
    const payable = ranked.filter((r) => !away.has(r.user_id));
    if (payable.length >= RACE_PLACES || rows.length < n) return payable.slice(0, RACE_PLACES);
  }
}

function info(r: RaceRow) {
  return { _id: String(r.id), prize: centsToCoins(r.prize), endingDate: new Date(r.ends_at).toISOString() };
}

function entry(ctx: Ctx, s: Standing, viewer: Viewer, paid?: number): RaceEntry {
  const u = publicUser(
    ctx,
    { id: s.user_id, username: s.username, avatar: s.avatar, ghost: s.ghost },
    viewer,
  );
  return {
    value: centsToCoins(s.value),
    _user: { _id: u.id, avatar: u.avatar, username: u.username },
    ...(paid === undefined ? {} : { prize: centsToCoins(paid) }),
  };
}

/** GET /race: the running race and its top ten. */
export async function raceView(ctx: Ctx, viewer: Viewer = null): Promise<RaceView> {
  const race = await activeRace(ctx.db);
  if (!race) return { active: false };
  const top = await topTen(ctx.db, race.id);
  return {
    active: true,
    activeRace: info(race),
    topTen: padPodium(
      ctx,
      top.map((s) => entry(ctx, s, viewer)),
    ),
    prizeDistribution: RACE_PRIZE_DISTRIBUTION,
  };
}

/**
 * Pads the top ten to the podium's three places (issue 27): the original client's leaderboard reads
 * places 1 to 3 unguarded and blanks with fewer, and a race starts with none. A placeholder wagered
 * nothing, has no account (`_id` ""), a name and the default avatar; our client drops it.
 */
function padPodium(ctx: Ctx, entries: RaceEntry[]): RaceEntry[] {
  const out = [...entries];
  while (out.length < RACE_PODIUM_PLACES)
    out.push({
      value: 0,
      _user: { _id: '', username: RACE_TEXT.emptyPlace, avatar: ctx.assets.url(DEFAULT_AVATAR_PATH) },
      placeholder: true,
    });
  return out;
}

/** GET /race/last: the last paid race and what its places were paid. */
export async function lastRaceView(ctx: Ctx, viewer: Viewer = null): Promise<RaceView> {
  const race = await lastPaidRace(ctx.db);
  if (!race) return { active: false };
  const { rows } = await sql<Standing & { amount: number }>`
    SELECT p.user_id, p.value, p.amount, u.username, u.avatar, u.ghost
    FROM race_payouts p JOIN users u ON u.id = p.user_id
    WHERE p.race_id = ${race.id} ORDER BY p.place`.execute(ctx.db);
  return {
    active: true,
    activeRace: info(race),
    topTen: rows.map((r) =>
      entry(ctx, { ...r, user_id: Number(r.user_id), value: Number(r.value) }, viewer, Number(r.amount)),
    ),
    prizeDistribution: RACE_PRIZE_DISTRIBUTION,
  };
}

/** GET /race/me: the player's place (ties as in the top ten) and value in the running race. */
export async function myRace(ctx: Ctx, userId: number): Promise<RaceMe> {
  const race = await activeRace(ctx.db);
  if (!race) return { active: false, myPosition: null, myProgress: 0 };
  const { rows } = await sql<{ value: string | number | null; ahead: string | number }>`
    WITH s AS (${standings(race.id)}),
    me AS (SELECT value FROM s WHERE user_id = ${userId})
    SELECT (SELECT value FROM me) AS value,
      (SELECT COUNT(*) FROM s, me WHERE s.value > me.value OR (s.value = me.value AND s.user_id < ${userId}))
        AS ahead`.execute(ctx.db);
  const row = rows[0];
  if (!row || row.value === null) return { active: true, myPosition: null, myProgress: 0 };
  return { active: true, myPosition: Number(row.ahead) + 1, myProgress: centsToCoins(Number(row.value)) };
}

/** Admin: the running race and the race waiting after it (one at most: a newer one replaces it). */
export async function raceSchedule(ctx: Ctx): Promise<RaceSchedule> {
  const [current, waiting] = await Promise.all([activeRace(ctx.db), scheduledRace(ctx.db)]);
  const withStart = (r: RaceRow) => ({ ...info(r), startsAt: new Date(r.starts_at).toISOString() });
  return { current: current ? withStart(current) : null, scheduled: waiting ? [withStart(waiting)] : [] };
}

/**
 * Admin: a race ending at `endingDate` (epoch seconds) with `prize` coins. With no race running it
 * starts now; otherwise it is the next race, started by the leader when the current one ends (a
 * race waiting already is replaced). Audited in admin_audit_log.
 */
export async function createRace(ctx: Ctx, adminId: number, body: RaceCreateBody): Promise<RaceCreated> {
  const now = ctx.clock.now();
  const endsAt = body.endingDate * 1000;
  const prize = coinsToCents(body.prize);
  if (prize <= 0) throw Errors.badRequest('Prize must be at least 0.10.');
  if (endsAt <= now) throw Errors.badRequest(RACE_TEXT.endingInPast);
  let created: { row: RaceRow; status: 'active' | 'scheduled' };
  try {
    created = await inTransaction(ctx.db, async (unit) => {
      // one admin at a time (and never beside the leader's switch to the next race)
      await sql`SELECT pg_advisory_xact_lock(727011)`.execute(unit.tx);
      const current = await activeRace(unit.tx);
      if (current && endsAt <= current.ends_at) throw Errors.badRequest(RACE_TEXT.endingBeforeCurrent);
      if (current) await sql`DELETE FROM races WHERE status = 'scheduled'`.execute(unit.tx);
      const status = current ? 'scheduled' : 'active';
      const { rows } = await sql<RaceRow>`
        INSERT INTO races (prize, status, starts_at, ends_at, created_by, created_at)
        VALUES (${prize}, ${status}, ${current ? current.ends_at : now}, ${endsAt}, ${adminId}, ${now})
        RETURNING ${COLUMNS}`.execute(unit.tx);
      const row = normalize(rows[0] as RaceRow);
      await writeAudit(unit.tx, {
        actorId: adminId,
        action: 'race-create',
        target: String(row.id),
        details: { endingDate: body.endingDate, prize: body.prize, status },
      });
      return { row, status };
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505')
      throw Errors.badRequest('A race was created at the same time, try again.');
    throw err;
  }
  return {
    ...info(created.row),
    status: created.status,
    startsAt: new Date(created.row.starts_at).toISOString(),
  };
}

/**
 * Starts the next race when none runs: the admin's waiting race, or else a weekly race of the
 * default prize that follows the last one (ending a week after it, skipping weeks already past) or,
 * for the very first, ends on the next Monday 00:00 UTC. Guarded by the one-active index.
 */
export async function startNextRace(ctx: Ctx, unit: Unit): Promise<RaceRow | undefined> {
  const now = ctx.clock.now();
  await sql`SELECT pg_advisory_xact_lock(727011)`.execute(unit.tx);
  if (await activeRace(unit.tx)) return undefined;
  const waiting = await scheduledRace(unit.tx);
  if (waiting) {
    const { rows } = await sql<RaceRow>`
      UPDATE races SET status = 'active', starts_at = LEAST(starts_at, ${now})
      WHERE id = ${waiting.id} AND status = 'scheduled'
      RETURNING ${COLUMNS}`.execute(unit.tx);
    return rows[0] && normalize(rows[0]);
  }
  const last = await lastPaidRace(unit.tx);
  let startsAt = now;
  let endsAt = nextMonday(now);
  if (last) {
    startsAt = last.ends_at;
    endsAt = last.ends_at + RACE_WEEK_MS;
    while (endsAt <= now) endsAt += RACE_WEEK_MS;
  }
  const { rows } = await sql<RaceRow>`
    INSERT INTO races (prize, status, starts_at, ends_at, created_at)
    VALUES (${RACE_WEEKLY_PRIZE_CENTS}, 'active', ${startsAt}, ${endsAt}, ${now})
    RETURNING ${COLUMNS}`.execute(unit.tx);
  return rows[0] && normalize(rows[0]);
}

/** Starts the next race in its own transaction (the leader, when no race runs). */
export async function ensureRace(ctx: Ctx): Promise<RaceRow | undefined> {
  try {
    return await inTransaction(ctx.db, (unit) => startNextRace(ctx, unit));
  } catch (err) {
    if (pgErrorCode(err) === '23505') return undefined; // another node started it
    throw err;
  }
}

/**
 * Folds queued settled stakes into race_entries, per player in user id order (the leader, every
 * tick). Deleting the queue rows and adding them up is one statement, so a stake counts once.
 */
export async function foldPending(ctx: Ctx): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`
    WITH d AS (
      DELETE FROM race_pending WHERE stake_key IN (
        SELECT stake_key FROM race_pending ORDER BY stake_key LIMIT 10000 FOR UPDATE SKIP LOCKED)
      RETURNING race_id, user_id, stake
    ), s AS (
      SELECT race_id, user_id, SUM(stake)::bigint AS stake FROM d GROUP BY race_id, user_id
    ), i AS (
      INSERT INTO race_entries (race_id, user_id, value)
      SELECT race_id, user_id, stake FROM s ORDER BY race_id, user_id
      ON CONFLICT (race_id, user_id) DO UPDATE SET value = race_entries.value + EXCLUDED.value
      RETURNING 1
    )
    SELECT COUNT(*) AS n FROM i`.execute(ctx.db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Pays a race that has ended, exactly once: the status update (WHERE status = 'active' and ended),
 * the standings (race_entries plus queued settled stakes), one race_payouts row per paid place and
 * its ledger credit (kind 'race', a free-history entry, idempotency key race:{id}:{place}) and the
 * start of the next race are one transaction. A second or concurrent payout, on this node or a new
 * leader, finds the race paid and does nothing.
 */
export async function payRace(ctx: Ctx, raceId: number): Promise<boolean> {
  const now = ctx.clock.now();
  const paid = await inTransaction(ctx.db, async (unit) => {
    const { rows } = await sql<RaceRow>`
      UPDATE races SET status = 'paid', paid_at = ${now}
      WHERE id = ${raceId} AND status = 'active' AND ends_at <= ${now}
      RETURNING ${COLUMNS}`.execute(unit.tx);
    if (!rows[0]) return null;
    const race = normalize(rows[0]);
    const top = await payableTopTen(unit.tx, race.id);
    let place = 0;
    for (const s of top) {
      place++;
      const amount = racePlacePrize(race.prize, place);
      await sql`
        INSERT INTO race_payouts (race_id, place, user_id, value, amount)
        VALUES (${race.id}, ${place}, ${s.user_id}, ${s.value}, ${amount})`.execute(unit.tx);
      if (amount > 0)
        await ctx.wallet.apply(unit, {
          userId: s.user_id,
          delta: amount,
          kind: 'race',
          ref: String(race.id),
          idempotencyKey: `race:${race.id}:${place}`,
        });
    }
    const next = await startNextRace(ctx, unit);
    ctx.log.info({ raceId, places: top.length, next: next?.id }, 'race paid');
    return true;
  });
  return paid === true;
}
