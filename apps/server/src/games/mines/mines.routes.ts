import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import { requireUser } from '../../platform/http.ts';
import { lastFinishedGrid, NO_GAME, openGameView } from './mines.service.ts';

export function minesRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/api/mines/me', async (req) => {
    const user = await requireUser(ctx, req);
    const view = await openGameView(ctx, user.id);
    if (!view) throw Errors.notFound(NO_GAME);
    return view;
  });
  app.get('/api/mines/reveal', async (req) => {
    const user = await requireUser(ctx, req);
    const grid = await lastFinishedGrid(ctx, user.id);
    if (!grid) throw Errors.notFound('No finished game found.');
    // the original client reads `.grid` (PROTOCOL §4); a bare array crashed its page
    return { grid };
  });
}
