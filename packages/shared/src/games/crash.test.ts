import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MAX_AMOUNT_CENTS } from '../money.ts';
import {
  CRASH_MAX_PROFIT_CENTS,
  crashAutoCashoutError,
  crashCashoutPayout,
  crashCashoutWins,
  crashElapsedMsFor,
  crashMaxProfitMultiplier,
  crashMultiplierAt,
} from './crash.ts';

describe('crash growth curve', () => {
  test('floor(100 · e^(0.00006 · ms)) hundredths', () => {
    expect(crashMultiplierAt(0)).toBe(100);
    expect(crashMultiplierAt(11_552)).toBe(199);
    expect(crashMultiplierAt(11_553)).toBe(200);
    expect(crashMultiplierAt(38_376)).toBe(999);
    expect(crashMultiplierAt(38_377)).toBe(1_000);
  });

  test('there is no curve before the start or at no time', () => {
    for (const bad of [-1, -0.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => crashMultiplierAt(bad), String(bad)).toThrow(RangeError);
  });

  test('the inverse gives the first millisecond that reaches a multiplier', () => {
    expect(crashElapsedMsFor(100)).toBe(0);
    expect(crashElapsedMsFor(200)).toBe(11_553);
    expect(crashElapsedMsFor(1_000)).toBe(38_377);
    expect(() => crashElapsedMsFor(99)).toThrow(RangeError);
  });

  test('property: inverse and curve agree exactly, up to 1,000,000x', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 100_000_000 }), (m) => {
        const ms = crashElapsedMsFor(m);
        return crashMultiplierAt(ms) >= m && (ms === 0 || crashMultiplierAt(ms - 1) < m);
      }),
    );
  });

  test('property: the curve never goes down', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300_000 }),
        (ms) => crashMultiplierAt(ms + 1) >= crashMultiplierAt(ms),
      ),
    );
  });
});

describe('crash cash-outs', () => {
  test('a cash-out wins only below the crash point', () => {
    expect(crashCashoutWins(199, 200)).toBe(true);
    expect(crashCashoutWins(200, 200)).toBe(false);
  });

  test('payout is floor(bet × c), capped at the stake plus 1,000.00 coins of profit', () => {
    expect(crashCashoutPayout(333, 150)).toBe(499);
    expect(crashCashoutPayout(100_000, 300)).toBe(200_000);
    expect(crashMaxProfitMultiplier(100_000)).toBe(200);
    expect(crashMaxProfitMultiplier(3)).toBe(3_333_434); // ceil(100003 · 100 / 3)
    // the 1-cent minimum bet: 0.01 + 1,000.00 of profit = 100,001 cents at 100,001.00x
    expect(crashMaxProfitMultiplier(1)).toBe(10_000_100);
    // the guard, not a BigInt division by zero or BigInt(1.5), refuses these
    expect(() => crashMaxProfitMultiplier(0)).toThrow('bet must be a positive integer, got 0');
    expect(() => crashMaxProfitMultiplier(1.5)).toThrow('bet must be a positive integer, got 1.5');
  });

  test('auto-cashout is null or at least 1.01x in hundredths', () => {
    expect(crashAutoCashoutError(null)).toBeNull();
    expect(crashAutoCashoutError(101)).toBeNull();
    expect(crashAutoCashoutError(100)).toMatch(/at least 1\.01x/);
    expect(crashAutoCashoutError(1.5)).not.toBeNull();
  });

  test('property: payouts are whole cents between the stake and the stake plus the max profit', () => {
    const bet = fc.integer({ min: 1, max: MAX_AMOUNT_CENTS });
    const multiplier = fc.integer({ min: 100, max: 100_000_000 });
    fc.assert(
      fc.property(bet, multiplier, (b, m) => {
        const payout = crashCashoutPayout(b, m);
        return Number.isSafeInteger(payout) && payout >= b && payout <= b + CRASH_MAX_PROFIT_CENTS;
      }),
    );
  });

  test('property: the max-profit multiplier is the first that reaches the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_AMOUNT_CENTS }), (b) => {
        const m = crashMaxProfitMultiplier(b);
        const cap = b + CRASH_MAX_PROFIT_CENTS;
        return Math.floor((b * m) / 100) >= cap && Math.floor((b * (m - 1)) / 100) < cap;
      }),
    );
  });
});
