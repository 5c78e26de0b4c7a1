import { ACCOUNT_EVENTS, CRASH_EVENTS, crashCashoutPayload, crashJoinPayload } from '@coinsite/shared';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import { CRASH_TEXT, cashOutCrash, joinCrash } from './crash.service.ts';

/** join-game and bet-cashout on /crash (PROTOCOL.md §5); any node takes them, SQL decides. */
export function crashSocket(ctx: Ctx): void {
  ctx.realtime.handle(
    'crash',
    CRASH_EVENTS.join,
    crashJoinPayload,
    CRASH_EVENTS.joinError,
    async (socket, p) => {
      const user = socket.data.user;
      if (!user) throw Errors.unauthorized();
      const [target, amount] = p;
      const result = await joinCrash(ctx, user, target, amount);
      if (result.kind === 'placed') socket.emit(CRASH_EVENTS.joinSuccess, result.bet);
      else socket.emit(ACCOUNT_EVENTS.notifyInfo, CRASH_TEXT.queued);
    },
  );

  ctx.realtime.handle(
    'crash',
    CRASH_EVENTS.cashout,
    crashCashoutPayload,
    CRASH_EVENTS.cashoutError,
    async (socket) => {
      // the cash-out's time is when it arrived, before any wait
      const receivedAt = ctx.clock.now();
      const user = socket.data.user;
      if (!user) throw Errors.unauthorized();
      const { bet } = await cashOutCrash(ctx, user, receivedAt);
      socket.emit(CRASH_EVENTS.cashoutSuccess, bet);
    },
  );
}
