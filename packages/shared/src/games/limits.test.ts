import { describe, expect, test } from 'vitest';
import { MAX_AMOUNT_CENTS } from '../money.ts';
import {
  betAmountError,
  DEFAULT_MAX_PROFIT_CENTS,
  MIN_BET_CENTS,
  maxProfitError,
  minesCappedPayout,
} from './limits.ts';
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

describe('max profit (issue 9 item 5)', () => {
  test('dice and limbo: a bet that could win more than the max profit is refused, to the cent', () => {
    const max = DEFAULT_MAX_PROFIT_CENTS;
    expect(maxProfitError(1000, 1000 + max, max)).toBeNull();
    expect(maxProfitError(1000, 1000 + max + 1, max)).toBe(
      'This bet could win 1,000.01, above the maximum profit of 1,000.00 per bet. Lower the amount or the multiplier.',
    );
    // the case: 10M coins at 1,000,000x
    expect(maxProfitError(MAX_AMOUNT_CENTS, MAX_AMOUNT_CENTS * 1_000_000, max)).toMatch(/maximum profit/);
    expect(maxProfitError(1, 1_000_000, 500)).toMatch(/could win 9,999.99, above the maximum profit of 5.00/);
  });
  test('mines: a payout is capped at stake + max profit, and reaching the cap ends the game', () => {
    expect(minesCappedPayout(1000, 5000, 100_000)).toEqual({ payout: 5000, capped: false });
    expect(minesCappedPayout(1000, 100_999, 100_000)).toEqual({ payout: 100_999, capped: false });
    expect(minesCappedPayout(1000, 101_000, 100_000)).toEqual({ payout: 101_000, capped: true });
    expect(minesCappedPayout(1000, 5_000_000, 100_000)).toEqual({ payout: 101_000, capped: true });
  });
});

describe('upgrader limits', () => {
  test('the amount may be at most 80% of the price', () => {
    expect(upgraderAmountError(800, 1000)).toBeNull();
    expect(upgraderAmountError(801, 1000)).toMatch(/80%/);
    expect(upgraderAmountError(1000, 1100)).toMatch(/80%/); // the SS2 vector's attempt
    expect(upgraderAmountError(0, 1000)).toMatch(/minimum/);
    expect(upgraderAmountError(1, 1)).toBe("The amount cannot exceed 80% of the item's price.");
    // no item (price 0 or not whole cents) is refused before the amount is looked at
    expect(upgraderAmountError(0, 0)).toBe('Choose an item to upgrade to.');
    expect(upgraderAmountError(100, 0)).toBe('Choose an item to upgrade to.');
    expect(upgraderAmountError(100, 250.5)).toBe('Choose an item to upgrade to.');
    expect(upgraderAmountError(0.5, 1000)).toBe('The minimum amount is 0.01.');
    expect(upgraderAmountError(1, 1)).toMatch(/80%/);
  });

  test('chance and the shown multiplier (price / amount × 0.9)', () => {
    expect(upgraderChanceBasisPoints(1000, 2500)).toBe(4000);
    expect(upgraderMultiplier(1000, 2500)).toBe(22500);
    expect(upgraderMultiplier(3, 1000)).toBe(3_000_000);
  });
});
