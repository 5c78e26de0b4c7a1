import { ROULETTE_EVENTS } from '@coinsite/shared';
import { ROULETTE_BETTING_MS } from '@coinsite/shared/schemas/roulette';
import { ROULETTE_WHEEL_ORDER, rouletteColor, roulettePayout, rouletteSlot } from '@coinsite/shared/fairness';
import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/tx.ts';
import type { Chains } from '../chains/chain.store.ts';
import { publishRoundBets } from '../engine/live-feed.ts';
import { accrueRoundStakes, creditWin } from '../rounds/round-bets.ts';
import { ChainRoundLoop, type IdleLoopState } from '../rounds/chain-round-loop.ts';
import { msSince, sqlNow } from '../rounds/round-time.ts';
import { rouletteHistoryView } from './roulette.service.ts';

export { ROULETTE_BETTING_MS } from '@coinsite/shared/schemas/roulette';
/** The wheel turns to the winning slot for 5 s (the spec's AnimationDuration)… */
export const ROULETTE_SPIN_MS = 5_000;
/** …then highlights it; at 5.5 s (AnimationDurationTotal) wins are announced and the seed revealed. */
export const ROULETTE_ANIMATION_TOTAL_MS = 5_500;
/** The result stays on screen this long after the animation before the next round opens. */
export const ROULETTE_RESULT_MS = 1_500;
/** While no chain with a known salt is ready or roulette is switched off, look again this often. */
export const ROULETTE_WAIT_MS = 1_000;

interface LiveRound {
  id: number;
  /** roulette's own round count, the one players see */
  number: number;
  privateHash: string;
  /** the winning slot; secret until the roll */
  slot: number;
}

export type RouletteLoopState =
  | IdleLoopState
  | { kind: 'betting'; round: LiveRound }
  | { kind: 'rolling'; round: LiveRound };

/**
 * The one owner of the roulette round on the leader: opens betting, rolls (the round is settled
 * in the same transaction that closes it), lets the wheel animate, reveals, opens the next.
 * After a restart or on another node it carries on from the rows (recover).
 */
export class RouletteLoop extends ChainRoundLoop<RouletteLoopState> {
  constructor(ctx: Ctx, chains: Chains) {
    super(ctx, chains, 'roulette', ROULETTE_WAIT_MS);
  }

  /** Carries on with the round taking bets, or waits out the last roll's animation, then opens one. */
  protected async recover(): Promise<void> {
    const now = sqlNow(this.ctx.clock);
    const latest = await this.ctx.db
      .selectFrom('rounds')
      .select([
        'id',
        'number',
        'status',
        'private_hash',
        'result',
        msSince(now, sql.ref('betting_ends_at')).as('sinceClose'),
        msSince(now, sql.ref('ended_at')).as('sinceRoll'),
      ])
      .where('game', '=', 'roulette')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (latest?.status === 'betting') {
      const round = {
        id: latest.id,
        number: Number(latest.number),
        privateHash: latest.private_hash,
        slot: latest.result,
      };
      this.state = { kind: 'betting', round };
      this.runner.after(Math.max(0, Math.ceil(-latest.sinceClose)), () =>
        this.runner.step('roll', () => this.roll(round)),
      );
      return;
    }
    const rest = ROULETTE_ANIMATION_TOTAL_MS + ROULETTE_RESULT_MS - (latest?.sinceRoll ?? Infinity);
    if (rest > 0) {
      this.runner.after(Math.ceil(rest), () => this.runner.step('open', () => this.open()));
      return;
    }
    await this.open();
  }

  private async open(): Promise<void> {
    const opened = await this.openNext(ROULETTE_BETTING_MS, (seed) =>
      rouletteSlot(seed.privateSeed, seed.publicSeed),
    );
    if (!opened) return;
    const round = {
      id: opened.id,
      number: opened.number,
      privateHash: opened.seed.privateHash,
      slot: opened.result,
    };
    this.state = { kind: 'betting', round };
    // the 4th argument, roulette's own round number, is ours (the original client reads three)
    this.emit(
      ROULETTE_EVENTS.newRound,
      ROULETTE_BETTING_MS,
      String(round.id),
      round.privateHash,
      round.number,
    );
    this.runner.after(ROULETTE_BETTING_MS, () => this.runner.step('roll', () => this.roll(round)));
  }

  /**
   * Closes betting and settles the round in one transaction (bets in flight hold the round row
   * shared, so the close waits for them). Wins are credited now and announced when the wheel stops;
   * the bets' rake accrues in the same transaction. Roulette never refunds: a round found taking
   * bets after a restart is rolled like any other.
   */
  private async roll(round: LiveRound): Promise<void> {
    const rolled = await inTransaction(this.ctx.db, async (unit) => {
      const now = sqlNow(this.ctx.clock);
      const closed = await unit.tx
        .updateTable('rounds')
        .set({ status: 'over', started_at: now, ended_at: now })
        .where('id', '=', round.id)
        .where('status', '=', 'betting')
        .returning(['id', 'number', 'private_hash', 'private_seed', 'public_seed', 'result'])
        .executeTakeFirst();
      if (!closed) return null;
      const winner = rouletteColor(round.slot);
      const bets = await unit.tx
        .selectFrom('round_bets')
        .select(['id', 'user_id', 'amount', 'color'])
        .where('round_id', '=', round.id)
        .where('status', '=', 'active')
        .where('color', '=', winner)
        .execute();
      for (const bet of bets) {
        const payout = roulettePayout(bet.amount, winner, round.slot);
        await unit.tx
          .updateTable('round_bets')
          .set({ status: 'won', payout, settled_at: now })
          .where('id', '=', bet.id)
          .execute();
        const ref = { id: bet.id, userId: bet.user_id, roundId: round.id };
        await creditWin(this.ctx, unit, ref, 'roulette', payout, ROULETTE_ANIMATION_TOTAL_MS);
      }
      await unit.tx
        .updateTable('round_bets')
        .set({ status: 'lost', settled_at: now })
        .where('round_id', '=', round.id)
        .where('status', '=', 'active')
        .execute();
      // every bet of the round has settled: its rake accrues now
      await accrueRoundStakes(unit, 'roulette', round.id);
      return closed;
    });
    if (!rolled) return this.recover();
    this.state = { kind: 'rolling', round };
    const index = ROULETTE_WHEEL_ORDER.indexOf(round.slot as (typeof ROULETTE_WHEEL_ORDER)[number]);
    this.emit(ROULETTE_EVENTS.rolled, index, round.slot, ROULETTE_SPIN_MS, ROULETTE_ANIMATION_TOTAL_MS);
    // the live feed hears the round's bets when the wheel stops
    void publishRoundBets(this.ctx, 'roulette', round.id, ROULETTE_ANIMATION_TOTAL_MS).catch((err: unknown) =>
      this.ctx.log.error({ err }, 'roulette: live feed'),
    );
    this.runner.after(ROULETTE_ANIMATION_TOTAL_MS, () =>
      this.emit(ROULETTE_EVENTS.history, rouletteHistoryView(rolled)),
    );
    this.runner.after(ROULETTE_ANIMATION_TOTAL_MS + ROULETTE_RESULT_MS, () =>
      this.runner.step('open', () => this.open()),
    );
  }
}
