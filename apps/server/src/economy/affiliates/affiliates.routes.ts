import { affiliateRedeemBody, affiliateUpdateCodeBody, centsToCoins } from '@coinsite/shared';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../platform/context.ts';
import { limit, loadLimit, parse, requireUser } from '../../platform/http.ts';
import {
  affiliatesView,
  claimAffiliateEarnings,
  redeemAffiliateCode,
  updateAffiliateCode,
} from './affiliates.service.ts';

const SLOW = 'Too many attempts, please wait a minute.';

/** /user/affiliates (J): the dialog's data, redeem a code, claim earnings, change the own code. */
export function affiliatesRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/api/user/affiliates', async (req) => {
    const user = await requireUser(ctx, req);
    return affiliatesView(ctx, user.id);
  });

  app.post('/api/user/affiliates/redeem', async (req) => {
    const user = await requireUser(ctx, req);
    const { code } = parse(affiliateRedeemBody, req.body);
    await limit(ctx, `affiliate-redeem:${user.id}`, loadLimit(10, 60_000), SLOW);
    return redeemAffiliateCode(ctx, user.id, code);
  });

  app.post('/api/user/affiliates/claim', async (req) => {
    const user = await requireUser(ctx, req);
    await limit(ctx, `affiliate-claim:${user.id}`, loadLimit(10, 60_000), SLOW);
    const cents = await claimAffiliateEarnings(ctx, user.id);
    return { claimedAmount: centsToCoins(cents) };
  });

  app.post('/api/user/affiliates/update-code', async (req) => {
    const user = await requireUser(ctx, req);
    const { code } = parse(affiliateUpdateCodeBody, req.body);
    await limit(ctx, `affiliate-code:${user.id}`, loadLimit(10, 60_000), SLOW);
    return { newAffiliateCode: await updateAffiliateCode(ctx, user.id, code) };
  });
}
