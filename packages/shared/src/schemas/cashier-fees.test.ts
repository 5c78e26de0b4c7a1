import { describe, expect, it } from 'vitest';
import { cardFeeBand, cardFeeCents, DEFAULT_CARD_FEES, parseCardFees } from './cashier.ts';

describe('card fees (issue 14 item 12)', () => {
  it('adds the band of the amount: a percentage rounded up plus a fixed fee', () => {
    expect(cardFeeCents(500)).toBe(25 + 30); // $5: 4.9 % = 24.5 → 25 cents, + 30
    expect(cardFeeCents(4_999)).toBe(245 + 30);
    expect(cardFeeCents(5_000)).toBe(195 + 30); // $50: 3.9 %
    expect(cardFeeCents(20_000)).toBe(580 + 30); // $200: 2.9 %
    expect(cardFeeCents(0)).toBe(0);
    expect(cardFeeBand(10_000).bp).toBe(390);
  });

  it('parses the operator table and says what is wrong with a bad one', () => {
    expect(parseCardFees('0:4.9+0.30,50:3.9+0.30,200:2.9+0.30')).toEqual([...DEFAULT_CARD_FEES]);
    expect(parseCardFees('100:1+0, 0:2+0.25')).toEqual([
      { fromUsdCents: 0, bp: 200, fixedUsdCents: 25 },
      { fromUsdCents: 10_000, bp: 100, fixedUsdCents: 0 },
    ]);
    expect(parseCardFees('10:2+0')).toBe('the first band must start at 0');
    expect(parseCardFees('0:2%')).toMatch(/^bad band/);
    expect(parseCardFees('0:60+0')).toMatch(/over 50/);
    expect(parseCardFees('')).toBe('no bands');
  });
});

describe('card fee table: the bands an operator may write', () => {
  it('amounts and percentages take up to 2 decimals, fixed fees any whole dollars', () => {
    expect(parseCardFees('0:4.95+10,12.34:3.25+0.05')).toEqual([
      { fromUsdCents: 0, bp: 495, fixedUsdCents: 1000 },
      { fromUsdCents: 1234, bp: 325, fixedUsdCents: 5 },
    ]);
    for (const bad of ['x0:1+0', '0:1+0x', '0:1.234+0', '0.001:1+0', '0:1+0.301', '0:1', '0:1+'])
      expect(parseCardFees(bad), bad).toMatch(/^bad band/);
  });

  it('a percentage may be up to 50, the first band starts at 0, no two bands start together', () => {
    expect(parseCardFees('0:50+0')).toEqual([{ fromUsdCents: 0, bp: 5000, fixedUsdCents: 0 }]);
    expect(parseCardFees('0:50.01+0')).toBe('the percentage of "0:50.01+0" is over 50');
    expect(parseCardFees('')).toBe('no bands');
    expect(parseCardFees('50:1+0')).toBe('the first band must start at 0');
    expect(parseCardFees('0:1+0,20:2+0,20:3+0')).toBe('two bands start at the same amount');
  });

  it('an empty table charges nothing', () => {
    expect(cardFeeBand(1000, [])).toEqual({ fromUsdCents: 0, bp: 0, fixedUsdCents: 0 });
    expect(cardFeeCents(1000, [])).toBe(0);
  });
});
