/**
 * Dice, roll under (fairness.md §2). Units:
 * - roll: 0..10000, hundredths (shown as roll / 100, 0.00–100.00);
 * - target: the roll-under value in the same hundredths, 10..9990 (T = 50.00 → 5000); chance = T%;
 * - multiplier: ten-thousandths (1.9800x → 19800), floored.
 */
import { pickAt, type Seeds } from './bytes.ts';
import { BASIS_POINTS, DEFAULT_EDGE_PCT, edgeBasisPoints } from './edge.ts';
import { assertIntegerIn, floorMulDiv, isIntegerIn } from './integer.ts';

export const DICE_ROLLS = 10_001;
export const DICE_TARGET_MIN = 10;
export const DICE_TARGET_MAX = 9_990;

export function diceRoll(seeds: Seeds): number {
  return pickAt(seeds, 0, DICE_ROLLS);
}

export function diceWins(roll: number, target: number): boolean {
  return roll < target;
}

/** (100 − edge) / T floored to 4 decimals, in ten-thousandths: floor((10000 − bps) · 10^4 / target). */
export function diceMultiplier(target: number, edgePct: number = DEFAULT_EDGE_PCT.dice): number {
  assertIntegerIn(target, DICE_TARGET_MIN, DICE_TARGET_MAX, 'dice target');
  return Math.floor(((BASIS_POINTS - edgeBasisPoints(edgePct)) * BASIS_POINTS) / target);
}

/** Why a dice target is refused, or null. Refuses targets whose multiplier would be ≤ 1.0000x. */
export function diceTargetError(target: number, edgePct: number = DEFAULT_EDGE_PCT.dice): string | null {
  if (!isIntegerIn(target, DICE_TARGET_MIN, DICE_TARGET_MAX)) {
    return 'Roll under must be between 0.10 and 99.90.';
  }
  if (diceMultiplier(target, edgePct) <= BASIS_POINTS) {
    return 'This chance pays 1.0000x or less; choose a lower roll under.';
  }
  return null;
}

export interface DiceOutcome {
  roll: number;
  win: boolean;
  multiplier: number;
  /** Gross payout in cents (0 on a loss). */
  payout: number;
}

/** Settles a dice bet of `bet` cents. Check diceTargetError first: this throws on a bad target. */
export function diceOutcome(
  seeds: Seeds,
  bet: number,
  target: number,
  edgePct: number = DEFAULT_EDGE_PCT.dice,
): DiceOutcome {
  return diceSettle(diceRoll(seeds), bet, target, edgePct);
}

/** The settlement of a known roll (for exact RTP sums and the verifier). */
export function diceSettle(roll: number, bet: number, target: number, edgePct: number): DiceOutcome {
  const multiplier = diceMultiplier(target, edgePct);
  const win = diceWins(roll, target);
  return { roll, win, multiplier, payout: win ? floorMulDiv(bet, multiplier, BASIS_POINTS) : 0 };
}
