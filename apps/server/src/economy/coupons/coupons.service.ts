import {
  centsToCoins,
  coinsToCents,
  type CouponCreateBody,
  type CouponRedeemResult,
  type CouponView,
} from '@coinsite/shared';
import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import { AppError, Errors } from '../../platform/errors.ts';
import { inTransaction, pgErrorCode } from '../../platform/tx.ts';

export const COUPON_TEXT = {
  unknown: 'This coupon code does not exist.',
  usedUp: 'This coupon has already been fully redeemed.',
  already: 'You have already redeemed this coupon.',
  taken: 'A coupon with this code already exists.',
} as const;

/**
 * Redeems a coupon once per account while uses remain. Race-safe in the database: the
 * (coupon, user) key admits one redemption per account, the conditional `used < uses` UPDATE
 * serialises on the coupon's row so no more than `uses` accounts get through, and the ledger key
 * coupon:<coupon>:<user> credits once. Any refusal rolls the whole redemption back.
 */
export async function redeemCoupon(ctx: Ctx, userId: number, code: string): Promise<CouponRedeemResult> {
  return inTransaction(ctx.db, async (unit) => {
    const coupon = await unit.tx
      .selectFrom('coupons')
      .select(['id', 'payout', 'message'])
      .where(sql`lower(code)`, '=', code.toLowerCase())
      .executeTakeFirst();
    if (!coupon) throw Errors.badRequest(COUPON_TEXT.unknown);
    const mine = await unit.tx
      .insertInto('coupon_redemptions')
      .values({ coupon_id: coupon.id, user_id: userId, payout: coupon.payout })
      .onConflict((oc) => oc.columns(['coupon_id', 'user_id']).doNothing())
      .returning('coupon_id')
      .executeTakeFirst();
    if (!mine) throw Errors.badRequest(COUPON_TEXT.already);
    const taken = await unit.tx
      .updateTable('coupons')
      .set((eb) => ({ used: eb('used', '+', 1) }))
      .where('id', '=', coupon.id)
      .where((eb) => eb('used', '<', eb.ref('uses')))
      .returning('id')
      .executeTakeFirst();
    if (!taken) throw Errors.badRequest(COUPON_TEXT.usedUp);
    try {
      await ctx.wallet.apply(unit, {
        userId,
        delta: coupon.payout,
        kind: 'coupon',
        ref: String(coupon.id),
        idempotencyKey: `coupon:${coupon.id}:${userId}`,
        answeredInResponse: true,
      });
    } catch (err) {
      if (err instanceof AppError && err.code === 'duplicate') throw Errors.badRequest(COUPON_TEXT.already);
      throw err;
    }
    const payout = centsToCoins(coupon.payout);
    return {
      message: coupon.message || `You have successfully redeemed ${payout.toFixed(2)} coins!`,
      payout,
    };
  });
}

export async function createCoupon(ctx: Ctx, adminId: number, body: CouponCreateBody): Promise<CouponView> {
  try {
    const row = await ctx.db
      .insertInto('coupons')
      .values({
        code: body.code,
        message: body.message,
        uses: body.uses,
        payout: coinsToCents(body.payout),
        created_by: adminId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toView(row);
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw new AppError('duplicate', COUPON_TEXT.taken, 409);
    throw err;
  }
}

export async function listCoupons(ctx: Ctx): Promise<CouponView[]> {
  const rows = await ctx.db.selectFrom('coupons').selectAll().orderBy('id', 'desc').limit(200).execute();
  return rows.map(toView);
}

function toView(r: {
  id: number;
  code: string;
  message: string;
  uses: number;
  used: number;
  payout: number;
  created_at: Date;
}): CouponView {
  return {
    _id: String(r.id),
    code: r.code,
    message: r.message,
    uses: r.uses,
    used: r.used,
    payout: centsToCoins(r.payout),
    created: r.created_at.toISOString(),
  };
}
