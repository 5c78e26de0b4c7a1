import { createHash, createHmac, randomBytes } from 'node:crypto';
import { CHAT_EVENTS, centsToCoins, coinsToCents, type GiveawayState } from '@coinsite/shared';
import {
  GIVEAWAY_RESULT_SHOWN_MS,
  GIVEAWAY_TEXT,
  GIVEAWAY_WAGER_WINDOW_MS,
  type GiveawayCreateBody,
  giveawayText,
  giveawayWinnerIndex,
} from '@coinsite/shared/schemas/giveaway';
import { type Kysely, sql } from 'kysely';
import { writeAudit } from '../platform/audit.ts';
import type { Ctx } from '../platform/context.ts';
import type { DB } from '../platform/db-types.ts';
import { Errors } from '../platform/errors.ts';
import { inTransaction, pgErrorCode } from '../platform/tx.ts';
import { kindsOf, playersOnBreak, refuseOnBreak } from '../platform/wallet.ts';

/** A giveaway row as the service reads it (times are Clock epoch ms, money in cents). */
export interface GiveawayRow {
  id: number;
  prize: number;
  min_wager: number;
  server_seed: string;
  server_seed_hash: string;
  public_seed: string | null;
  winner_index: number | null;
  winner_id: number | null;
  entries_count: number;
  status: 'open' | 'drawn';
  ends_at: number;
  drawn_at: number | null;
  /** the EOS block whose id is the public value, fixed when entries close */
  block_number: number | null;
  public_source: 'eos' | 'entries' | null;
}

const COLUMNS = sql.raw(
  'id, prize, min_wager, server_seed, server_seed_hash, public_seed, winner_index, winner_id, entries_count, status, ends_at, drawn_at, block_number, public_source',
);

const chatNs = (ctx: Ctx) => ctx.realtime.ns('chat');
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** pg returns BIGINT columns as strings unless parsed; keep every number a number. */
function normalizeRow(r: GiveawayRow): GiveawayRow {
  return {
    ...r,
    id: Number(r.id),
    prize: Number(r.prize),
    min_wager: Number(r.min_wager),
    winner_index: num(r.winner_index),
    winner_id: num(r.winner_id),
    entries_count: Number(r.entries_count),
    ends_at: Number(r.ends_at),
    drawn_at: num(r.drawn_at),
    block_number: num(r.block_number),
  };
}

export const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * The fallback public value (when the EOS beacon stays away, see GIVEAWAY_BEACON_GIVE_UP_MS):
 * SHA-256 of "{giveawayId}:{userId},{userId},…" in join order.
 */
export function giveawayPublicSeed(giveawayId: number, userIds: ReadonlyArray<number | string>): string {
  return sha256Hex(`${giveawayId}:${userIds.join(',')}`);
}

/** Winner position (0-based in join order): HMAC-SHA256(key = serverSeed, msg = publicSeed) → 52 bits mod n. */
export function drawIndex(serverSeed: string, publicSeed: string, entries: number): number {
  return giveawayWinnerIndex(createHmac('sha256', serverSeed).update(publicSeed).digest('hex'), entries);
}

/** The giveaway taking entries, if any (at most one: a unique index). */
export async function openGiveaway(db: Kysely<DB>): Promise<GiveawayRow | undefined> {
  const { rows } = await sql<GiveawayRow>`SELECT ${COLUMNS} FROM giveaways WHERE status = 'open'`.execute(db);
  const r = rows[0];
  return r && normalizeRow(r);
}

/** The open giveaway, or else the last drawn one while its result is still shown. */
async function shownGiveaway(ctx: Ctx): Promise<GiveawayRow | undefined> {
  const open = await openGiveaway(ctx.db);
  if (open) return open;
  const { rows } = await sql<GiveawayRow>`
    SELECT ${COLUMNS} FROM giveaways
    WHERE status = 'drawn' AND drawn_at > ${ctx.clock.now() - GIVEAWAY_RESULT_SHOWN_MS}
    ORDER BY id DESC LIMIT 1`.execute(ctx.db);
  const r = rows[0];
  return r && normalizeRow(r);
}

