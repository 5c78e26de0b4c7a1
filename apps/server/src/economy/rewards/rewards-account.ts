import type { Kysely } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import type { DB, Tx } from '../../platform/db-types.ts';
import { AppError } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/tx.ts';
import type { LedgerKind } from '../../platform/wallet.ts';

/** Rakeback and affiliate cuts accrue in 1/10,000 of a cent, so a 0.01 bet's rake still counts. */
export const UNITS_PER_CENT = 10_000;

/** Whole cents of an accrual (claims move these and keep the remainder). */
export function unitsToCents(units: number): number {
  return Math.floor(units / UNITS_PER_CENT);
}

export interface RewardSettings {
  affiliateBonus: number;
  affiliateCutBp: number;
  affiliateMinClaim: number;
  rakebackMinClaim: number;
  faucetAmount: number;
  faucetBelow: number;
  faucetIntervalMs: number;
}

/** The operator's reward settings (one row of reward_settings, economy.md's defaults). */
export async function rewardSettings(db: Kysely<DB> | Tx): Promise<RewardSettings> {
  const s = await db.selectFrom('reward_settings').selectAll().executeTakeFirstOrThrow();
  return {
    affiliateBonus: s.affiliate_bonus,
    affiliateCutBp: s.affiliate_cut_bp,
    affiliateMinClaim: s.affiliate_min_claim,
    rakebackMinClaim: s.rakeback_min_claim,
    faucetAmount: s.faucet_amount,
    faucetBelow: s.faucet_below,
    faucetIntervalMs: s.faucet_interval_s * 1000,
  };
}

/**
 * Creates the user's user_rewards row if missing, in its own statement before a claim's
 * transaction: a claim then only ever updates the row after taking the users row (wallet first),
 * the same lock order as a bet, so the two cannot deadlock.
 */
export async function ensureRewardsRow(db: Kysely<DB>, userId: number): Promise<void> {
  await db
    .insertInto('user_rewards')
    .values({ user_id: userId })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function rewardsRow(db: Kysely<DB> | Tx, userId: number) {
  return db.selectFrom('user_rewards').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/**
 * The claim of an accrual (rakeback, affiliate earnings): the player's `n`th claim credits `cents`
 * under the ledger key `<kind>:<user>:<n>` (written once), and `take` moves the accrual in the same
 * transaction by a conditional UPDATE that sees the claim count still at n − 1 (false: a claim
 * came meanwhile). Either guard refusing answers `refused`; nothing moves.
 */
export async function creditCountedClaim(
  ctx: Ctx,
  claim: {
    userId: number;
    cents: number;
    kind: LedgerKind;
    n: number;
    refused: AppError;
    take: (tx: Tx) => Promise<boolean>;
  },
): Promise<void> {
  try {
    await inTransaction(ctx.db, async (unit) => {
      await ctx.wallet.apply(unit, {
        userId: claim.userId,
        delta: claim.cents,
        kind: claim.kind,
        ref: String(claim.n),
        idempotencyKey: `${claim.kind}:${claim.userId}:${claim.n}`,
        answeredInResponse: true,
      });
      if (!(await claim.take(unit.tx))) throw claim.refused;
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'duplicate') throw claim.refused;
    throw err;
  }
}
