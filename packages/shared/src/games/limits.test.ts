import { describe, expect, test } from 'vitest';
import { MAX_AMOUNT_CENTS } from '../money.ts';
import { betAmountError, MIN_BET_CENTS } from './limits.ts';
import { upgraderAmountError, upgraderChanceBasisPoints, upgraderMultiplier } from './upgrader.ts';

describe('bet limits', () => {
  test('bets run from 0.01 to the maximum amount, in whole cents', () => {
    expect(betAmountError(MIN_BET_CENTS)).toBeNull();
    expect(betAmountError(MAX_AMOUNT_CENTS)).toBeNull();
    expect(betAmountError(0)).toBe('The minimum bet is 0.01.');
    expect(betAmountError(-5)).toBe('The minimum bet is 0.01.');
    expect(betAmountError(1.5)).toBe('The minimum bet is 0.01.');
    expect(betAmountError(MAX_AMOUNT_CENTS + 1)).toMatch(/above the maximum/);
  });
});

describe('upgrader limits', () => {
  test('the amount may be at most 80% of the price', () => {
    expect(upgraderAmountError(800, 1000)).toBeNull();
    expect(upgraderAmountError(801, 1000)).toMatch(/80%/);
    expect(upgraderAmountError(1000, 1100)).toMatch(/80%/); // the SS2 vector's attempt
    expect(upgraderAmountError(0, 1000)).toMatch(/minimum/);
    expect(upgraderAmountError(1, 1)).toMatch(/80%/);
  });

  test('chance and the shown multiplier (price / amount × 0.9)', () => {
    expect(upgraderChanceBasisPoints(1000, 2500)).toBe(4000);
    expect(upgraderMultiplier(1000, 2500)).toBe(22500);
    expect(upgraderMultiplier(3, 1000)).toBe(3_000_000);
  });
});
