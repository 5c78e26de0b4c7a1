import { describe, expect, test } from 'vitest';
import { assertIntegerIn, floorMulDiv, isIntegerIn } from './integer.ts';

describe('floorMulDiv', () => {
  test('floors amount × numerator / denominator exactly, where doubles would round', () => {
    expect(floorMulDiv(7, 19973, 10_000)).toBe(13);
    expect(floorMulDiv(-7, 1, 2)).toBe(-3); // BigInt division truncates toward zero
    // 2^53 − 1 times 3 / 3 is exact in BigInt; in doubles (2^53 − 1) × 3 is already rounded
    expect(floorMulDiv(Number.MAX_SAFE_INTEGER, 3, 3)).toBe(Number.MAX_SAFE_INTEGER);
    expect(floorMulDiv(1, 10n ** 20n, 10n ** 18n)).toBe(100);
  });

  test('a result above 2^53 − 1 throws instead of being silently rounded', () => {
    expect(() => floorMulDiv(Number.MAX_SAFE_INTEGER, 2, 1)).toThrow(/overflows a safe integer/);
    expect(() => floorMulDiv(2 ** 52, 2, 1)).toThrow(RangeError); // 2^53 is not safe
  });
});

describe('integer guards', () => {
  test('assertIntegerIn accepts the bounds and refuses what is outside or not a safe integer', () => {
    expect(() => assertIntegerIn(1, 1, 3, 'x')).not.toThrow();
    expect(() => assertIntegerIn(3, 1, 3, 'x')).not.toThrow();
    expect(() => assertIntegerIn(0, 1, 3, 'seat')).toThrow('seat must be an integer in 1..3, got 0');
    expect(() => assertIntegerIn(4, 1, 3, 'x')).toThrow(RangeError);
    expect(() => assertIntegerIn(1.5, 1, 3, 'x')).toThrow(RangeError);
    expect(() => assertIntegerIn(2 ** 53, 0, Number.POSITIVE_INFINITY, 'x')).toThrow(RangeError);
  });

  test('isIntegerIn is the same rule as a boolean', () => {
    expect([0, 1, 2, 3, 4, 2.5, Number.NaN].map((v) => isIntegerIn(v, 1, 3))).toEqual([
      false,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(isIntegerIn(2 ** 53, 0, Number.POSITIVE_INFINITY)).toBe(false);
  });
});
