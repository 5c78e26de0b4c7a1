import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../platform/context.ts';
import { seedCases } from './cases.catalogue.ts';
import { casesRoutes } from './cases.routes.ts';
import { casesSocket } from './cases.socket.ts';
import type { Feature } from '../../platform/feature.ts';

/** Cases: the catalogue (seeded once), case opening, the daily case. */
export async function casesFeature(app: FastifyInstance, ctx: Ctx): Promise<void> {
  casesRoutes(app, ctx);
  casesSocket(ctx);
  await seedCases(ctx);
}

export const feature: Feature = { name: 'cases', routes: casesFeature };
