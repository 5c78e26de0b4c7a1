import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsToCoins,
  coinsToCents,
  decimalToCentsFloor,
  formatCents,
  formatCoins,
  mulFloor,
  parseCents,
} from './money.ts';

describe('money helpers', () => {
  it('truncates coins to cents without binary noise', () => {
    expect(coinsToCents(0.29)).toBe(29);
    expect(coinsToCents(1.005)).toBe(100);
    expect(coinsToCents(12.349)).toBe(1234);
    expect(coinsToCents(0.001)).toBe(0);
    expect(coinsToCents(-1.239)).toBe(-123);
    expect(() => coinsToCents(Number.NaN)).toThrow();
    expect(() => coinsToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('never returns −0: a negative amount that truncates to nothing is plain 0', () => {
    expect(Object.is(coinsToCents(-0.004), 0)).toBe(true);
    expect(Object.is(coinsToCents(-0), 0)).toBe(true);
    expect(Object.is(centsToCoins(0), 0)).toBe(true);
    expect(coinsToCents(-0.01)).toBe(-1);
  });

  it('round-trips every cent amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (c) => {
        expect(coinsToCents(centsToCoins(c))).toBe(c);
      }),
    );
  });

  it('formats with two decimals and separators', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(123456)).toBe('1,234.56');
    expect(formatCents(-250)).toBe('-2.50');
    expect(formatCents(-5)).toBe('-0.05');
    expect(formatCents(100_000_000_00)).toBe('100,000,000.00');
    expect(formatCents(199.9)).toBe('1.99');
  });

  it('formats coins as typed: truncated to the cent, with separators', () => {
    expect(formatCoins(1234.567)).toBe('1,234.56');
    expect(formatCoins(0.29)).toBe('0.29');
    expect(formatCoins(-0.05)).toBe('-0.05');
    expect(formatCoins(-0.004)).toBe('0.00');
    expect(formatCoins(1_000_000)).toBe('1,000,000.00');
  });

  it('parses int8 strings and refuses unsafe ones', () => {
    expect(parseCents('42')).toBe(42);
    expect(parseCents(null)).toBe(0);
    expect(parseCents(undefined)).toBe(0);
    expect(parseCents(-7)).toBe(-7);
    expect(parseCents(12n)).toBe(12);
    expect(parseCents('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => parseCents('1.5')).toThrow(RangeError);
    expect(() => parseCents('abc')).toThrow(/not a safe integer amount: abc/);
    expect(() => parseCents('9007199254740993')).toThrow();
  });

  it('multiplies with floor in integer math', () => {
    expect(mulFloor(1000, 19800)).toBe(1980);
    expect(mulFloor(1, 19800)).toBe(1);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 1e8 }), (c, m) => {
        const r = mulFloor(c, m);
        expect(Number.isInteger(r)).toBe(true);
        expect(r).toBeGreaterThanOrEqual(0);
        expect(r * 10000).toBeLessThanOrEqual(c * m);
      }),
    );
  });

  it('reads a measured amount as whole cents, never more than the amount (issue 26)', () => {
    expect(decimalToCentsFloor(12.34)).toBe(1234);
    expect(decimalToCentsFloor(12.349)).toBe(1234);
    expect(decimalToCentsFloor(12.345)).toBe(1234);
    expect(decimalToCentsFloor(0.29)).toBe(29);
    expect(decimalToCentsFloor(1.005)).toBe(100);
    expect(decimalToCentsFloor(0.009)).toBe(0);
    expect(decimalToCentsFloor(1e-7)).toBe(0);
    expect(decimalToCentsFloor(7)).toBe(700);
    expect(decimalToCentsFloor(-1)).toBeNaN();
    expect(decimalToCentsFloor(Number.POSITIVE_INFINITY)).toBeNaN();
    expect(decimalToCentsFloor(1e21)).toBeNaN();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 9 }), (cents, extra) => {
        // an amount with a third decimal: its cents, never one more
        const value = Number(`${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}${extra}`);
        expect(decimalToCentsFloor(value)).toBe(cents);
        expect(decimalToCentsFloor(cents / 100)).toBe(cents);
      }),
    );
  });
});
