import {
  AFFILIATE_CODE_RE,
  type AffiliateRedeemResult,
  type AffiliatesView,
  centsToCoins,
} from '@coinsite/shared';
import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import { AppError, Errors } from '../../platform/errors.ts';
import { inTransaction, pgErrorCode } from '../../platform/tx.ts';
import {
  creditCountedClaim,
  ensureRewardsRow,
  rewardSettings,
  rewardsRow,
  UNITS_PER_CENT,
  unitsToCents,
} from '../rewards/rewards-account.ts';

export const AFFILIATE_TEXT = {
  unknown: 'This affiliate code does not exist.',
  own: 'You cannot claim your own affiliate code.',
  circular: 'You cannot support a player who is supporting you.',
  already: 'You have already claimed an affiliate code.',
  taken: 'This affiliate code is already taken.',
  claimedMeanwhile: 'Your affiliate earnings have already been claimed.',
} as const;

/**
 * The user's own code, created on first need: the username when free (usernames already follow
 * the code rule), else username_<id>, else a code from the id alone.
 */
export async function ownCode(ctx: Ctx, userId: number): Promise<string> {
  const existing = await ctx.db
    .selectFrom('affiliate_codes')
    .select('code')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (existing) return existing.code;
  const user = await ctx.db
    .selectFrom('users')
    .select('username')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const suffix = `_${userId}`;
  const candidates = [user.username, `${user.username.slice(0, 20 - suffix.length)}${suffix}`, `u${userId}`];
  for (const code of candidates.filter((c) => AFFILIATE_CODE_RE.test(c))) {
    await ctx.db
      .insertInto('affiliate_codes')
      .values({ user_id: userId, code })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const row = await ctx.db
      .selectFrom('affiliate_codes')
      .select('code')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (row) return row.code;
  }
  throw new Error(`no free affiliate code for user ${userId}`);
}

/** GET /user/affiliates: own code and link, referral stats, earnings, whom this user supports. */
export async function affiliatesView(ctx: Ctx, userId: number): Promise<AffiliatesView> {
  const code = await ownCode(ctx, userId);
  const settings = await rewardSettings(ctx.db);
  const stats = await sql<{ users: number; units: number; wager: number }>`
    SELECT COUNT(*)::bigint AS users, COALESCE(SUM(referral_units), 0)::bigint AS units,
           COALESCE(SUM(referral_wager), 0)::bigint AS wager
    FROM user_rewards WHERE referrer_id = ${userId}`.execute(ctx.db);
  // deposits of the referred players since they were linked (the cashier writes kind 'deposit')
  const deposits = await sql<{ total: number }>`
    SELECT COALESCE(SUM(l.delta), 0)::bigint AS total
    FROM user_rewards r JOIN ledger_entries l ON l.user_id = r.user_id
    WHERE r.referrer_id = ${userId} AND l.kind = 'deposit' AND l.created_at >= r.referred_at`.execute(ctx.db);
  const mine = await rewardsRow(ctx.db, userId);
  const s = stats.rows[0] ?? { users: 0, units: 0, wager: 0 };
  const collected = mine?.affiliate_collected ?? 0;
  const earned = unitsToCents(s.units);
  const available = unitsToCents(s.units - collected * UNITS_PER_CENT);
  return {
    affiliateCode: code,
    affiliateLink: `${ctx.config.frontendUrl}/a/${encodeURIComponent(code)}`,
    affiliateMoney: centsToCoins(earned),
    affiliateMoneyAvailable: centsToCoins(Math.max(0, available)),
    affiliateMoneyCollected: centsToCoins(collected),
    usersAffiliated: s.users,
    currentlySupporting: mine?.referrer_id
      ? await supportOf(ctx, mine.referrer_id, mine.referred_code)
      : null,
    totalDeposited: centsToCoins(deposits.rows[0]?.total ?? 0),
    totalWagered: centsToCoins(s.wager),
    minimumClaim: centsToCoins(settings.affiliateMinClaim),
  };
}

async function supportOf(ctx: Ctx, referrerId: number, claimedCode: string | null) {
  const row = await ctx.db
    .selectFrom('users as u')
    .leftJoin('affiliate_codes as c', 'c.user_id', 'u.id')
    .select(['u.username', 'c.code'])
    .where('u.id', '=', referrerId)
    .executeTakeFirst();
  return row ? { code: row.code ?? claimedCode ?? '', username: row.username } : null;
}

/**
 * The owner of a code, ignoring case. A player who never opened the Affiliates dialog has no code
 * row yet, but their default code is their username: it is created here on first use.
 */
