import { BATTLE_EVENTS, BATTLE_STATUS, type BattleRoundEvent, type BattleWin } from '@coinsite/shared';
import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/tx.ts';
import { itemView } from '../cases/cases.catalogue.ts';
import { accrueSettled, type SettledStake, stakeList } from '../../economy/wager-hooks.ts';
import { publishBet } from '../engine/live-feed.ts';
import { battleOutcome, roundDrops } from './battles.outcome.ts';
import { type BattleRecord, dropsView } from './battles.views.ts';

/**
 * The three writes of a running battle, each one transaction guarded by the state it expects, so a
 * second leader, a retry or a restart can never reveal a round twice, pay twice or refund twice.
 * Events go out after commit.
 */

const facts = (b: BattleRecord & { blockId: string }) => ({
  id: b.id,
  serverSeed: b.serverSeed,
  blockId: b.blockId,
  cases: b.cases,
  seatCount: b.seatCount,
  gameType: b.gameType,
  crazy: b.crazy,
  price: b.price,
  seats: b.seats,
});

/** Reveals the next round and sets when the step after it is due. False when it was already done. */
export async function revealNextRound(
  ctx: Ctx,
  b: BattleRecord & { blockId: string },
  nextStepAt: number,
): Promise<boolean> {
  const round = b.roundsRevealed + 1;
  const drops = roundDrops(facts(b), round);
  const c = b.cases[round - 1];
  return inTransaction(ctx.db, async (unit) => {
    const moved = await sql`
      UPDATE battles SET rounds_revealed = ${round}, next_step_at = ${nextStepAt}
      WHERE id = ${b.id} AND status = ${BATTLE_STATUS.running} AND rounds_revealed = ${round - 1}`.execute(
      unit.tx,
    );
    if (Number(moved.numAffectedRows ?? 0) !== 1) return false;
    await unit.tx
      .insertInto('battle_rounds')
      .values({ battle_id: b.id, round, drops: JSON.stringify(drops) })
      .execute();
    const event: BattleRoundEvent = {
      battleId: b.id,
      result: dropsView(drops, ctx.assets),
      img: (c?.items ?? []).map((it) => itemView(it, ctx.assets)),
      caseNumber: round - 1,
    };
    unit.afterCommit(() => ctx.realtime.ns('battles').emit(BATTLE_EVENTS.round, event));
    return true;
  });
}

/**
 * Decides the winner, pays the human winners (bots' shares stay with the house), settles the bets
 * and accrues their rake.
 */
export async function finishBattle(
  ctx: Ctx,
  b: BattleRecord & { blockId: string },
): Promise<BattleWin | null> {
  const outcome = battleOutcome(facts(b));
  return inTransaction(ctx.db, async (unit) => {
    const done = await sql`
      UPDATE battles SET status = ${BATTLE_STATUS.finished}, result = ${JSON.stringify(outcome.win)}::jsonb,
        finished_at = now(), next_step_at = NULL
      WHERE id = ${b.id} AND status = ${BATTLE_STATUS.running} AND rounds_revealed = round_count`.execute(
      unit.tx,
    );
    if (Number(done.numAffectedRows ?? 0) !== 1) return null;
    const feed: Array<() => void> = [];
    const settled: SettledStake[] = [];
    for (const seat of b.seats) {
      const payout = outcome.payouts.perSeat[seat.seat - 1] ?? 0;
      await sql`UPDATE battle_seats SET payout = ${payout} WHERE battle_id = ${b.id} AND seat = ${seat.seat}`.execute(
        unit.tx,
      );
      if (seat.userId === null || seat.betId === null) continue;
      const { userId, betId } = seat;
      if (payout > 0)
        await ctx.wallet.apply(unit, {
          userId,
          delta: payout,
          kind: 'win',
          ref: String(betId),
          idempotencyKey: `win:${betId}`,
        });
      const multiplier = Math.floor((payout * 10_000) / b.price);
      await sql`
        UPDATE bets SET status = 'settled', payout = ${payout}, multiplier = ${multiplier}, settled_at = now(),
          outcome = ${JSON.stringify({ battleId: b.id, seat: seat.seat, total: outcome.totals[seat.seat - 1] ?? 0, win: outcome.win })}::jsonb
        WHERE id = ${betId} AND status = 'open'`.execute(unit.tx);
      const bet = { userId, game: 'battles', stake: b.price, payout, multiplier, betId };
      const who = { username: seat.username ?? '', avatar: seat.avatar ?? '' };
      feed.push(() => publishBet(ctx, bet, who, 0));
      settled.push({ userId, stake: b.price, stakeKey: `bet:${betId}`, refundKey: `bet_refund:${betId}` });
    }
    // the stakes have settled: now, and only now, they earn rakeback and the affiliate's cut
    await accrueSettled(unit, 'battles', stakeList(settled));
    unit.afterCommit(() => {
      ctx.realtime.ns('battles').emit(BATTLE_EVENTS.finished, outcome.win);
      for (const f of feed) f();
    });
    return outcome.win;
  });
}

