import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../platform/context.ts';
import { publicChains } from './chain.store.ts';

/** The published chains of crash and roulette: terminal hash, salt block and salt (fairness page). */
export function chainsRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/api/provably-fair/chains', async () => ({ chains: await publicChains(ctx) }));
}
