import { CRASH_EVENTS, type CrashCashoutEvent, centsToCoins } from '@coinsite/shared';
import { crashCashoutPayout } from '@coinsite/shared/games';
import type { Ctx } from '../../platform/context.ts';
import { userRoom } from '../../platform/realtime.ts';
import { inTransaction, type Unit } from '../../platform/tx.ts';
import { publishRoundBets } from '../engine/live-feed.ts';
import { accrueRoundStakes, creditWin, refundActiveBets } from '../rounds/round-bets.ts';
import { sqlNow } from '../rounds/round-time.ts';

/** The settlement transactions of a crash round; the loop (crash.loop.ts) decides when they run. */

export interface LiveRound {
  id: number;
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

export function announceCashouts(ctx: Ctx, paid: Paid[]): void {
  for (const bet of paid) {
    const event: CrashCashoutEvent = {
      playerID: String(bet.userId),
      status: 2,
      stoppedAt: bet.target,
      winningAmount: centsToCoins(bet.payout),
    };
    ctx.realtime.ns('crash').emit(CRASH_EVENTS.betCashout, event);
    ctx.realtime.ns('crash').to(userRoom(bet.userId)).emit(CRASH_EVENTS.cashoutSuccess, event);
  }
}

/**
 * Ends a running round once, at or after its crash point (the bust, or a restart that finds it past
 * crash_at): auto-cashouts below the crash point are paid (the ticks may not have reached them all),
 * every other open bet lost, since nothing can be cashed out at or after crash_at; or, when it busted
 * in a leader hand-over gap (inGap), voided. Then every bet of the round has settled and the rake of
 * the cashed and lost ones accrues.
 */
export async function finishRound(ctx: Ctx, round: LiveRound, inGap = false) {
  const result = await inTransaction(ctx.db, async (unit) => {
    const now = sqlNow(ctx.clock);
    const ended = await unit.tx
      .updateTable('rounds')
      .set({ status: 'over', ended_at: now, handover_void: inGap })
      .where('id', '=', round.id)
      .where('status', '=', 'running')
      .returning(FINISHED)
      .executeTakeFirst();
    if (!ended) return null;
    const pending = await unit.tx
      .selectFrom('round_bets')
      .select(['id as betId', 'user_id as userId', 'amount', 'auto_cashout as target'])
      .where('round_id', '=', round.id)
      .where('status', '=', 'active')
      .where('auto_cashout', '<', round.crashPoint)
      .execute();
    const autos = pending.map((a) => ({ ...a, target: a.target ?? Number.MAX_SAFE_INTEGER }));
    const paid = await payAutos(ctx, unit, round, autos);
    // busted in a hand-over gap: nobody could cash out, the rest are voided (issue 20 item 5)
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
  announceCashouts(ctx, result.paid);
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
