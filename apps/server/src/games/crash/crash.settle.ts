import { CRASH_EVENTS, type CrashCashoutEvent, centsToCoins } from '@coinsite/shared';
import { crashCashoutPayout } from '@coinsite/shared/games';
import type { Ctx } from '../../platform/context.ts';
import { emitToViewers, ghostsOrAll, hiddenSeatId } from '../../platform/ghost.ts';
import { userRoom } from '../../platform/realtime.ts';
import { inTransaction, type Unit } from '../../platform/tx.ts';
import { sql } from 'kysely';
import { publishRoundBets } from '../engine/live-feed.ts';
import { accrueRoundStakes, creditWin, refundActiveBets } from '../rounds/round-bets.ts';
import { sqlNow } from '../rounds/round-time.ts';

/** The settlement transactions of a crash round; the loop (crash.loop.ts) decides when they run. */

/**
 * The gap bound (docs/decisions/leadership.md). A round is "in a gap" while no tick has reached the
 * players for more than this: its leader stalled, died, or is being replaced. A round whose crash
 * time came more than this after its last broadcast tick busted in a gap (nobody saw it run up to
 * the bust): its open bets are voided, whoever settles it, the leader that resumes or a new one. A
 * cash-out received in a gap is paid at the last multiplier broadcast, never by the server's time.
 */
export const CRASH_GAP_MS = 500;

export interface LiveRound {
  id: number;
  /** crash's own round count, the one players see */
  number: number;
  privateHash: string;
  publicSeed: string;
  /** hundredths; secret until the bust */
  crashPoint: number;
  /** ms from the start to the crash point on the curve */
  crashMs: number;
}

export interface AutoCashout {
  betId: number;
  userId: number;
  amount: number;
  target: number;
}

type Paid = AutoCashout & { payout: number };

const FINISHED = [
  'id',
  'number',
  'created_at',
  'private_hash',
  'private_seed',
  'public_seed',
  'result',
  'status',
  'handover_void',
] as const;

/** Cashes each bet out at its own target below the crash point, once (the status guard). */
export async function payAutos(
  ctx: Ctx,
  unit: Unit,
  round: LiveRound,
  batch: AutoCashout[],
): Promise<Paid[]> {
  const now = sqlNow(ctx.clock);
  const paid: Paid[] = [];
  for (const bet of batch) {
    if (bet.target >= round.crashPoint) continue;
    const payout = crashCashoutPayout(bet.amount, bet.target);
    const row = await unit.tx
      .updateTable('round_bets')
      .set({ status: 'cashed', cashout: bet.target, payout, settled_at: now })
      .where('id', '=', bet.betId)
      .where('status', '=', 'active')
      .returning('id')
      .executeTakeFirst();
    if (!row) continue;
    await creditWin(ctx, unit, { id: bet.betId, userId: bet.userId, roundId: round.id }, 'crash', payout);
    paid.push({ ...bet, payout });
  }
  return paid;
}

/** The players of one bet's broadcast: its player when a ghost, else nobody to hide. */
export const ghostOf = (bet: { userId: number; ghost: boolean }) => new Set(bet.ghost ? [bet.userId] : []);

/**
 * bet-cashout to every tab: a ghost's cash-out names their bet's `hidden-<bet>` id to everyone but
 * themself and admins (the id their row goes by there).
 */
export function broadcastCashout(
  ctx: Ctx,
  bet: { betId: number; userId: number; ghost: boolean },
  event: CrashCashoutEvent,
): void {
  emitToViewers(ctx.realtime.ns('crash'), CRASH_EVENTS.betCashout, ghostOf(bet), userRoom, (reveals) =>
    reveals(bet.userId) ? event : { ...event, playerID: hiddenSeatId(bet.betId) },
  );
}

