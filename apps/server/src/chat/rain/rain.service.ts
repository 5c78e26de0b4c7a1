import { randomUUID } from 'node:crypto';
import { CHAT_EVENTS, centsToCoins, EMPTY_RAIN, RAIN_TEXT, type RainState, rainText } from '@coinsite/shared';
import { levelForWagerCents } from '@coinsite/shared/vip';
import type { Kysely } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import type { DB } from '../../platform/db-types.ts';
import { Errors } from '../../platform/errors.ts';
import { inTransaction, type Unit } from '../../platform/tx.ts';
import { playersOnBreak, refuseOnBreak } from '../../platform/wallet.ts';
import { type ChatSender, requireNotMuted } from '../chat.service.ts';
import { potOf, splitRain } from './rain-split.ts';

export interface RainSettings {
  everyMs: number;
  joinWindowMs: number;
  basePot: number;
  minLevel: number;
  minWager: number;
  tipMinLevel: number;
  tipMin: number;
  tipMax: number;
}

export async function rainSettings(db: Kysely<DB>): Promise<RainSettings> {
  const s = await db.selectFrom('rain_settings').selectAll().executeTakeFirstOrThrow();
  return {
    everyMs: s.every_ms,
    joinWindowMs: s.join_window_ms,
    basePot: s.base_pot,
    minLevel: s.min_level,
    minWager: s.min_wager,
    tipMinLevel: s.tip_min_level,
    tipMin: s.tip_min,
    tipMax: s.tip_max,
  };
}

const refuse = (message: string) => Errors.badRequest(message);
const chatNs = (ctx: Ctx) => ctx.realtime.ns('chat');

export interface RainRow {
  id: number;
  base: number;
  carried: number;
  tips: number;
  opens_at: number;
  closes_at: number;
}

export { potOf } from './rain-split.ts';

export async function openRain(db: Kysely<DB>): Promise<RainRow | undefined> {
  return db
    .selectFrom('rains')
    .select(['id', 'base', 'carried', 'tips', 'opens_at', 'closes_at'])
    .where('status', '=', 'open')
    .executeTakeFirst();
}

