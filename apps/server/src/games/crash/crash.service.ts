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
import { limit } from '../../platform/http.ts';
import type { SocketUser } from '../../platform/realtime.ts';
import { userRoom } from '../../platform/realtime.ts';
import { inTransaction, pgErrorCode } from '../../platform/tx.ts';
import { stakeCents } from '../engine/bet-engine.ts';
import { creditWin, insertRoundBet, type PlacedRoundBet, playerLevel } from '../rounds/round-bets.ts';
import { msSince, sqlNow, sqlReceivedAt } from '../rounds/round-time.ts';
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

export function crashBetView(
  bet: {
    userId: number;
    username: string;
    avatar: string;
    wager: number;
    amount: number;
    status: string;
    cashout: number | null;
    payout: number;
  },
  assets: AssetUrls,
): CrashBet {
  const view: CrashBet = {
    playerID: String(bet.userId),
    username: bet.username,
    avatar: assets.avatar(bet.avatar),
    betAmount: centsToCoins(bet.amount),
    status: bet.status === 'cashed' ? 2 : 1,
    level: playerLevel(bet.wager),
  };
  if (bet.status === 'cashed' && bet.cashout !== null) {
    view.stoppedAt = bet.cashout;
    view.winningAmount = centsToCoins(bet.payout);
  }
  return view;
}

function placedView(assets: AssetUrls, userId: number, amount: number, placed: PlacedRoundBet): CrashBet {
  return crashBetView({ ...placed, userId, amount, status: 'active', cashout: null, payout: 0 }, assets);
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
  await limit(ctx, `crash:${user.id}`, ACTIONS_PER_SECOND, 1000, CRASH_TEXT.tooFast);
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
  const bet = placedView(ctx.assets, userId, stake, placed);
  ctx.realtime.ns('crash').emit(CRASH_EVENTS.bets, [bet]);
  return bet;
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
 */
export async function cashOutCrash(
  ctx: Ctx,
  user: SocketUser,
  receivedAt: number = ctx.clock.now(),
): Promise<{ bet: CrashBet; event: CrashCashoutEvent }> {
  await limit(ctx, `crash:${user.id}`, ACTIONS_PER_SECOND, 1000, CRASH_TEXT.tooFast);
  const done = await inTransaction(ctx.db, async (unit) => {
    const now = sqlReceivedAt(ctx.clock, receivedAt);
    const row = await unit.tx
      .selectFrom('rounds as r')
      .innerJoin('round_bets as b', 'b.round_id', 'r.id')
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .select([
        'r.id as roundId',
        'r.status',
        'b.id as betId',
        'b.amount',
        'b.auto_cashout',
        'u.username',
        'u.avatar',
        'u.wager',
        msSince(now, sql.ref('r.started_at')).as('elapsed'),
        sql<boolean>`${now} < r.crash_at`.as('beforeCrash'),
      ])
      .where('r.game', '=', 'crash')
      .where('r.status', 'in', ['betting', 'running'])
      .where('b.user_id', '=', user.id)
      .where('b.status', '=', 'active')
      .executeTakeFirst();
    if (!row) throw Errors.badRequest(CRASH_TEXT.noBet);
    // received before the round started (it started while the request waited)
    if (row.status === 'betting' || row.elapsed < 0) throw Errors.badRequest(CRASH_TEXT.notStarted);
    if (!row.beforeCrash) throw Errors.badRequest(CRASH_TEXT.crashed);
    const multiplier = Math.min(crashMultiplierAt(Math.floor(row.elapsed)), row.auto_cashout ?? Infinity);
    const payout = crashCashoutPayout(row.amount, multiplier);
    const updated = await unit.tx
      .updateTable('round_bets')
      .set({ status: 'cashed', cashout: multiplier, payout, settled_at: now })
      .where('id', '=', row.betId)
      .where('status', '=', 'active')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('rounds')
            .select('id')
            .where('id', '=', row.roundId)
            .where('status', '=', 'running')
            .where(sql<boolean>`${now} < crash_at`),
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
      userId: user.id,
      username: done.username,
      avatar: done.avatar,
      wager: done.wager,
      amount: done.amount,
      status: 'cashed',
      cashout: done.multiplier,
      payout: done.payout,
    },
    ctx.assets,
  );
  const event: CrashCashoutEvent = {
    playerID: String(user.id),
    status: 2,
    stoppedAt: done.multiplier,
    winningAmount: centsToCoins(done.payout),
  };
  ctx.realtime.ns('crash').emit(CRASH_EVENTS.betCashout, event);
  return { bet, event };
}
