import { z } from 'zod';
import { coinAmount, INTEGER_STRING, text, wireNumber } from './common.ts';

/**
 * Rewards: coupons, affiliates, VIP and rakeback, faucet. Request bodies are parsed by these
 * schemas on the server; the view types are what the routes answer (amounts in coins, 2 decimals).
 */

// ---- coupons ----

export const couponRedeemBody = z.object({
  code: text('coupon code', 'Please enter a coupon code.')
    .min(1, 'Please enter a coupon code.')
    .max(64, 'This coupon code does not exist.'),
});

/** PUT /external/v1/coupons/add {code, message, uses, payout} (admin). */
export const couponCreateBody = z.object({
  code: z
    .string({ error: 'Please enter a code.' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{3,32}$/, 'Code must be 3 to 32 letters, digits, dashes or underscores.'),
  message: text('message').max(200, 'Message must be at most 200 characters.').optional().default(''),
  uses: wireNumber(
    z
      .number({ error: 'Uses must be a number.' })
      .int('Uses must be a whole number.')
      .min(1, 'Uses must be at least 1.')
      .max(1_000_000, 'Uses must be at most 1,000,000.'),
    INTEGER_STRING,
  ),
  payout: coinAmount.refine((v) => v >= 0.01, 'Payout must be at least 0.01.'),
});
export type CouponCreateBody = z.infer<typeof couponCreateBody>;

export interface CouponRedeemResult {
  message: string;
  payout: number;
}

export interface CouponView {
  _id: string;
  code: string;
  message: string;
  uses: number;
  used: number;
  payout: number;
  created: string;
}

// ---- affiliates ----

/** An own affiliate code: letters, digits and underscore, 3 to 20 characters. */
export const AFFILIATE_CODE_RE = /^[A-Za-z0-9_]{3,20}$/;

export const affiliateUpdateCodeBody = z.object({
  code: z
    .string({ error: 'Please enter an affiliate code.' })
    .trim()
    .regex(AFFILIATE_CODE_RE, 'Affiliate code must be 3 to 20 letters, digits or underscores.'),
});

export const affiliateRedeemBody = z.object({
  code: text('affiliate code', 'Please enter an affiliate code.')
    .min(1, 'Please enter an affiliate code.')
    .max(64, 'This affiliate code does not exist.'),
});

export interface AffiliateSupport {
  code: string;
  username: string;
}

/** GET /user/affiliates (PROTOCOL.md §4). */
export interface AffiliatesView {
  affiliateCode: string;
  affiliateLink: string;
  /** Total earned from referrals. */
  affiliateMoney: number;
  affiliateMoneyAvailable: number;
  affiliateMoneyCollected: number;
  usersAffiliated: number;
  currentlySupporting: AffiliateSupport | null;
  totalDeposited: number;
  totalWagered: number;
  /** The smallest claim (1.00). */
  minimumClaim: number;
}

export interface AffiliateRedeemResult {
  code: string;
  username: string;
  freeMoneyClaimed: true;
  currentlySupporting: AffiliateSupport;
  amount: number;
}

// ---- VIP ----

/** One level as the wire has it: name "1".."500", amounts in coins, percentage with 2 decimals. */
export interface VipLevelView {
  name: string;
  levelName: string;
  levelColor: string;
  wagerNeeded: number;
  rakebackPercentage: number;
}

/** GET /vip (PROTOCOL.md §4); at the top level nextLevel is the top level again (the original client reads it unguarded). */
export interface VipView {
  allLevels: VipLevelView[];
  majorLevelNames: string[];
  majorLevelColors: string[];
  currentLevel: VipLevelView;
  nextLevel?: VipLevelView;
  rakebackBalance: number;
  /** The smallest claim (2.00). */
  minimumClaim: number;
  wager: number;
}

// ---- faucet ----

export interface FaucetView {
  amount: number;
  /** The faucet pays only while the balance is below this. */
  below: number;
  intervalMs: number;
  /** When the next claim opens (ISO), or null when it is open now. */
  nextClaimAt: string | null;
}

export interface FaucetClaimResult {
  claimed: number;
  nextClaimAt: string;
}

// ---- texts (spec-1 §8, spec-2 §8) ----

export const REWARDS_TEXT = {
  couponGeneric: 'There was an error while claiming this coupon code. Please try again later!',
  affiliateGeneric: 'Unknown error happened, please contact administrators!',
  affiliateLoadFailed: 'There was an error while getting your affiliate data, please try again later!',
  affiliateClaimGeneric: 'There was an error while claiming your affiliate earnings. Please try again later!',
  affiliateCodeUpdated: 'Successfully updated your dynamic affiliator code!',
  profileAffiliateCodeUpdated: 'Affiliate code updated successfully!',
  affiliateLinkDetected: 'Detected affiliate link! Redirected you to affiliates page!',
  linkCopied: 'Successfully copied affiliate link.',
  linkCopyFailed: 'Failed to copy affiliate link',
  vipLoadFailed: 'There was an error while getting your VIP data, please try again later!',
  rakebackClaimed: 'Successfully claimed Rakeback!',
  tipRainSoon: 'Tip rain feature coming soon!',
  caseNotAvailable: 'Case not available yet',
  instantRakebackSoon: 'Instant rakeback coming soon!',
  kycRequired: 'KYC verification required',
} as const;

/** 'You have successfully claimed your free 0.25 coins!' with the amount the server paid. */
export const affiliateBonusText = (coins: number) =>
  `You have successfully claimed your free ${coins.toFixed(2)} coins!`;

/** 'Successfully claimed {amount} credits!' */
export const affiliateClaimText = (coins: number) => `Successfully claimed ${coins.toFixed(2)} credits!`;