export type RefundReason = 'expired' | 'block' | 'broken';

const REFUND_TEXT: Record<RefundReason, string> = {
  expired: 'Your case battle found no opponents within an hour and was refunded.',
  block: 'Your case battle was refunded: the EOS block it waited for never arrived.',
  broken: 'Your case battle could not be finished and was refunded.',
};

/**
 * Refunds every human stake of a battle that can no longer finish, exactly once: the status moves
 * only from the state the caller saw (a waiting battle only while still waiting, so a join that
 * fills it first wins), and each refund has the key bet_refund:<bet id>. No rake had accrued (it
 * does only when a battle finishes), so the refund leaves rewards as if the battle never happened.
 */
export async function refundBattle(ctx: Ctx, battleId: string, reason: RefundReason): Promise<boolean> {
  const from =
    reason === 'expired'
      ? sql`status = ${BATTLE_STATUS.waiting}`
      : reason === 'block'
        ? sql`status = ${BATTLE_STATUS.running} AND block_id IS NULL`
        : sql`status = ${BATTLE_STATUS.running}`;
  return inTransaction(ctx.db, async (unit) => {
    const moved = await sql<{ price: number }>`
      UPDATE battles SET status = ${BATTLE_STATUS.refunded}, finished_at = now(), next_step_at = NULL,
        result = ${JSON.stringify({ refunded: reason })}::jsonb
      WHERE id = ${battleId} AND ${from}
      RETURNING price`.execute(unit.tx);
    const price = moved.rows[0]?.price;
    if (price === undefined) return false;
    const seats = await unit.tx
      .selectFrom('battle_seats')
      .select(['user_id', 'bet_id'])
      .where('battle_id', '=', battleId)
      .execute();
    const players: number[] = [];
    for (const s of seats) {
      if (s.user_id === null || s.bet_id === null) continue;
      await ctx.wallet.apply(unit, {
        userId: s.user_id,
        delta: price,
        kind: 'bet_refund',
        ref: String(s.bet_id),
        idempotencyKey: `bet_refund:${s.bet_id}`,
        wager: -price,
      });
      await sql`
        UPDATE bets SET status = 'settled', payout = stake, multiplier = 10000, settled_at = now(),
          outcome = ${JSON.stringify({ battleId, refunded: reason })}::jsonb
        WHERE id = ${s.bet_id} AND status = 'open'`.execute(unit.tx);
      players.push(s.user_id);
    }
    unit.afterCommit(() => {
      ctx.realtime
        .ns('battles')
        .emit(BATTLE_EVENTS.finished, { battleId, refunded: true, winningTeam: 0, winAmount: 0 });
      for (const userId of players) ctx.realtime.notifyUser(userId, 'info', REFUND_TEXT[reason]);
    });
    return true;
  });
}
