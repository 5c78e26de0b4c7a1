import { ROULETTE_EVENTS, rouletteJoinPayload } from '@coinsite/shared';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import { joinRoulette } from './roulette.service.ts';

/** join-game {color, betAmount} on /roulette (PROTOCOL.md §5); any node takes it, SQL decides. */
export function rouletteSocket(ctx: Ctx): void {
  ctx.realtime.handle(
    'roulette',
    ROULETTE_EVENTS.join,
    rouletteJoinPayload,
    ROULETTE_EVENTS.joinError,
    async (socket, [color, amount]) => {
      const user = socket.data.user;
      if (!user) throw Errors.unauthorized();
      const player = await joinRoulette(ctx, user, color, amount);
      socket.emit(ROULETTE_EVENTS.joinSuccess, player);
    },
  );
}
