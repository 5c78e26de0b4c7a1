import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../platform/context.ts';
import { affiliatesRoutes } from '../affiliates/affiliates.routes.ts';
import { couponsRoutes } from '../coupons/coupons.routes.ts';
import { vipRoutes } from '../vip/vip.routes.ts';
import { seedVipLevels } from '../vip/vip.service.ts';
import { registerWagerHooks } from '../wager-hooks.ts';
import { rewardsRoutes } from './rewards.routes.ts';
import type { Feature } from '../../platform/feature.ts';

/** Coupons, affiliates, VIP and rakeback, faucet: their routes, the level table and the wager hook. */
export async function rewardsFeature(app: FastifyInstance, ctx: Ctx): Promise<void> {
  await seedVipLevels(ctx);
  registerWagerHooks(ctx.config);
  couponsRoutes(app, ctx);
  affiliatesRoutes(app, ctx);
  vipRoutes(app, ctx);
  rewardsRoutes(app, ctx);
}

export const feature: Feature = { name: 'rewards', routes: rewardsFeature };
