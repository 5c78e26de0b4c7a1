import { centsToCoins, upgraderAttemptPayload } from '@coinsite/shared';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import { attemptUpgrade, UPGRADER_SPIN_MS } from './upgrader.service.ts';

/** upgrader:attempt(betAmount, item, isUnder) → upgrader:result {success, ticket}; then upgrader:success after the spin. */
export function upgraderSocket(ctx: Ctx): void {
  ctx.realtime.handle(
    'upgrader',
    'upgrader:attempt',
    upgraderAttemptPayload,
    'upgrader:error',
    async (socket, [amount, itemId, isUnder]) => {
      const user = socket.data.user;
      if (!user) throw Errors.unauthorized();
      const r = await attemptUpgrade(ctx, user, amount, itemId, isUnder);
      socket.emit('upgrader:result', {
        success: r.outcome.win,
        ticket: r.outcome.ticket,
        ticketDisplay: r.display,
        payout: centsToCoins(r.payout),
        betId: String(r.betId),
      });
      if (r.outcome.win) {
        setTimeout(
          () =>
            socket.emit(
              'upgrader:success',
              `You won ${r.item.name} worth ${centsToCoins(r.payout).toFixed(2)}!`,
            ),
          UPGRADER_SPIN_MS,
        ).unref();
      }
    },
  );
}