/** What clients see: the seed only once drawn. */
export async function giveawayView(ctx: Ctx, g: GiveawayRow): Promise<GiveawayState> {
  const { rows } = await sql<{ user_id: number }>`
    SELECT user_id FROM giveaway_entries WHERE giveaway_id = ${g.id} ORDER BY position`.execute(ctx.db);
  let winner: GiveawayState['winner'] = null;
  if (g.winner_id !== null) {
    const u = await ctx.db
      .selectFrom('users')
      .select(['id', 'username', 'avatar'])
      .where('id', '=', g.winner_id)
      .executeTakeFirst();
    if (u) winner = { id: String(u.id), username: u.username, avatar: u.avatar };
  }
  const drawn = g.status === 'drawn';
  return {
    _id: String(g.id),
    active: !drawn,
    prize: centsToCoins(g.prize),
    timeLeft: drawn ? 0 : Math.max(0, g.ends_at - ctx.clock.now()),
    players: rows.map((r) => String(r.user_id)),
    minWager: centsToCoins(g.min_wager),
    serverSeedHash: g.server_seed_hash,
    serverSeed: drawn ? g.server_seed : null,
    publicSeed: drawn ? g.public_seed : null,
    publicSource: drawn ? g.public_source : null,
    blockNumber: g.block_number,
    winnerIndex: drawn ? g.winner_index : null,
    winner,
  };
}

/** The history's giveaway part (GET /chat/history): the live state, or the shown result, or null. */
export async function giveawayHistory(ctx: Ctx): Promise<GiveawayState | null> {
  const g = await shownGiveaway(ctx);
  return g ? giveawayView(ctx, g) : null;
}

async function broadcast(ctx: Ctx, id: number): Promise<void> {
  const { rows } = await sql<GiveawayRow>`SELECT ${COLUMNS} FROM giveaways WHERE id = ${id}`.execute(ctx.db);
  const r = rows[0];
  if (r) chatNs(ctx).emit(CHAT_EVENTS.giveawayStateChanged, await giveawayView(ctx, normalizeRow(r)));
}

function broadcastLater(ctx: Ctx, id: number): void {
  void broadcast(ctx, id).catch((err) => ctx.log.error({ err }, 'giveaway state broadcast failed'));
}

