import {
  centsToCoins,
  coinsToCents,
  type PlinkoResultView,
  plinkoBetPayload,
  plinkoRevealMs,
} from '@coinsite/shared';
import { floorMulDiv, plinkoMaxMultiplier, plinkoOutcome } from '@coinsite/shared/fairness';
import { maxProfitError } from '@coinsite/shared/games';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import type { Feature } from '../../platform/feature.ts';
import { placeBet, stakeCents } from '../engine/bet-engine.ts';

/**
 * plinko:bet {amount, risk, rows[, instant]} → plinko:result {betId, path, slot, multiplier, payout};
 * errors: game-creation-error. One bet, one statement (the bet engine), like dice; the win reaches
 * update-wallet and the live feed when the ball lands on the player's screen.
 */
export function plinkoSocket(ctx: Ctx): void {
  const maxProfit = coinsToCents(ctx.config.MAX_PROFIT);
  ctx.realtime.handle(
    'plinko',
    'plinko:bet',
    plinkoBetPayload,
    'game-creation-error',
    async (socket, [bet]) => {
      const user = socket.data.user;
      if (!user) throw Errors.unauthorized();
      const { rows, risk } = bet;
      const stake = stakeCents(bet.amount);
      // the far slots pay most: a bet that could win more than the max profit there is refused
      const profitError = maxProfitError(
        stake,
        floorMulDiv(stake, plinkoMaxMultiplier(rows, risk), 100),
        maxProfit,
      );
      if (profitError) throw Errors.badRequest(profitError);
      const placed = await placeBet(
        ctx,
        { user, game: 'plinko', stake, winNotifyDelayMs: bet.instant ? 0 : plinkoRevealMs(rows) },
        (seeds) => {
          const o = plinkoOutcome(seeds, stake, rows, risk);
          return {
            payout: o.payout,
            multiplier: o.multiplier * 100,
            outcome: { path: o.path, slot: o.slot, rows, risk, multiplier: o.multiplier },
          };
        },
      );
      const result: PlinkoResultView = {
        betId: String(placed.betId),
        path: placed.outcome.path.map((step) => (step === 1 ? 1 : 0)),
        slot: placed.outcome.slot,
        multiplier: placed.outcome.multiplier / 100,
        payout: centsToCoins(placed.payout),
        risk,
        rows,
      };
      socket.emit('plinko:result', result);
    },
  );
}

/** Plinko: one socket event, no routes (its bets show on /api/bets/:id). */
export const feature: Feature = { name: 'plinko', sockets: plinkoSocket };
