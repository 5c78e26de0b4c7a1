import { centsToCoins } from '@coinsite/shared';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../platform/context.ts';
import { limit, loadLimit, requireUser } from '../../platform/http.ts';
import { claimRakeback, VipTable, vipView } from './vip.service.ts';

/** GET /vip/ (J) and POST /vip/claim (J), PROTOCOL.md §4. */
export function vipRoutes(app: FastifyInstance, ctx: Ctx): void {
  const table = new VipTable(ctx);
  const view = async (req: Parameters<typeof requireUser>[1]) => {
    const user = await requireUser(ctx, req);
    return vipView(ctx, table, user.id);
  };
  // the original client calls /vip/ with the slash; both forms answer
  app.get('/api/vip', (req) => view(req));
  app.get('/api/vip/', (req) => view(req));

  app.post('/api/vip/claim', async (req) => {
    const user = await requireUser(ctx, req);
    await limit(ctx, `rakeback-claim:${user.id}`, loadLimit(10, 60_000));
    const cents = await claimRakeback(ctx, user.id);
    return { rakebackClaimed: centsToCoins(cents) };
  });
}
