import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../platform/context.ts';
import { listItems } from './upgrader.service.ts';

export function upgraderRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/api/upgrader/items', async () => listItems(ctx));
}