export async function announceCashouts(ctx: Ctx, paid: Paid[]): Promise<void> {
  if (paid.length === 0) return;
  const ghosts = await ghostsOrAll(
    ctx,
    paid.map((b) => b.userId),
    'crash cash-outs',
  );
  for (const bet of paid) {
    const event: CrashCashoutEvent = {
      playerID: String(bet.userId),
      status: 2,
      stoppedAt: bet.target,
      winningAmount: centsToCoins(bet.payout),
    };
    broadcastCashout(ctx, { ...bet, ghost: ghosts.has(bet.userId) }, event);
    ctx.realtime.ns('crash').to(userRoom(bet.userId)).emit(CRASH_EVENTS.cashoutSuccess, event);
  }
}

/**
 * Ends a running round once, at or after its crash point (the bust, or a restart that finds it past
 * crash_at): auto-cashouts below the crash point are paid (the ticks may not have reached them all),
 * every other open bet lost, since nothing can be cashed out at or after crash_at; or, when it busted
 * in a gap, voided. Then every bet of the round has settled and the rake of the cashed and lost ones
 * accrues.
 *
 * In a gap or not is decided here, in the statement that ends the round, by one rule for every
 * settler: the crash time came more than CRASH_GAP_MS after the last tick broadcast. That tick is
 * the later of the row's (alive_at, written at each tick) and, from the leader that ticked the round
 * itself, `shownMs` (the elapsed ms of its last tick, which it knows even if that write is late). So
 * a leader resuming from a stall and a new leader taking over reach the same verdict.
 */
export async function finishRound(ctx: Ctx, round: LiveRound, shownMs?: number) {
  const result = await inTransaction(ctx.db, async (unit) => {
    const now = sqlNow(ctx.clock);
    const lastShown =
      shownMs === undefined
        ? sql`coalesce(alive_at, started_at)`
        : sql`greatest(coalesce(alive_at, started_at), started_at + ${shownMs}::float8 * interval '1 millisecond')`;
    const ended = await unit.tx
      .updateTable('rounds')
      .set({
        status: 'over',
        ended_at: now,
        handover_void: sql<boolean>`crash_at - ${lastShown} > ${CRASH_GAP_MS}::float8 * interval '1 millisecond'`,
      })
      .where('id', '=', round.id)
      .where('status', '=', 'running')
      .returning(FINISHED)
      .executeTakeFirst();
    if (!ended) return null;
    const inGap = ended.handover_void;
    const pending = await unit.tx
      .selectFrom('round_bets')
      .select(['id as betId', 'user_id as userId', 'amount', 'auto_cashout as target'])
      .where('round_id', '=', round.id)
      .where('status', '=', 'active')
      .where('auto_cashout', '<', round.crashPoint)
      .execute();
    const autos = pending.map((a) => ({ ...a, target: a.target ?? Number.MAX_SAFE_INTEGER }));
    const paid = await payAutos(ctx, unit, round, autos);
    // busted in a gap: nobody saw it run to the bust, the rest are voided (issue 20 item 5, issue 26 item 9)
    if (inGap) await refundActiveBets(ctx, unit, now, 'crash', round.id);
    else
      await unit.tx
        .updateTable('round_bets')
        .set({ status: 'lost', settled_at: now })
        .where('round_id', '=', round.id)
        .where('status', '=', 'active')
        .execute();
    await accrueRoundStakes(unit, 'crash', round.id);
    return { ended, paid };
  });
  if (!result) return null;
  await announceCashouts(ctx, result.paid);
  // every bet of the round has settled: the live feed shows them all at the bust
  void publishRoundBets(ctx, 'crash', round.id, 0).catch((err: unknown) =>
    ctx.log.error({ err }, 'crash: live feed'),
  );
  return result.ended;
}

/** A round that never started (so never reached its crash point): refunded whole, no rake accrued. */
export async function refundUnstartedRound(ctx: Ctx, round: LiveRound) {
  return inTransaction(ctx.db, async (unit) => {
    const now = sqlNow(ctx.clock);
    const row = await unit.tx
      .updateTable('rounds')
      .set({ status: 'refunded', ended_at: now })
      .where('id', '=', round.id)
      .where('status', '=', 'betting')
      .returning(FINISHED)
      .executeTakeFirst();
    if (row) await refundActiveBets(ctx, unit, now, 'crash', round.id);
    return row ?? null;
  });
}
