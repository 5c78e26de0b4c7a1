/**
 * Crash rules that are not randomness: the growth curve both sides draw and the profit cap.
 * Multipliers are hundredths (250 = 2.50x), times are ms since the round started.
 */
import { floorMulDiv } from '../fairness/integer.ts';

/** The multiplier grows as e^(0.00006 · ms): 2x after about 11.55 s, 10x after about 38.4 s. */
export const CRASH_GROWTH_PER_MS = 0.00006;

/** The most a bet can win over its stake in one round, in cents (economy.md: 1,000.00 coins). */
export const CRASH_MAX_PROFIT_CENTS = 100_000;

/**
 * floor(100 · e^(0.00006 · ms)). Math.exp is not bit-identical across engines, so clients draw
 * with this while the server's own value decides cash-outs and the crash.
 */
export function crashMultiplierAt(elapsedMs: number): number {
  if (!Number.isFinite(elapsedMs) || elapsedMs < 0) throw new RangeError(`bad elapsed time ${elapsedMs}`);
  return Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * elapsedMs));
}

/** The first whole millisecond at which the curve reaches `multiplier` (hundredths, ≥ 100). */
export function crashElapsedMsFor(multiplier: number): number {
  if (!Number.isSafeInteger(multiplier) || multiplier < 100) {
    throw new RangeError(`multiplier must be an integer ≥ 100, got ${multiplier}`);
  }
  // The logarithm gives the answer up to float rounding; step to the exact first millisecond.
  let ms = Math.max(0, Math.ceil(Math.log(multiplier / 100) / CRASH_GROWTH_PER_MS));
  while (crashMultiplierAt(ms) < multiplier) ms++;
  while (ms > 0 && crashMultiplierAt(ms - 1) >= multiplier) ms--;
  return ms;
}

/**
 * A cash-out at c pays only when c < crash (fairness.md §2), so a bet set to auto-cashout at the
 * exact crash point loses. (bustabit v1 lets c = crash win instead; see the fairness report.)
 */
export function crashCashoutWins(cashout: number, crashPoint: number): boolean {
  return cashout < crashPoint;
}

/** Gross cash-out at `multiplier` (hundredths): floor(bet × c), capped at stake + max profit. */
export function crashCashoutPayout(
  bet: number,
  multiplier: number,
  maxProfitCents: number = CRASH_MAX_PROFIT_CENTS,
): number {
  return Math.min(floorMulDiv(bet, multiplier, 100), bet + maxProfitCents);
}

/** The multiplier (hundredths) at which a bet reaches the profit cap and is cashed out. */
export function crashMaxProfitMultiplier(
  bet: number,
  maxProfitCents: number = CRASH_MAX_PROFIT_CENTS,
): number {
  if (!Number.isSafeInteger(bet) || bet < 1)
    throw new RangeError(`bet must be a positive integer, got ${bet}`);
  const target = BigInt(bet + maxProfitCents) * 100n;
  return Number((target + BigInt(bet) - 1n) / BigInt(bet)); // ceil, exactly
}

/** Why an auto-cashout target (hundredths, or null for none) is refused, or null. */
export function crashAutoCashoutError(target: number | null): string | null {
  if (target === null) return null;
  return Number.isSafeInteger(target) && target >= 101 ? null : 'Auto cashout must be at least 1.01x.';
}