async function findCodeOwner(ctx: Ctx, rawCode: string) {
  const lookup = () =>
    ctx.db
      .selectFrom('affiliate_codes as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['c.user_id', 'c.code', 'u.username'])
      .where(sql`lower(c.code)`, '=', rawCode.toLowerCase())
      .executeTakeFirst();
  const found = await lookup();
  if (found || !AFFILIATE_CODE_RE.test(rawCode)) return found;
  const user = await ctx.db
    .selectFrom('users as u')
    .leftJoin('affiliate_codes as c', 'c.user_id', 'u.id')
    .select('u.id')
    .where(sql`lower(u.username)`, '=', rawCode.toLowerCase())
    .where('c.user_id', 'is', null)
    .executeTakeFirst();
  if (!user) return undefined;
  await ownCode(ctx, user.id);
  return lookup();
}

/**
 * POST /user/affiliates/redeem: links this account to the code's owner for good and pays the bonus
 * once per account (ledger key affiliate_bonus:<user>). Own code and a code of someone who supports
 * this account are refused.
 */
export async function redeemAffiliateCode(
  ctx: Ctx,
  userId: number,
  rawCode: string,
): Promise<AffiliateRedeemResult> {
  const owner = await findCodeOwner(ctx, rawCode);
  if (!owner) throw Errors.badRequest(AFFILIATE_TEXT.unknown);
  if (owner.user_id === userId) throw Errors.badRequest(AFFILIATE_TEXT.own);
  await ensureRewardsRow(ctx.db, userId);
  const mine = await rewardsRow(ctx.db, userId);
  if (mine?.referrer_id) throw Errors.badRequest(AFFILIATE_TEXT.already);
  const theirs = await rewardsRow(ctx.db, owner.user_id);
  if (theirs?.referrer_id === userId) throw Errors.badRequest(AFFILIATE_TEXT.circular);
  const settings = await rewardSettings(ctx.db);
  try {
    await inTransaction(ctx.db, async (unit) => {
      await ctx.wallet.apply(unit, {
        userId,
        delta: settings.affiliateBonus,
        kind: 'affiliate_bonus',
        ref: String(owner.user_id),
        idempotencyKey: `affiliate_bonus:${userId}`,
        answeredInResponse: true,
      });
      const linked = await unit.tx
        .updateTable('user_rewards')
        .set({
          referrer_id: owner.user_id,
          referred_code: owner.code,
          referred_at: new Date(ctx.clock.now()),
        })
        .where('user_id', '=', userId)
        .where('referrer_id', 'is', null)
        .returning('user_id')
        .executeTakeFirst();
      if (!linked) throw Errors.badRequest(AFFILIATE_TEXT.already);
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'duplicate') throw Errors.badRequest(AFFILIATE_TEXT.already);
    throw err;
  }
  const support = { code: owner.code, username: owner.username };
  return {
    ...support,
    freeMoneyClaimed: true,
    currentlySupporting: support,
    amount: centsToCoins(settings.affiliateBonus),
  };
}

/**
 * POST /user/affiliates/claim: moves the whole cents of what the referrals earned and was not yet
 * collected to the wallet. The ledger key affiliate_claim:<user>:<n> and the conditional UPDATE on
 * the claim count make a double claim impossible.
 */
export async function claimAffiliateEarnings(ctx: Ctx, userId: number): Promise<number> {
  const settings = await rewardSettings(ctx.db);
  await ensureRewardsRow(ctx.db, userId);
  const mine = await rewardsRow(ctx.db, userId);
  const sum = await sql<{ units: number }>`
    SELECT COALESCE(SUM(referral_units), 0)::bigint AS units FROM user_rewards WHERE referrer_id = ${userId}`.execute(
    ctx.db,
  );
  const collected = mine?.affiliate_collected ?? 0;
  const cents = unitsToCents((sum.rows[0]?.units ?? 0) - collected * UNITS_PER_CENT);
  if (cents < settings.affiliateMinClaim)
    throw Errors.badRequest(
      `You need at least ${centsToCoins(settings.affiliateMinClaim).toFixed(2)} coins of affiliate earnings to claim.`,
    );
  const n = (mine?.affiliate_claims ?? 0) + 1;
  await creditCountedClaim(ctx, {
    userId,
    cents,
    kind: 'affiliate_claim',
    n,
    refused: new AppError('already_claimed', AFFILIATE_TEXT.claimedMeanwhile, 409),
    take: async (tx) =>
      Boolean(
        await tx
          .updateTable('user_rewards')
          .set((eb) => ({ affiliate_collected: eb('affiliate_collected', '+', cents), affiliate_claims: n }))
          .where('user_id', '=', userId)
          .where('affiliate_claims', '=', n - 1)
          .returning('user_id')
          .executeTakeFirst(),
      ),
  });
  return cents;
}

/** POST /user/affiliates/update-code: letters, digits, underscore, 3–20, unique ignoring case. */
export async function updateAffiliateCode(ctx: Ctx, userId: number, code: string): Promise<string> {
  await ownCode(ctx, userId);
  try {
    await ctx.db
      .updateTable('affiliate_codes')
      .set({ code, updated_at: new Date() })
      .where('user_id', '=', userId)
      .execute();
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw new AppError('duplicate', AFFILIATE_TEXT.taken, 409);
    throw err;
  }
  return code;
}