/** The live RainState (any node reads it from the rows): `active: false` when no rain runs. */
export async function rainState(ctx: Ctx): Promise<RainState> {
  const now = ctx.clock.now();
  const [rain, last] = await Promise.all([
    openRain(ctx.db),
    ctx.db
      .selectFrom('rains')
      .select('paid_at')
      .where('status', '=', 'paid')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const lastRain = last?.paid_at ? new Date(last.paid_at).toISOString() : null;
  if (!rain) return { ...EMPTY_RAIN, lastRain };
  const players = await ctx.db
    .selectFrom('rain_joins')
    .select('user_id')
    .where('rain_id', '=', rain.id)
    .orderBy('created_at')
    .execute();
  const timeLeft = Math.max(0, rain.closes_at - now);
  const joinable = now >= rain.opens_at && now < rain.closes_at;
  return {
    active: true,
    joinable,
    prize: centsToCoins(potOf(rain)),
    timeLeft,
    timeLeftToJoin: joinable ? timeLeft : 0,
    players: players.map((p) => String(p.user_id)),
    lastRain,
  };
}

/**
 * The rain's state and its pot to everyone (a rain opened, its window opened, one closed and the
 * next began). The original client shows the pot only from `rain-update-amount` (issue 27), so the
 * pot travels with every state change, not only after a tip.
 */
export async function broadcastRainState(ctx: Ctx): Promise<void> {
  const state = await rainState(ctx);
  chatNs(ctx).emit(CHAT_EVENTS.rainStateChanged, state);
  chatNs(ctx).emit(CHAT_EVENTS.rainUpdateAmount, state.prize);
}

/** The open rain's whole pot in coins (0 when none runs): one indexed read, for a new socket. */
export async function currentRainPot(ctx: Ctx): Promise<number> {
  const rain = await openRain(ctx.db);
  return rain ? centsToCoins(potOf(rain)) : 0;
}

/** Inserts the next rain (the one-open index refuses a second); closes `everyMs` after `from`. */
export async function insertRain(
  unit: Unit,
  settings: RainSettings,
  now: number,
  carried: number,
  previousClose?: number,
): Promise<void> {
  let closes = (previousClose ?? now) + settings.everyMs;
  // a leader that was down long does not open a rain already over: the next one starts from now
  if (closes < now + settings.joinWindowMs) closes = now + settings.everyMs;
  await unit.tx
    .insertInto('rains')
    .values({
      base: settings.basePot,
      carried,
      opens_at: closes - Math.min(settings.joinWindowMs, settings.everyMs - 1),
      closes_at: closes,
    })
    .execute();
}

/**
 * Pays a rain at its close, exactly once: the status update (WHERE status = 'open') and every payout
 * (idempotency key `rain:{rainId}:{userId}`) and the next rain are one transaction. A second close of
 * the same rain (another node, a retry after a failover) finds it paid and does nothing. Joins hold
 * the rain row FOR SHARE, so the close waits for joins in flight and later ones see it paid.
 * The pot is split equally in whole cents; the remainder is rolled into the next rain, and when
 * nobody joined, the player-funded part (tips and what was carried) is, the house base is not.
 */
export async function closeRain(ctx: Ctx, rainId: number): Promise<boolean> {
  const now = ctx.clock.now();
  const settings = await rainSettings(ctx.db);
  return inTransaction(ctx.db, async (unit) => {
    const rain = await unit.tx
      .updateTable('rains')
      .set({ status: 'paid', paid_at: now })
      .where('id', '=', rainId)
      .where('status', '=', 'open')
      .returning(['id', 'base', 'carried', 'tips', 'closes_at'])
      .executeTakeFirst();
    if (!rain) return false;
    const joins = await unit.tx
      .selectFrom('rain_joins')
      .select('user_id')
      .where('rain_id', '=', rainId)
      .orderBy('user_id')
      .execute();
    // issue 26: a joiner on a break now is left out; the pot is shared by the others (nothing is
    // paid to them, and the split's remainder rule keeps every cent of the pot)
    const away = await playersOnBreak(
      unit.tx,
      joins.map((j) => Number(j.user_id)),
    );
    const paid = joins.filter((j) => !away.has(Number(j.user_id)));
    const pot = potOf(rain);
    const { share, remainder } = splitRain(rain, paid.length);
    if (share > 0)
      for (const j of paid)
        await ctx.wallet.apply(unit, {
          userId: j.user_id,
          delta: share,
          kind: 'rain',
          ref: String(rainId),
          idempotencyKey: `rain:${rainId}:${j.user_id}`,
        });
    await unit.tx
      .updateTable('rains')
      .set({ joiners: paid.length, share, remainder })
      .where('id', '=', rainId)
      .execute();
    await insertRain(unit, settings, now, remainder, rain.closes_at);
    ctx.log.info({ rainId, pot, joiners: paid.length, onBreak: away.size, share, remainder }, 'rain paid');
    return true;
  });
}

/** Client address of a socket, as Fastify reads it (X-Forwarded-For only behind TRUST_PROXY). */
export function socketIp(
  ctx: Ctx,
  socket: { handshake: { address: string; headers: Record<string, string | string[] | undefined> } },
): string {
  const fwd = socket.handshake.headers['x-forwarded-for'];
  const first = (Array.isArray(fwd) ? fwd[0] : fwd)?.split(',')[0]?.trim();
  return ctx.config.TRUST_PROXY && first ? first : socket.handshake.address;
}

/**
 * `enter-rain`: the bot check (reCAPTCHA when configured), the gates (a level of at least
 * `minLevel` or KYC, and `minWager` wagered), one join per account (primary key). A join from an
 * address another joiner of the same rain used is let in, flagged suspicious and logged.
 */
export async function enterRain(
  ctx: Ctx,
  userId: number,
  ip: string,
  captchaToken: string | undefined,
): Promise<void> {
  if (!(await ctx.captcha.verify(captchaToken, ip))) throw refuse(RAIN_TEXT.captcha);
  // issue 26: a player on a break cannot join (the wallet's own question, its sentence)
  await refuseOnBreak(ctx.db, userId);
  // issue 26 item 10: nor a muted one (docs/decisions/responsible-gaming.md)
  await requireNotMuted(ctx, ctx.db, userId);
  const settings = await rainSettings(ctx.db);
  const now = ctx.clock.now();
  const suspicious = await inTransaction(ctx.db, async (unit) => {
    const user = await unit.tx
      .selectFrom('users')
      .leftJoin('kyc_verified as k', 'k.user_id', 'users.id')
      .select(['users.banned', 'users.wager', 'k.user_id as kyc'])
      .where('users.id', '=', userId)
      .executeTakeFirst();
    if (!user || user.banned) throw Errors.banned();
    if (user.kyc === null && levelForWagerCents(user.wager).level < settings.minLevel)
      throw refuse(rainText.levelRequired(settings.minLevel));
    if (user.wager < settings.minWager) throw refuse(rainText.wagerRequired(settings.minWager));
    const rain = await unit.tx
      .selectFrom('rains')
      .select(['id', 'opens_at', 'closes_at'])
      .where('status', '=', 'open')
      .forShare()
      .executeTakeFirst();
    if (!rain || now < rain.opens_at || now >= rain.closes_at) throw refuse(RAIN_TEXT.notJoinable);
    const sameIp = await unit.tx
      .selectFrom('rain_joins')
      .select('user_id')
      .where('rain_id', '=', rain.id)
      .where('ip', '=', ip)
      .execute();
    const inserted = await unit.tx
      .insertInto('rain_joins')
      .values({ rain_id: rain.id, user_id: userId, ip, suspicious: sameIp.length > 0, created_at: now })
      .onConflict((oc) => oc.columns(['rain_id', 'user_id']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!inserted) throw refuse(RAIN_TEXT.alreadyJoined);
    if (sameIp.length > 0) {
      // the first joiner from that address is suspicious too, now that it is shared
      await unit.tx
        .updateTable('rain_joins')
        .set({ suspicious: true })
        .where('rain_id', '=', rain.id)
        .where('ip', '=', ip)
        .execute();
    }
    return sameIp.length > 0 ? { rainId: rain.id, others: sameIp.map((s) => s.user_id) } : null;
  });
  if (suspicious) ctx.log.warn({ userId, ip, ...suspicious }, 'suspicious rain join: same address');
  void broadcastRainState(ctx).catch((err) => ctx.log.error({ err }, 'rain state broadcast failed'));
}

/**
 * `/tip-rain {amount}`: the tipper's debit (ledger kind rain_tip, a free-history entry) and the
 * pot's increase in one transaction; `rain-update-amount` to everyone after it commits.
 */
export async function tipRain(ctx: Ctx, sender: ChatSender, cents: number): Promise<string> {
  const settings = await rainSettings(ctx.db);
  if (levelForWagerCents(sender.wager).level < settings.tipMinLevel)
    throw refuse(`You need to reach level ${settings.tipMinLevel} to tip the rain.`);
  if (cents < settings.tipMin || cents > settings.tipMax)
    throw refuse(rainText.tipRange(settings.tipMin, settings.tipMax));
  return inTransaction(ctx.db, async (unit) => {
    const rain = await unit.tx
      .updateTable('rains')
      .set((eb) => ({ tips: eb('tips', '+', cents) }))
      .where('status', '=', 'open')
      .returning(['id', 'base', 'carried', 'tips'])
      .executeTakeFirst();
    if (!rain) throw refuse(RAIN_TEXT.closing);
    await ctx.wallet.apply(unit, {
      userId: sender.id,
      delta: -cents,
      kind: 'rain_tip',
      ref: String(rain.id),
      idempotencyKey: `rain-tip:${rain.id}:${randomUUID()}`,
    });
    const prize = centsToCoins(potOf(rain));
    unit.afterCommit(() => chatNs(ctx).emit(CHAT_EVENTS.rainUpdateAmount, prize));
    return rainText.tipped(cents);
  });
}
