import { centsToCoins, type FaucetClaimResult, type FaucetView } from '@coinsite/shared';
import type { Ctx } from '../../platform/context.ts';
import { AppError, Errors } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/tx.ts';
import { ensureRewardsRow, rewardSettings, rewardsRow } from './rewards-account.ts';

/** When the next claim opens (ms epoch), or null when it is open now. */
function nextClaimAt(lastAt: Date | null, intervalMs: number, now: number): number | null {
  if (!lastAt) return null;
  const at = lastAt.getTime() + intervalMs;
  return at > now ? at : null;
}

function waitText(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  const parts = minutes > 0 ? `${minutes}m ${seconds}s` : `${seconds}s`;
  return `You can claim the faucet again in ${parts}.`;
}

export async function faucetView(ctx: Ctx, userId: number): Promise<FaucetView> {
  const s = await rewardSettings(ctx.db);
  const row = await rewardsRow(ctx.db, userId);
  const next = nextClaimAt(row?.faucet_last_at ?? null, s.faucetIntervalMs, ctx.clock.now());
  return {
    amount: centsToCoins(s.faucetAmount),
    below: centsToCoins(s.faucetBelow),
    intervalMs: s.faucetIntervalMs,
    nextClaimAt: next === null ? null : new Date(next).toISOString(),
  };
}

/**
 * Pays the faucet (0.05) when the balance is below 0.10 and 30 minutes have passed since the last
 * claim (times from ctx.clock). Race-safe: the ledger key faucet:<user>:<n> is written once, the
 * balance rule is checked on the balance the wallet's locked UPDATE returns, and the claim count
 * only moves by a conditional UPDATE.
 */
export async function claimFaucet(ctx: Ctx, userId: number): Promise<FaucetClaimResult> {
  const s = await rewardSettings(ctx.db);
  await ensureRewardsRow(ctx.db, userId);
  const row = await rewardsRow(ctx.db, userId);
  const now = ctx.clock.now();
  const next = nextClaimAt(row?.faucet_last_at ?? null, s.faucetIntervalMs, now);
  if (next !== null) throw Errors.badRequest(waitText(next - now));
  const belowText = `The faucet is only available while your balance is below ${centsToCoins(s.faucetBelow).toFixed(2)}.`;
  const n = (row?.faucet_claims ?? 0) + 1;
  const claimedMeanwhile = new AppError('already_claimed', waitText(s.faucetIntervalMs), 409);
  try {
    await inTransaction(ctx.db, async (unit) => {
      const balance = await ctx.wallet.apply(unit, {
        userId,
        delta: s.faucetAmount,
        kind: 'faucet',
        ref: String(n),
        idempotencyKey: `faucet:${userId}:${n}`,
      });
      if (balance - s.faucetAmount >= s.faucetBelow) throw Errors.badRequest(belowText);
      const done = await unit.tx
        .updateTable('user_rewards')
        .set({ faucet_last_at: new Date(now), faucet_claims: n })
        .where('user_id', '=', userId)
        .where('faucet_claims', '=', n - 1)
        .returning('user_id')
        .executeTakeFirst();
      if (!done) throw claimedMeanwhile;
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'duplicate') throw claimedMeanwhile;
    throw err;
  }
  return {
    claimed: centsToCoins(s.faucetAmount),
    nextClaimAt: new Date(now + s.faucetIntervalMs).toISOString(),
  };
}
