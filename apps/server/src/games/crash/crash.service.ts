import { CRASH_EVENTS, type CrashBet, type CrashCashoutEvent, centsToCoins } from '@coinsite/shared';
import {
  crashAutoCashoutError,
  crashCashoutPayout,
  crashMaxProfitMultiplier,
  crashMultiplierAt,
} from '@coinsite/shared/games';
import type { AssetUrls } from '../../platform/assets.ts';
import type { Ctx } from '../../platform/context.ts';
import { AppError, Errors } from '../../platform/errors.ts';
import { emitToViewers, hiddenSeatId, shownUser } from '../../platform/ghost.ts';
import { limit, loadLimit } from '../../platform/http.ts';
import type { SocketUser } from '../../platform/realtime.ts';
import { userRoom } from '../../platform/realtime.ts';
import { inTransaction, pgErrorCode } from '../../platform/tx.ts';
import { stakeCents } from '../engine/bet-engine.ts';
import { creditWin, insertRoundBet, type PlacedRoundBet, shownLevel } from '../rounds/round-bets.ts';
import { msSince, sqlNow, sqlReceivedAt } from '../rounds/round-time.ts';
import { broadcastCashout, CRASH_GAP_MS, ghostOf } from './crash.settle.ts';
import { sql } from 'kysely';

export const CRASH_TEXT = {
  alreadyJoined: 'You have already joined this game!',
  queued: 'Betting is closed, your bet will be placed when the next game starts.',
  noBet: "You don't have an active bet to cash out!",
  crashed: 'The game has already crashed!',
  notStarted: 'The game has not started yet!',
  tooFast: 'You are betting too fast, slow down!',
} as const;

/** Per-user crash actions (joins and cash-outs): 10 a second (× RATE_LIMIT_FACTOR). */
const ACTIONS_PER_SECOND = 10;

/**
 * A crash bet as an audience sees it: `reveals(userId)` says whether it may see a ghost's name
 * (ghost.ts). A hidden player is "Hidden" under the bet's own id (`hidden-<bet>`), which the
 * round's cash-out events use too, so the row still updates and links to no profile.
 */
export function crashBetView(
  bet: {
    betId: number;
    userId: number;
    username: string;
    avatar: string;
    ghost: boolean;
    wager: number;
    amount: number;
    status: string;
    cashout: number | null;
    payout: number;
  },
  assets: AssetUrls,
  reveals: (userId: number) => boolean,
): CrashBet {
  const who = shownUser(
    { assets },
    { id: bet.userId, username: bet.username, avatar: bet.avatar, ghost: bet.ghost },
    reveals,
  );
  const view: CrashBet = {
    playerID: who.hidden ? hiddenSeatId(bet.betId) : who.id,
    username: who.username,
    avatar: who.avatar,
    betAmount: centsToCoins(bet.amount),
    status: bet.status === 'cashed' ? 2 : 1,
    level: shownLevel(who, bet.wager),
  };
  if (bet.status === 'cashed' && bet.cashout !== null) {
    view.stoppedAt = bet.cashout;
    view.winningAmount = centsToCoins(bet.payout);
  }
  return view;
}

function placedView(
  assets: AssetUrls,
  userId: number,
  amount: number,
  placed: PlacedRoundBet,
  reveals: (userId: number) => boolean,
): CrashBet {
  return crashBetView(
    { ...placed, userId, amount, status: 'active', cashout: null, payout: 0 },
    assets,
    reveals,
  );
}

/** hundredths as the client sends them (100 × the typed value) → an integer, or null for none. */
export function autoCashoutTarget(raw: number | null): number | null {
  if (raw === null || raw === 0) return null;
  return Math.floor(Math.round(raw * 1e6) / 1e6);
}

export type JoinResult = { kind: 'placed'; bet: CrashBet } | { kind: 'queued' };

/**
 * join-game: the bet is placed in the round taking bets, or queued for the next one when betting
 * is closed. The server applies the max profit: the bet's auto-cashout is the lower of the
 * player's target and the multiplier at which the profit would reach the cap.
 */
