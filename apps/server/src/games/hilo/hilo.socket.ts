import { HILO_EVENTS, hiloGuessPayload, hiloStartPayload, noPayload } from '@coinsite/shared';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import { cashoutHilo, guessHilo, startHilo } from './hilo.service.ts';

/**
 * The /hilo namespace (issue 32, schemas/hilo.ts): hilo:start {amount}, hilo:guess {choice} and
 * hilo:cashout each answer the acting socket with hilo:state; refusals come as game-creation-error.
 */
export function hiloSocket(ctx: Ctx): void {
  ctx.realtime.handle('hilo', HILO_EVENTS.start, hiloStartPayload, HILO_EVENTS.error, async (socket, [p]) => {
    const user = socket.data.user;
    if (!user) throw Errors.unauthorized();
    socket.emit(HILO_EVENTS.state, await startHilo(ctx, user, p.amount));
  });
  ctx.realtime.handle('hilo', HILO_EVENTS.guess, hiloGuessPayload, HILO_EVENTS.error, async (socket, [p]) => {
    const user = socket.data.user;
    if (!user) throw Errors.unauthorized();
    socket.emit(HILO_EVENTS.state, await guessHilo(ctx, user, p.choice));
  });
  ctx.realtime.handle('hilo', HILO_EVENTS.cashout, noPayload, HILO_EVENTS.error, async (socket) => {
    const user = socket.data.user;
    if (!user) throw Errors.unauthorized();
    socket.emit(HILO_EVENTS.state, await cashoutHilo(ctx, user));
  });
}
