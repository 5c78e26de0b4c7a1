import { centsToCoins, upgraderAttemptPayload } from '@coinsite/shared';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import { attemptUpgrade, upgraderRevealMs } from './upgrader.service.ts';

/**
 * upgrader:attempt(betAmount, item, isUnder[, {instant}]) → upgrader:result {success, ticket}; then
 * upgrader:success after the spin (at once in instant mode, whose dial does not spin).
 */
export function upgraderSocket(ctx: Ctx): void {
  ctx.realtime.handle(
    'upgrader',
    'upgrader:attempt',
    upgraderAttemptPayload,
    'upgrader:error',
    async (socket, [amount, itemId, isUnder, options]) => {
      const user = socket.data.user;
      if (!user) throw Errors.unauthorized();
      const r = await attemptUpgrade(ctx, user, amount, itemId, isUnder, options);
      socket.emit('upgrader:result', {
        success: r.outcome.win,
        ticket: r.outcome.ticket,
        ticketDisplay: r.display,
        payout: centsToCoins(r.payout),
        betId: String(r.betId),
      });
      if (r.outcome.win) {
        const message = upgraderWinMessage(r.item.name, r.item.price, r.payout);
        const revealMs = upgraderRevealMs(options);
        if (revealMs <= 0) socket.emit('upgrader:success', message);
        else setTimeout(() => socket.emit('upgrader:success', message), revealMs).unref();
      }
    },
  );
}

/**
 * The win toast says what was credited and why it differs from the item's price on the card: an
 * upgrade pays 90% of the item's price (spec-3 §9 multiplier factor 0.9).
 */
export function upgraderWinMessage(name: string, priceCents: number, payoutCents: number): string {
  const price = centsToCoins(priceCents).toFixed(2);
  const paid = centsToCoins(payoutCents).toFixed(2);
  return `You won ${name}! ${paid} credited: 90% of its ${price} price.`;
}