export async function joinCrash(
  ctx: Ctx,
  user: SocketUser,
  rawTarget: number | null,
  amountCoins: number,
): Promise<JoinResult> {
  await ctx.controls.require('crash', 'Crash');
  const stake = stakeCents(amountCoins);
  const target = autoCashoutTarget(rawTarget);
  const targetError = crashAutoCashoutError(target);
  if (targetError) throw Errors.badRequest(targetError);
  const auto = Math.min(target ?? Number.MAX_SAFE_INTEGER, crashMaxProfitMultiplier(stake));
  await limit(ctx, `crash:${user.id}`, loadLimit(ACTIONS_PER_SECOND, 1000), CRASH_TEXT.tooFast);
  const placed = await placeCrashBet(ctx, user.id, stake, auto);
  if (placed) return { kind: 'placed', bet: placed };
  await queueCrashBet(ctx, user.id, stake, auto);
  return { kind: 'queued' };
}

/** One queued bet per player: a newer join replaces the older. */
async function queueCrashBet(ctx: Ctx, userId: number, amount: number, auto: number): Promise<void> {
  await ctx.db
    .insertInto('round_bet_queue')
    .values({ game: 'crash', user_id: userId, amount, auto_cashout: auto })
    .onConflict((oc) => oc.columns(['game', 'user_id']).doUpdateSet({ amount, auto_cashout: auto }))
    .execute();
}

/** One committed bet, then everyone hears of it. Null when no round is taking bets. */
async function placeCrashBet(ctx: Ctx, userId: number, stake: number, auto: number) {
  let placed: PlacedRoundBet | null;
  try {
    placed = await inTransaction(ctx.db, (unit) =>
      insertRoundBet(ctx, unit, sqlNow(ctx.clock), {
        game: 'crash',
        userId,
        amount: stake,
        autoCashout: auto,
      }),
    );
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw Errors.badRequest(CRASH_TEXT.alreadyJoined);
    throw err;
  }
  if (!placed) return null;
  const ghosts = ghostOf({ userId, ghost: placed.ghost });
  emitToViewers(ctx.realtime.ns('crash'), CRASH_EVENTS.bets, ghosts, userRoom, (reveals) => [
    placedView(ctx.assets, userId, stake, placed, reveals),
  ]);
  // the player's own view
  return placedView(ctx.assets, userId, stake, placed, () => true);
}

/** Called by the leader when a round opens: the queued bets are placed (or refused) one by one. */
export async function placeQueuedBets(ctx: Ctx): Promise<void> {
  const queued = await ctx.db
    .selectFrom('round_bet_queue')
    .select('user_id')
    .where('game', '=', 'crash')
    .orderBy('created_at')
    .execute();
  for (const { user_id: userId } of queued) {
    // whatever is queued now (a newer join replaces the older), taken once
    const q = await ctx.db
      .deleteFrom('round_bet_queue')
      .where('game', '=', 'crash')
      .where('user_id', '=', userId)
      .returning(['amount', 'auto_cashout'])
      .executeTakeFirst();
    if (!q) continue;
    const room = ctx.realtime.ns('crash').to(userRoom(userId));
    try {
      const auto = q.auto_cashout ?? crashMaxProfitMultiplier(q.amount);
      const bet = await placeCrashBet(ctx, userId, q.amount, auto);
      if (bet) room.emit(CRASH_EVENTS.joinSuccess, bet);
      else await queueCrashBet(ctx, userId, q.amount, auto); // betting closed again meanwhile
    } catch (err) {
      room.emit(CRASH_EVENTS.joinError, err instanceof AppError ? err.message : 'Your queued bet failed.');
    }
  }
}

