import {
  CASE_EVENTS,
  casesFreePayload,
  casesOpenPayload,
  centsToCoins,
  DAILY_CASE_ANIMATION_MS,
} from '@coinsite/shared';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import type { GameSocket } from '../../platform/realtime.ts';
import { type CaseOpening, caseRevealMs, openDailyCase, openPaidCase } from './cases.service.ts';

/**
 * cases:open slug / cases:free 'daily' → cases:opened {case, caseResult} at once (the reel starts),
 * cases:success when the reel has stopped (instant mode, cases:open slug {instant: true}:
 * its 0.3 s stop);
 * failures → cases:error with a sentence.
 */
export function casesSocket(ctx: Ctx): void {
  const reply = (socket: GameSocket, opening: CaseOpening, revealMs: number) => {
    socket.emit(CASE_EVENTS.opened, opening.event);
    const { name, price } = opening.item;
    ctx.clock.setTimeout(
      () => socket.emit(CASE_EVENTS.success, `You won ${name} worth ${centsToCoins(price).toFixed(2)}!`),
      revealMs,
    );
  };

  ctx.realtime.handle(
    'cases',
    CASE_EVENTS.open,
    casesOpenPayload,
    CASE_EVENTS.error,
    async (socket, [slug, options]) => {
      const user = socket.data.user;
      if (!user) throw Errors.unauthorized();
      reply(socket, await openPaidCase(ctx, user, slug, options), caseRevealMs(options));
    },
  );

  ctx.realtime.handle('cases', CASE_EVENTS.free, casesFreePayload, CASE_EVENTS.error, async (socket) => {
    const user = socket.data.user;
    if (!user) throw Errors.unauthorized();
    reply(socket, await openDailyCase(ctx, user), DAILY_CASE_ANIMATION_MS);
  });
}
