import { centsToCoins, coinsToCents, diceBetPayload } from '@coinsite/shared';
import {
  diceMultiplier,
  diceRoll,
  diceSettle,
  diceTargetError,
  floorMulDiv,
} from '@coinsite/shared/fairness';
import { maxProfitError } from '@coinsite/shared/games';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import { placeBet, stakeCents } from '../engine/bet-engine.ts';
import type { Feature } from '../../platform/feature.ts';

/** dice:bet {amount, multiplier, rangeData} → dice:result {payout (net), diceresult}; errors: game-creation-error. */
export function diceSocket(ctx: Ctx): void {
  const edge = ctx.config.DICE_EDGE_PCT;
  const maxProfit = coinsToCents(ctx.config.MAX_PROFIT);
  ctx.realtime.handle('dice', 'dice:bet', diceBetPayload, 'game-creation-error', async (socket, [bet]) => {
    const user = socket.data.user;
    if (!user) throw Errors.unauthorized();
    // rangeData is the roll-under percentage (50 → 50.00); the client's multiplier is display only
    const target = Math.round(bet.rangeData * 100);
    const targetError = diceTargetError(target, edge);
    if (targetError) throw Errors.badRequest(targetError);
    const stake = stakeCents(bet.amount);
    const profitError = maxProfitError(
      stake,
      floorMulDiv(stake, diceMultiplier(target, edge), 10000),
      maxProfit,
    );
    if (profitError) throw Errors.badRequest(profitError);
    const placed = await placeBet(ctx, { user, game: 'dice', stake }, (seeds) => {
      const o = diceSettle(diceRoll(seeds), stake, target, edge);
      return {
        payout: o.payout,
        multiplier: o.win ? o.multiplier : 0,
        outcome: { roll: o.roll, target, multiplier: o.multiplier, win: o.win, edgePct: edge },
      };
    });
    // no dice:bet back: the original client toasts that name's argument as text (an object
    // unmounts it); the result carries the bet id, which is all our client needs
    socket.emit('dice:result', {
      payout: centsToCoins(placed.payout > 0 ? placed.payout - stake : 0),
      diceresult: placed.outcome.roll / 100,
      win: placed.outcome.win,
      multiplier: placed.outcome.multiplier / 10000,
      betId: String(placed.betId),
    });
  });
}

/** Dice: one socket event, no routes. */
export const feature: Feature = { name: 'dice', sockets: diceSocket };
