/** Roulette (fairness.md §2): 15 slots, 0 green (14×), 1–7 red and 8–14 black (2×). */
import { pick } from './bytes.ts';
import { gameU32 } from './chain.ts';
import { assertIntegerIn, floorMulDiv } from './integer.ts';

export const ROULETTE_SLOTS = 15;

/** Display order of the slots around the wheel; it plays no part in the outcome. */
export const ROULETTE_WHEEL_ORDER = [0, 11, 5, 10, 6, 9, 7, 8, 1, 14, 2, 13, 3, 12, 4] as const;

export type RouletteColor = 'green' | 'red' | 'black';

export const ROULETTE_PAYOUT_MULTIPLIER = { green: 14, red: 2, black: 2 } as const;

/** slot = pick(u, 15), the spec's randomModule. */
export function rouletteSlot(privateSeed: string, salt: string): number {
  return pick(gameU32(privateSeed, salt), ROULETTE_SLOTS);
}

export function rouletteColor(slot: number): RouletteColor {
  assertIntegerIn(slot, 0, ROULETTE_SLOTS - 1, 'roulette slot');
  if (slot === 0) return 'green';
  return slot <= 7 ? 'red' : 'black';
}

/** Gross payout in cents of a bet on `color` when `slot` comes up. */
export function roulettePayout(bet: number, color: RouletteColor, slot: number): number {
  return rouletteColor(slot) === color ? floorMulDiv(bet, ROULETTE_PAYOUT_MULTIPLIER[color], 1) : 0;
}
