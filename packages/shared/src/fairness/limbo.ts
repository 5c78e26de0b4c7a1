/**
 * Limbo (fairness.md §2). Result and target are multipliers in cents of a multiplier
 * (hundredths: 100 = 1.00x). The target runs 1.01x..1,000,000x.
 */
import { pickAt, type Seeds } from './bytes.ts';
import { BASIS_POINTS, DEFAULT_EDGE_PCT, edgeBasisPoints } from './edge.ts';
import { assertIntegerIn, floorMulDiv, isIntegerIn } from './integer.ts';

export const LIMBO_OUTCOMES = 100_000_000;
export const LIMBO_TARGET_MIN = 101;
export const LIMBO_TARGET_MAX = 100_000_000;

/** n = pick(0, 10^8) + 1; result = max(100, floor((100 − edge) · 10^8 / n)) hundredths. */
export function limboResult(seeds: Seeds, edgePct: number = DEFAULT_EDGE_PCT.limbo): number {
  return limboResultFromN(pickAt(seeds, 0, LIMBO_OUTCOMES) + 1, edgePct);
}

/** The result for n in 1..10^8 (the exact RTP test sums over n). */
export function limboResultFromN(n: number, edgePct: number = DEFAULT_EDGE_PCT.limbo): number {
  // (100 − edge)% · 10^8 / n in hundredths = (10000 − bps) · 10^6 / n.
  const result = Math.floor(((BASIS_POINTS - edgeBasisPoints(edgePct)) * 1_000_000) / n);
  return Math.max(100, result);
}

/** Why a target (hundredths) is refused, or null. */
export function limboTargetError(target: number): string | null {
  if (!isIntegerIn(target, LIMBO_TARGET_MIN, LIMBO_TARGET_MAX)) {
    return 'The target multiplier must be between 1.01 and 1,000,000.';
  }
  return null;
}

export function limboWins(result: number, target: number): boolean {
  return result >= target;
}

export interface LimboOutcome {
  result: number;
  win: boolean;
  /** Gross payout in cents: floor(bet × target), 0 on a loss. */
  payout: number;
}

export function limboOutcome(
  seeds: Seeds,
  bet: number,
  target: number,
  edgePct: number = DEFAULT_EDGE_PCT.limbo,
): LimboOutcome {
  return limboSettle(limboResult(seeds, edgePct), bet, target);
}

export function limboSettle(result: number, bet: number, target: number): LimboOutcome {
  assertIntegerIn(target, LIMBO_TARGET_MIN, LIMBO_TARGET_MAX, 'limbo target');
  const win = limboWins(result, target);
  return { result, win, payout: win ? floorMulDiv(bet, target, 100) : 0 };
}
