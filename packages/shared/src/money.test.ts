import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToCoins, coinsToCents, formatCents, mulFloor, parseCents } from './money.ts';

describe('money helpers', () => {
  it('truncates coins to cents without binary noise', () => {
    expect(coinsToCents(0.29)).toBe(29);
    expect(coinsToCents(1.005)).toBe(100);
    expect(coinsToCents(12.349)).toBe(1234);
    expect(coinsToCents(0.001)).toBe(0);
    expect(coinsToCents(-1.239)).toBe(-123);
    expect(() => coinsToCents(Number.NaN)).toThrow();
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
  });

  it('parses int8 strings and refuses unsafe ones', () => {
    expect(parseCents('42')).toBe(42);
    expect(parseCents(null)).toBe(0);
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
});
