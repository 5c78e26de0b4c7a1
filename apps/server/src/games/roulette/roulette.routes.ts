import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../platform/context.ts';
import { rouletteState } from './roulette.views.ts';

export function rouletteRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/api/roulette', async () => rouletteState(ctx));
}
