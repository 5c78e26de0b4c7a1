import { centsToCoins, coinsToCents, KENO_EVENTS, type KenoResult, kenoBetPayload } from '@coinsite/shared';
import {
  floorMulDiv,
  kenoDraw,
  kenoPicksError,
  kenoSettle,
  kenoTopMultiplier,
} from '@coinsite/shared/fairness';
import { maxProfitError } from '@coinsite/shared/games';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import type { Feature } from '../../platform/feature.ts';
import { placeBet, stakeCents } from '../engine/bet-engine.ts';

/** The board reveals the ten numbers in about 1.5 s: a win's update-wallet and the feed wait for it. */
export const KENO_REVEAL_MS = 1500;

/** How long the player's board takes to reveal the draw (nothing waits in instant mode). */
export function kenoRevealMs(opts: { instant?: boolean }): number {
  return opts.instant ? 0 : KENO_REVEAL_MS;
}

/**
 * keno:bet {amount, risk, picks}[, {instant}] → keno:result {betId, drawn, hits, multiplier, payout};
 * refusals as game-creation-error (issue 32). One statement per bet, as dice.
 */
export function kenoSocket(ctx: Ctx): void {
  const maxProfit = coinsToCents(ctx.config.MAX_PROFIT);
  ctx.realtime.handle(
    'keno',
    KENO_EVENTS.bet,
    kenoBetPayload,
    KENO_EVENTS.error,
    async (socket, [bet, options]) => {
      const user = socket.data.user;
      if (!user) throw Errors.unauthorized();
      const picksError = kenoPicksError(bet.risk, bet.picks);
      if (picksError) throw Errors.badRequest(picksError);
      const stake = stakeCents(bet.amount);
      // refused before it is placed when its best draw could pay more than the max profit
      const top = floorMulDiv(stake, kenoTopMultiplier(bet.risk, bet.picks.length), 100);
      const profitError = maxProfitError(stake, top, maxProfit);
      if (profitError) throw Errors.badRequest(profitError);
      const placed = await placeBet(
        ctx,
        { user, game: 'keno', stake, winNotifyDelayMs: kenoRevealMs(options) },
        (seeds) => {
          const o = kenoSettle(kenoDraw(seeds), stake, bet.risk, bet.picks);
          return {
            payout: o.payout,
            // ten-thousandths, 0 when nothing is paid
            multiplier: o.payout > 0 ? o.multiplier * 100 : 0,
            outcome: {
              risk: bet.risk,
              picks: bet.picks,
              drawn: o.drawn,
              hits: o.hits,
              multiplier: o.multiplier,
            },
          };
        },
      );
      const result: KenoResult = {
        betId: String(placed.betId),
        drawn: placed.outcome.drawn,
        hits: placed.outcome.hits,
        multiplier: placed.payout > 0 ? placed.outcome.multiplier / 100 : 0,
        payout: centsToCoins(placed.payout),
      };
      socket.emit(KENO_EVENTS.result, result);
    },
  );
}

/** Keno: one socket event, no routes. */
export const feature: Feature = { name: 'keno', sockets: kenoSocket };
