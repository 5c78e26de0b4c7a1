import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import { requireUser } from '../../platform/http.ts';
import { NO_HAND, openHandView, startIdleSweep } from './blackjack.service.ts';
import { blackjackSocket } from './blackjack.socket.ts';
import type { Feature } from '../../platform/feature.ts';

/** Blackjack (issue 17): GET /api/blackjack/me (the open hand, after a reload), the socket, the idle sweep. */
export function blackjackFeature(app: FastifyInstance, ctx: Ctx): void {
  app.get('/api/blackjack/me', async (req) => {
    const user = await requireUser(ctx, req);
    const view = await openHandView(ctx, user.id);
    if (!view) throw Errors.notFound(NO_HAND);
    return view;
  });
  blackjackSocket(ctx);
  let stop: (() => void) | null = null;
  ctx.leadership.onLeader(() => {
    stop?.();
    stop = startIdleSweep(ctx);
  });
  ctx.leadership.onFollower(() => {
    stop?.();
    stop = null;
  });
  ctx.onClose.push(() => stop?.());
}

export const feature: Feature = { name: 'blackjack', routes: blackjackFeature };
