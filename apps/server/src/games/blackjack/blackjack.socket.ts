import {
  BLACKJACK_EVENTS,
  blackjackBetPayload,
  blackjackInsurancePayload,
  noPayload,
} from '@coinsite/shared';
import type { BlackjackAction } from '@coinsite/shared/games';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import { actOnHand, startHand } from './blackjack.service.ts';

/**
 * The /blackjack namespace (issue 17, schemas/blackjack.ts): every action answers the acting socket
 * with blackjack:state, every refusal with blackjack:error {error}.
 */
export function blackjackSocket(ctx: Ctx): void {
  const opts = { errorPayload: (error: string) => ({ error }) };

  ctx.realtime.handle(
    'blackjack',
    BLACKJACK_EVENTS.bet,
    blackjackBetPayload,
    BLACKJACK_EVENTS.error,
    async (socket, [bet]) => {
      const user = socket.data.user;
      if (!user) throw Errors.unauthorized();
      socket.emit(BLACKJACK_EVENTS.state, await startHand(ctx, user, bet.amount));
    },
    opts,
  );

  const simple: Array<[string, BlackjackAction]> = [
    [BLACKJACK_EVENTS.hit, 'hit'],
    [BLACKJACK_EVENTS.stand, 'stand'],
    [BLACKJACK_EVENTS.double, 'double'],
    [BLACKJACK_EVENTS.split, 'split'],
  ];
  for (const [event, action] of simple) {
    ctx.realtime.handle(
      'blackjack',
      event,
      noPayload,
      BLACKJACK_EVENTS.error,
      async (socket) => {
        const user = socket.data.user;
        if (!user) throw Errors.unauthorized();
        socket.emit(BLACKJACK_EVENTS.state, await actOnHand(ctx, user, action));
      },
      opts,
    );
  }

  ctx.realtime.handle(
    'blackjack',
    BLACKJACK_EVENTS.insurance,
    blackjackInsurancePayload,
    BLACKJACK_EVENTS.error,
    async (socket, [p]) => {
      const user = socket.data.user;
      if (!user) throw Errors.unauthorized();
      socket.emit(BLACKJACK_EVENTS.state, await actOnHand(ctx, user, p.accept ? 'insurance' : 'noInsurance'));
    },
    opts,
  );
}
