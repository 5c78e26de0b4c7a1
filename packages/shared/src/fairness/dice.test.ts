import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MAX_AMOUNT_CENTS } from '../money.ts';
import {
  DICE_ROLLS,
  DICE_TARGET_MAX,
  DICE_TARGET_MIN,
  diceMultiplier,
  diceOutcome,
  diceRoll,
  diceSettle,
  diceTargetError,
} from './dice.ts';
import { returnOf, SS1, SS2, seeds, stakeSeeds, standardError, u32sPickingBelow } from './vectors.fixture.ts';

describe('dice vectors (fairness.md §3)', () => {
  test.each([
    { name: 'SS1 n=0 under 50.00', s: seeds(SS1, 0), target: 5000, roll: 1676, win: true, multiplier: 19800 },
    {
      name: 'SS2 n=8 under 25.00',
      s: seeds(SS2, 8),
      target: 2500,
      roll: 8616,
      win: false,
      multiplier: 39600,
    },
  ])('$name', ({ s, target, roll, win, multiplier }) => {
    const outcome = diceOutcome(s, 1000, target);
    expect(outcome).toEqual({ roll, win, multiplier, payout: win ? (1000 * multiplier) / 10_000 : 0 });
    expect(diceTargetError(target)).toBeNull();
  });

  test('SS1 n=1 under 99.00 rolls 69.31 but x1.0000 is refused', () => {
    expect(diceRoll(seeds(SS1, 1))).toBe(6931);
    expect(diceMultiplier(9900)).toBe(10_000);
    expect(diceTargetError(9900)).toMatch(/1\.0000x or less/);
  });

  test("Stake's cross-check: (server seed, client seed) nonce 1 → 74.67, nonce 2 → 53.86", () => {
    expect(diceRoll(stakeSeeds(1))).toBe(7467);
    expect(diceRoll(stakeSeeds(2))).toBe(5386);
  });
});

describe('dice rules', () => {
  test('multiplier is (100 − edge) / T floored to 4 decimals', () => {
    expect(diceMultiplier(10)).toBe(9_900_000);
    expect(diceMultiplier(3333)).toBe(29702); // 2.970297…
    expect(diceMultiplier(5000, 2)).toBe(19600);
    expect(diceMultiplier(5000, 0)).toBe(20000);
    expect(diceMultiplier(9899)).toBe(10001);
  });

  test('targets outside 0.10..99.90 are refused', () => {
    expect(diceTargetError(9)).toMatch(/between 0\.10 and 99\.90/);
    expect(diceTargetError(9991)).toMatch(/between/);
    expect(diceTargetError(50.5)).toMatch(/between/);
    expect(diceTargetError(DICE_TARGET_MIN)).toBeNull();
    expect(() => diceMultiplier(0)).toThrow(RangeError);
  });

  test('roll < target wins: the target-th roll loses', () => {
    expect(diceSettle(4999, 100, 5000, 1).win).toBe(true);
    expect(diceSettle(5000, 100, 5000, 1).win).toBe(false);
  });
});

describe('dice RTP', () => {
  test('exact over every u32: 99% × 10000/10001 for every accepted target', () => {
    let lowest = 1;
    let highest = 0;
    for (let target = DICE_TARGET_MIN; target <= DICE_TARGET_MAX; target++) {
      if (diceTargetError(target) !== null) continue;
      const rtp = returnOf(u32sPickingBelow(target, DICE_ROLLS), diceMultiplier(target) / 10_000);
      lowest = Math.min(lowest, rtp);
      highest = Math.max(highest, rtp);
    }
    expect(lowest).toBeGreaterThan(0.9897);
    // pick's rounding moves a win's odds by at most 1/2^32: ≤ 990/2^32 ≈ 2.3e-7 of return.
    expect(highest).toBeLessThan(0.99 * (10_000 / 10_001) + 3e-7);
  });

  test('summing the settlement of each roll agrees with the formula', () => {
    for (const target of [10, 4950, 9800]) {
      let paid = 0;
      for (let roll = 0; roll < DICE_ROLLS; roll++) paid += diceSettle(roll, 10_000, target, 1).payout;
      expect(paid).toBe(target * diceMultiplier(target));
    }
  });

  test('simulated with the real generator: 100k rolls under 90.00 return 98.99% ± 4σ', () => {
    const n = 100_000;
    let paid = 0;
    let rollSum = 0;
    for (let nonce = 0; nonce < n; nonce++) {
      const outcome = diceOutcome(seeds(SS2, nonce), 100, 9000);
      paid += outcome.payout;
      rollSum += outcome.roll;
    }
    const p = 9000 / DICE_ROLLS;
    expect(Math.abs(paid / (100 * n) - p * 1.1)).toBeLessThan(4 * standardError(p, 1.1, n));
    expect(Math.abs(rollSum / n - 5000)).toBeLessThan(4 * (2887 / Math.sqrt(n)));
  });
});

describe('dice properties', () => {
  test('payouts are whole cents, 0 or between the stake and 990× the stake', () => {
    const target = fc.integer({ min: DICE_TARGET_MIN, max: 9898 });
    const roll = fc.integer({ min: 0, max: DICE_ROLLS - 1 });
    const bet = fc.integer({ min: 1, max: MAX_AMOUNT_CENTS });
    fc.assert(
      fc.property(bet, target, roll, (b, t, r) => {
        const { win, payout } = diceSettle(r, b, t, 1);
        if (!Number.isSafeInteger(payout) || payout < 0 || payout > b * 990) return false;
        return win ? payout >= b : payout === 0;
      }),
    );
  });
});
