import {
  CASE_EVENTS,
  casesFreePayload,
  casesOpenPayload,
  caseResultText,
  coinsToCents,
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
  /** `paid`: what the opening cost (cents; 0 for the free daily case) */
  const reply = (socket: GameSocket, opening: CaseOpening, revealMs: number, paid: number) => {
    socket.emit(CASE_EVENTS.opened, opening.event);
    const { name, price } = opening.item;
    ctx.clock.setTimeout(() => socket.emit(CASE_EVENTS.success, caseResultText(name, price, paid)), revealMs);
  };

  ctx.realtime.handle(
    'cases',
    CASE_EVENTS.open,
    casesOpenPayload,
    CASE_EVENTS.error,
    async (socket, [slug, options]) => {
      const user = socket.data.user;
      if (!user) throw Errors.unauthorized();
      const opening = await openPaidCase(ctx, user, slug, options);
      reply(socket, opening, caseRevealMs(options), coinsToCents(opening.event.case.price));
    },
  );

  ctx.realtime.handle('cases', CASE_EVENTS.free, casesFreePayload, CASE_EVENTS.error, async (socket) => {
    const user = socket.data.user;
    if (!user) throw Errors.unauthorized();
    reply(socket, await openDailyCase(ctx, user), DAILY_CASE_ANIMATION_MS, 0);
  });
}