/** Admin: starts a giveaway taking entries for `durationMinutes`; its seed's hash is published now. */
export async function createGiveaway(
  ctx: Ctx,
  adminId: number,
  body: GiveawayCreateBody,
): Promise<GiveawayState> {
  const now = ctx.clock.now();
  const seed = randomBytes(32).toString('hex');
  const prize = coinsToCents(body.prize);
  let row: GiveawayRow;
  try {
    row = await inTransaction(ctx.db, async (unit) => {
      const { rows } = await sql<GiveawayRow>`
        INSERT INTO giveaways (prize, min_wager, server_seed, server_seed_hash, status, created_by, created_at, ends_at)
        VALUES (${prize}, ${coinsToCents(body.minWager)}, ${seed}, ${sha256Hex(seed)}, 'open', ${adminId},
                ${now}, ${now + body.durationMinutes * 60_000})
        RETURNING ${COLUMNS}`.execute(unit.tx);
      const created = normalizeRow(rows[0] as GiveawayRow);
      await writeAudit(unit.tx, {
        actorId: adminId,
        action: 'giveaway-create',
        target: String(created.id),
        details: {
          prize: body.prize,
          durationMinutes: body.durationMinutes,
          minWager: body.minWager,
          serverSeedHash: created.server_seed_hash,
        },
      });
      return created;
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw Errors.badRequest(GIVEAWAY_TEXT.alreadyRunning);
    throw err;
  }
  const view = await giveawayView(ctx, row);
  chatNs(ctx).emit(CHAT_EVENTS.giveawayStateChanged, view);
  return view;
}

/**
 * A user's wager over the last 7 days (cents): stakes (class stake) less refunded stakes (class
 * refund: bet_refund, the slots' refund), from ledger_entries by the (user_id, id) index.
 */
export async function recentWager(ctx: Ctx, userId: number, db: Kysely<DB> = ctx.db): Promise<number> {
  const since = new Date(ctx.clock.now() - GIVEAWAY_WAGER_WINDOW_MS);
  const { rows } = await sql<{ wager: string | number }>`
    SELECT (COALESCE(SUM(-delta) FILTER (WHERE kind = ANY(${kindsOf('stake')}::text[])), 0)
          - COALESCE(SUM(delta) FILTER (WHERE kind = ANY(${kindsOf('refund')}::text[])), 0))::bigint AS wager
    FROM ledger_entries
    WHERE user_id = ${userId} AND kind = ANY(${kindsOf('stake', 'refund')}::text[]) AND created_at >= ${since}`.execute(
    db,
  );
  return Number(rows[0]?.wager ?? 0);
}

/**
 * `join-giveaway {id}`: the entry rule, then one entry per account. The conditional count update
 * locks the giveaway row (so the draw, which updates it too, sees every committed entry and none
 * after) and numbers the entry; the (giveaway, user) key refuses a second entry on any node.
 */
export async function joinGiveaway(ctx: Ctx, userId: number, giveawayId: string): Promise<void> {
  const now = ctx.clock.now();
  const id = Number(giveawayId);
  // issue 26: a player on a break cannot enter (the wallet's own question, its sentence)
  await refuseOnBreak(ctx.db, userId);
  const g = await openGiveaway(ctx.db);
  if (!g || g.id !== id || now >= g.ends_at) throw Errors.badRequest(GIVEAWAY_TEXT.notRunning);
  const user = await ctx.db.selectFrom('users').select('banned').where('id', '=', userId).executeTakeFirst();
  if (!user || user.banned) throw Errors.banned();
  if (g.min_wager > 0 && (await recentWager(ctx, userId)) < g.min_wager)
    throw Errors.badRequest(giveawayText.wagerRequired(g.min_wager));
  let joined: boolean;
  try {
    joined = await inTransaction(ctx.db, async (unit) => {
      const { rows } = await sql<{ position: number }>`
        WITH g AS (
          UPDATE giveaways SET entries_count = entries_count + 1
          WHERE id = ${id} AND status = 'open' AND ends_at > ${now}
            AND NOT EXISTS (
              SELECT 1 FROM giveaway_entries e WHERE e.giveaway_id = giveaways.id AND e.user_id = ${userId})
          RETURNING id, entries_count
        )
        INSERT INTO giveaway_entries (giveaway_id, user_id, position, created_at)
        SELECT id, ${userId}, entries_count, ${now} FROM g
        RETURNING position`.execute(unit.tx);
      if (rows.length > 0) return true;
      const { rows: mine } = await sql`
        SELECT 1 FROM giveaway_entries WHERE giveaway_id = ${id} AND user_id = ${userId}`.execute(unit.tx);
      if (mine.length > 0) throw Errors.badRequest(GIVEAWAY_TEXT.alreadyJoined);
      return false;
    });
  } catch (err) {
    // the same account joining twice at once: the entries key refuses the second
    if (pgErrorCode(err) === '23505') throw Errors.badRequest(GIVEAWAY_TEXT.alreadyJoined);
    throw err;
  }
  if (!joined) throw Errors.badRequest(GIVEAWAY_TEXT.notRunning);
  broadcastLater(ctx, id);
}

/**
 * Draws a giveaway whose entries have closed, exactly once: the status update (WHERE status =
 * 'open'), the public value, the winner and the payout (idempotency key `giveaway:{id}`, ledger
 * kind 'giveaway', a free-history entry) are one transaction. A second or concurrent draw finds it
 * drawn and does nothing. With no entries it ends without a payout.
 */
export async function drawGiveaway(ctx: Ctx, id: number, blockId: string | null = null): Promise<boolean> {
  const now = ctx.clock.now();
  const result = await inTransaction(ctx.db, async (unit) => {
    const { rows } = await sql<GiveawayRow>`
      UPDATE giveaways SET status = 'drawn', drawn_at = ${now}
      WHERE id = ${id} AND status = 'open' AND ends_at <= ${now}
      RETURNING ${COLUMNS}`.execute(unit.tx);
    if (!rows[0]) return null;
    const g = normalizeRow(rows[0]);
    const { rows: all } = await sql<{ user_id: number; username: string }>`
      SELECT e.user_id, u.username FROM giveaway_entries e JOIN users u ON u.id = e.user_id
      WHERE e.giveaway_id = ${id} ORDER BY e.position`.execute(unit.tx);
    // issue 26: an entrant who is on a break at the draw loses the entry: the entry is removed and the
    // draw is over the others (the published players list is the one drawn over), so the prize goes
    // to an entrant who may take it, and nothing is paid to the player on a break
    const away = await playersOnBreak(
      unit.tx,
      all.map((e) => Number(e.user_id)),
    );
    if (away.size > 0)
      await sql`
        DELETE FROM giveaway_entries WHERE giveaway_id = ${id} AND user_id = ANY(${[...away]}::bigint[])`.execute(
        unit.tx,
      );
    const entries = all.filter((e) => !away.has(Number(e.user_id)));
    // the fixed block's id; without one (the beacon stayed away) the documented fallback
    const source = blockId !== null && g.block_number !== null ? 'eos' : 'entries';
    const publicSeed =
      source === 'eos'
        ? (blockId as string)
        : giveawayPublicSeed(
            id,
            entries.map((e) => e.user_id),
          );
    const index = entries.length > 0 ? drawIndex(g.server_seed, publicSeed, entries.length) : null;
    const winner = index === null ? undefined : entries[index];
    await sql`
      UPDATE giveaways SET public_seed = ${publicSeed}, public_source = ${source}, winner_index = ${index},
        winner_id = ${winner ? Number(winner.user_id) : null}
      WHERE id = ${id}`.execute(unit.tx);
    if (winner)
      await ctx.wallet.apply(unit, {
        userId: Number(winner.user_id),
        delta: g.prize,
        kind: 'giveaway',
        ref: String(id),
        idempotencyKey: `giveaway:${id}`,
      });
    ctx.log.info(
      {
        giveawayId: id,
        entries: entries.length,
        index,
        onBreak: away.size,
        winner: winner?.user_id,
        source,
        block: g.block_number,
      },
      'giveaway drawn',
    );
    return { prize: g.prize, winner: winner?.username };
  });
  if (!result) return false;
  await broadcast(ctx, id);
  chatNs(ctx).emit(
    CHAT_EVENTS.notification,
    result.winner ? giveawayText.won(result.winner, result.prize) : GIVEAWAY_TEXT.noEntries,
  );
  return true;
}

/**
 * Entries have closed: fixes the EOS block whose id will be the public value (the beacon's head +
 * GIVEAWAY_BLOCK_LEAD, a block nobody can know yet), once; every node shows "Waiting for EOS Block".
 */
export async function fixGiveawayBlock(ctx: Ctx, id: number, blockNumber: number): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`
    UPDATE giveaways SET block_number = ${blockNumber}
    WHERE id = ${id} AND status = 'open' AND ends_at <= ${ctx.clock.now()} AND block_number IS NULL
    RETURNING id`.execute(ctx.db);
  if (rows.length === 0) return false;
  ctx.log.info({ giveawayId: id, block: blockNumber }, 'giveaway block fixed');
  await broadcast(ctx, id);
  return true;
}
