import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../platform/context.ts';
import { limit, loadLimit, requireUser } from '../../platform/http.ts';
import { claimFaucet, faucetView } from './faucet.service.ts';

/** The faucet of the Rewards dialog and page (the spec shows no path: ours are below /rewards). */
export function rewardsRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/api/rewards/faucet', async (req) => {
    const user = await requireUser(ctx, req);
    return faucetView(ctx, user.id);
  });

  app.post('/api/rewards/faucet/claim', async (req) => {
    const user = await requireUser(ctx, req);
    await limit(ctx, `faucet:${user.id}`, loadLimit(10, 60_000), 'Too many attempts, please wait a minute.');
    return claimFaucet(ctx, user.id);
  });
}
