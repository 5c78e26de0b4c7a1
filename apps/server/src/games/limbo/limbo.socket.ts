import { centsToCoins, coinsToCents, limboBetPayload } from '@coinsite/shared';
import { floorMulDiv, limboResult, limboSettle, limboTargetError } from '@coinsite/shared/fairness';
import { maxProfitError } from '@coinsite/shared/games';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import { placeBet, stakeCents } from '../engine/bet-engine.ts';
import type { Feature } from '../../platform/feature.ts';

/** limbo:bet {amount, multiplier} → limbo:result {payout (net, 0 on loss), crashpoint}. */
export function limboSocket(ctx: Ctx): void {
  const edge = ctx.config.LIMBO_EDGE_PCT;
  const maxProfit = coinsToCents(ctx.config.MAX_PROFIT);
  ctx.realtime.handle('limbo', 'limbo:bet', limboBetPayload, 'game-creation-error', async (socket, [bet]) => {
    const user = socket.data.user;
    if (!user) throw Errors.unauthorized();
    const target = Math.round(bet.multiplier * 100);
    const targetError = limboTargetError(target);
    if (targetError) throw Errors.badRequest(targetError);
    const stake = stakeCents(bet.amount);
    const profitError = maxProfitError(stake, floorMulDiv(stake, target, 100), maxProfit);
    if (profitError) throw Errors.badRequest(profitError);
    const placed = await placeBet(ctx, { user, game: 'limbo', stake }, (seeds) => {
      const o = limboSettle(limboResult(seeds, edge), stake, target);
      return {
        payout: o.payout,
        multiplier: o.win ? target * 100 : 0,
        outcome: { result: o.result, target, win: o.win, edgePct: edge },
      };
    });
    // no limbo:bet back: the original client toasts that name's argument as text (an object
    // unmounts it); the result carries the bet id, which is all our client needs
    socket.emit('limbo:result', {
      payout: centsToCoins(placed.payout > 0 ? placed.payout - stake : 0),
      crashpoint: placed.outcome.result / 100,
      win: placed.outcome.win,
      betId: String(placed.betId),
    });
  });
}

/** Limbo: one socket event, no routes. */
export const feature: Feature = { name: 'limbo', sockets: limboSocket };
