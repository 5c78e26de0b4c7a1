import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../platform/context.ts';
import { viewerOf } from '../../platform/ghost.ts';
import { currentUser } from '../../platform/http.ts';
import { rouletteState } from './roulette.views.ts';

export function rouletteRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/api/roulette', async (req) => rouletteState(ctx, viewerOf(await currentUser(ctx, req))));
}