/**
 * bet-cashout: decided in SQL by the time the server received it (`receivedAt`, taken before any
 * wait) against the crash point's time. The multiplier is the curve's value at that same time (never
 * above the bet's auto-cashout, which the server would have applied already), so what is paid is what
 * the time says, however long the rate limiter or the pool made the request wait.
 *
 * In a gap (no tick recorded on the round for more than CRASH_GAP_MS when the cash-out was received:
 * the leader stalled, died or is being replaced) the player cashes out blind: it is honoured at the
 * last multiplier broadcast (rounds.shown_multiplier; 1.00x before the first tick), never by the
 * server's time, and whether or not the crash time has passed meanwhile (that multiplier was shown
 * before it). So noticing that the ticks stopped is worth nothing: the blind cash-out gets what a
 * click at the last tick would have.
 */
export async function cashOutCrash(
  ctx: Ctx,
  user: SocketUser,
  receivedAt: number = ctx.clock.now(),
): Promise<{ bet: CrashBet; event: CrashCashoutEvent }> {
  await limit(ctx, `crash:${user.id}`, loadLimit(ACTIONS_PER_SECOND, 1000), CRASH_TEXT.tooFast);
  const done = await inTransaction(ctx.db, async (unit) => {
    const now = sqlReceivedAt(ctx.clock, receivedAt);
    const gap = sql<boolean>`${now} - coalesce(r.alive_at, r.started_at) > ${CRASH_GAP_MS}::float8 * interval '1 millisecond'`;
    const row = await unit.tx
      .selectFrom('rounds as r')
      .innerJoin('round_bets as b', 'b.round_id', 'r.id')
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .select([
        'r.id as roundId',
        'r.status',
        'r.shown_multiplier',
        'b.id as betId',
        'b.amount',
        'b.auto_cashout',
        'u.username',
        'u.avatar',
        'u.ghost',
        'u.wager',
        msSince(now, sql.ref('r.started_at')).as('elapsed'),
        sql<boolean>`${now} < r.crash_at`.as('beforeCrash'),
        gap.as('inGap'),
      ])
      .where('r.game', '=', 'crash')
      .where('r.status', 'in', ['betting', 'running'])
      .where('b.user_id', '=', user.id)
      .where('b.status', '=', 'active')
      .executeTakeFirst();
    if (!row) throw Errors.badRequest(CRASH_TEXT.noBet);
    // received before the round started (it started while the request waited)
    if (row.status === 'betting' || row.elapsed < 0) throw Errors.badRequest(CRASH_TEXT.notStarted);
    if (!row.inGap && !row.beforeCrash) throw Errors.badRequest(CRASH_TEXT.crashed);
    const reached = row.inGap ? (row.shown_multiplier ?? 100) : crashMultiplierAt(Math.floor(row.elapsed));
    const multiplier = Math.min(reached, row.auto_cashout ?? Infinity);
    const payout = crashCashoutPayout(row.amount, multiplier);
    const updated = await unit.tx
      .updateTable('round_bets')
      .set({ status: 'cashed', cashout: multiplier, payout, settled_at: now })
      .where('id', '=', row.betId)
      .where('status', '=', 'active')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('rounds as r')
            .select('r.id')
            .where('r.id', '=', row.roundId)
            .where('r.status', '=', 'running')
            // in a gap: paid at a multiplier shown before the crash time, so only the status counts
            .where(row.inGap ? sql<boolean>`true` : sql<boolean>`${now} < r.crash_at`),
        ),
      )
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw Errors.badRequest(CRASH_TEXT.crashed);
    await creditWin(ctx, unit, { id: row.betId, userId: user.id, roundId: row.roundId }, 'crash', payout);
    return { ...row, multiplier, payout };
  });
  const bet = crashBetView(
    {
      betId: done.betId,
      userId: user.id,
      username: done.username,
      avatar: done.avatar,
      ghost: done.ghost,
      wager: done.wager,
      amount: done.amount,
      status: 'cashed',
      cashout: done.multiplier,
      payout: done.payout,
    },
    ctx.assets,
    () => true,
  );
  const event: CrashCashoutEvent = {
    playerID: String(user.id),
    status: 2,
    stoppedAt: done.multiplier,
    winningAmount: centsToCoins(done.payout),
  };
  broadcastCashout(ctx, { betId: done.betId, userId: user.id, ghost: done.ghost }, event);
  return { bet, event };
}
