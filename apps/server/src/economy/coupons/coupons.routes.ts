import { couponCreateBody, couponRedeemBody } from '@coinsite/shared';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../admin/admin.routes.ts';
import type { Ctx } from '../../platform/context.ts';
import { limit, parse, requireAdmin, requireUser, securityLimit } from '../../platform/http.ts';
import { createCoupon, listCoupons, redeemCoupon } from './coupons.service.ts';

/** POST /coupon/redeem (J); PUT /external/v1/coupons/add and GET …/coupons/list (A). */
export function couponsRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.post('/api/coupon/redeem', async (req) => {
    const user = await requireUser(ctx, req);
    const { code } = parse(couponRedeemBody, req.body);
    // guessing codes is the abuse to expect: 10 tries a minute per account
    await limit(
      ctx,
      `coupon:${user.id}`,
      securityLimit(10, 60_000),
      'Too many coupon attempts, please wait a minute.',
    );
    return redeemCoupon(ctx, user.id, code);
  });

  app.put('/api/external/v1/coupons/add', async (req) => {
    const admin = await requireAdmin(ctx, req);
    const body = parse(couponCreateBody, req.body);
    const coupon = await createCoupon(ctx, admin.id, body);
    await audit(ctx, admin.id, 'create-coupon', coupon._id, {
      code: coupon.code,
      uses: coupon.uses,
      payout: coupon.payout,
    });
    return { success: true, coupon };
  });

  app.get('/api/external/v1/coupons/list', async (req) => {
    await requireAdmin(ctx, req);
    return { coupons: await listCoupons(ctx) };
  });
}
