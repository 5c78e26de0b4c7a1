import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import type { Feature } from '../../platform/feature.ts';
import { requireUser } from '../../platform/http.ts';
import { NO_GAME, openGameView } from './hilo.service.ts';
import { hiloSocket } from './hilo.socket.ts';

/** GET /api/hilo/me: the open game after a reload or a restart (404 when none). */
export function hiloRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/api/hilo/me', async (req) => {
    const user = await requireUser(ctx, req);
    const view = await openGameView(ctx, user.id);
    if (!view) throw Errors.notFound(NO_GAME);
    return view;
  });
}

/** Hilo: the open game (HTTP) and the game's socket events. */
export const feature: Feature = { name: 'hilo', routes: hiloRoutes, sockets: hiloSocket };
