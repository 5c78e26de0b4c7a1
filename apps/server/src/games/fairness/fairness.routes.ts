import { updateSeedBody } from '@coinsite/shared';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../platform/context.ts';
import { parse, requireUser } from '../../platform/http.ts';
import { currentSeeds, rotateSeeds, seedHistory } from './seeds.service.ts';
import type { Feature } from '../../platform/feature.ts';

export function fairnessRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/api/provably-fair/current', async (req) => currentSeeds(ctx, (await requireUser(ctx, req)).id));
  app.get('/api/provably-fair/history', async (req) => seedHistory(ctx, (await requireUser(ctx, req)).id));
  app.post('/api/provably-fair/update-seed', async (req) => {
    const user = await requireUser(ctx, req);
    const { newClientSeed } = parse(updateSeedBody, req.body);
    return rotateSeeds(ctx, user.id, newClientSeed);
  });
}

/** Seeds: the user's seed pair, rotation, verification data. */
export const feature: Feature = { name: 'fairness', routes: fairnessRoutes };
