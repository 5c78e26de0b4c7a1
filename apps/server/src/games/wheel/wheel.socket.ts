import {
  centsToCoins,
  coinsToCents,
  WHEEL_SPIN_MS,
  type WheelResultView,
  wheelBetPayload,
} from '@coinsite/shared';
import { floorMulDiv, wheelMaxMultiplier, wheelOutcome } from '@coinsite/shared/fairness';
import { maxProfitError } from '@coinsite/shared/games';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import type { Feature } from '../../platform/feature.ts';
import { placeBet, stakeCents } from '../engine/bet-engine.ts';

/**
 * wheel:bet {amount, risk, segments[, instant]} → wheel:result {betId, segment, multiplier, payout};
 * errors: game-creation-error. One bet, one statement (the bet engine), like dice; the win reaches
 * update-wallet and the live feed when the wheel stops on the player's screen.
 */
export function wheelSocket(ctx: Ctx): void {
  const maxProfit = coinsToCents(ctx.config.MAX_PROFIT);
  ctx.realtime.handle('wheel', 'wheel:bet', wheelBetPayload, 'game-creation-error', async (socket, [bet]) => {
    const user = socket.data.user;
    if (!user) throw Errors.unauthorized();
    const { segments, risk } = bet;
    const stake = stakeCents(bet.amount);
    const profitError = maxProfitError(
      stake,
      floorMulDiv(stake, wheelMaxMultiplier(segments, risk), 100),
      maxProfit,
    );
    if (profitError) throw Errors.badRequest(profitError);
    const placed = await placeBet(
      ctx,
      { user, game: 'wheel', stake, winNotifyDelayMs: bet.instant ? 0 : WHEEL_SPIN_MS },
      (seeds) => {
        const o = wheelOutcome(seeds, stake, segments, risk);
        return {
          payout: o.payout,
          multiplier: o.multiplier * 100,
          outcome: { segment: o.segment, segments, risk, multiplier: o.multiplier },
        };
      },
    );
    const result: WheelResultView = {
      betId: String(placed.betId),
      segment: placed.outcome.segment,
      multiplier: placed.outcome.multiplier / 100,
      payout: centsToCoins(placed.payout),
      risk,
      segments,
    };
    socket.emit('wheel:result', result);
  });
}

/** Wheel: one socket event, no routes (its bets show on /api/bets/:id). */
export const feature: Feature = { name: 'wheel', sockets: wheelSocket };
