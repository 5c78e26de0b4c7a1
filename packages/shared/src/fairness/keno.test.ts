import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MAX_AMOUNT_CENTS } from '../money.ts';
import {
  KENO_DRAWN,
  KENO_NUMBERS,
  KENO_RISKS,
  KENO_TABLES,
  kenoDraw,
  kenoHitOdds,
  kenoMultiplier,
  kenoOutcome,
  kenoPicksError,
  kenoSettle,
  kenoTopMultiplier,
} from './keno.ts';
import { SS1, SS2, SS3, seeds, stakeSeeds } from './vectors.fixture.ts';

describe('keno vectors (fairness.md §3)', () => {
  test.each([
    {
      name: 'SS1 n=13 classic 10 picks',
      s: seeds(SS1, 13),
      risk: 'classic' as const,
      picks: [4, 18, 17, 32, 30, 1, 2, 3, 5, 6],
      drawn: [4, 18, 17, 32, 30, 36, 20, 9, 12, 39],
      hits: [4, 18, 17, 32, 30],
      multiplier: 448,
      payout: 4480,
    },
    {
      name: 'SS2 n=14 high 4 picks',
      s: seeds(SS2, 14),
      risk: 'high' as const,
      picks: [37, 30, 21, 5],
      drawn: [37, 30, 21, 36, 7, 26, 38, 27, 1, 3],
      hits: [37, 30, 21],
      multiplier: 1000,
      payout: 10000,
    },
    {
      name: 'SS3 n=15 medium 3 picks',
      s: seeds(SS3, 15),
      risk: 'medium' as const,
      picks: [36, 23, 1],
      drawn: [36, 23, 20, 31, 7, 35, 24, 6, 9, 25],
      hits: [36, 23],
      multiplier: 280,
      payout: 2800,
    },
  ])('$name', ({ s, risk, picks, drawn, hits, multiplier, payout }) => {
    expect(kenoPicksError(risk, picks)).toBeNull();
    expect(kenoOutcome(s, 1000, risk, picks)).toEqual({ drawn, hits, multiplier, payout });
  });

  test('the generator cross-check seeds (server seed, client seed) nonce 1 draw these ten', () => {
    expect(kenoDraw(stakeSeeds(1))).toEqual([30, 26, 10, 37, 22, 35, 25, 24, 39, 4]);
  });
});

describe('keno rules', () => {
  test('picks: 1..10 distinct numbers of 1..40 and a known risk', () => {
    expect(kenoPicksError('classic', [])).toMatch(/1 to 10/);
    expect(kenoPicksError('classic', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])).toMatch(/1 to 10/);
    expect(kenoPicksError('classic', [0])).toMatch(/1 to 40/);
    expect(kenoPicksError('classic', [41])).toMatch(/1 to 40/);
    expect(kenoPicksError('classic', [1.5])).toMatch(/1 to 40/);
    expect(kenoPicksError('classic', [7, 7])).toMatch(/once/);
    expect(kenoPicksError('extreme', [7])).toMatch(/risk/);
    expect(kenoPicksError('high', [40])).toBeNull();
  });

  test('each table has a row per pick count, one entry per hit count, and a top multiplier', () => {
    for (const risk of KENO_RISKS) {
      expect(KENO_TABLES[risk]).toHaveLength(10);
      for (const [i, row] of KENO_TABLES[risk].entries()) expect(row).toHaveLength(i + 2);
    }
    expect(kenoTopMultiplier('high', 10)).toBe(100_000);
    expect(kenoTopMultiplier('classic', 1)).toBe(396);
    expect(() => kenoMultiplier('low', 2, 3)).toThrow(RangeError);
  });

  test('the payout is floored to the cent', () => {
    expect(kenoSettle([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 7, 'classic', [1]).payout).toBe(27); // 0.07 × 3.96
    expect(kenoSettle([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 100, 'classic', [40]).payout).toBe(0);
  });
});

describe('keno RTP', () => {
  const exactRtp = (row: readonly number[]) => {
    const p = row.length - 1;
    let num = 0n;
    let den = 1n;
    for (const [h, m] of row.entries()) {
      const [a, b] = kenoHitOdds(p, h);
      den = b * 100n;
      num += a * BigInt(m);
    }
    return { num, den };
  };

  test('the hypergeometric odds of each pick count sum to 1', () => {
    for (let p = 1; p <= 10; p++) {
      let sum = 0n;
      let den = 0n;
      for (let h = 0; h <= p; h++) {
        const [a, b] = kenoHitOdds(p, h);
        sum += a;
        den = b;
      }
      expect(sum).toBe(den);
    }
  });

  test('every table (4 risks × 10 pick counts) returns between 98.90 % and 99.00 %, exactly', () => {
    const rtps: string[] = [];
    for (const risk of KENO_RISKS) {
      for (const row of KENO_TABLES[risk]) {
        const { num, den } = exactRtp(row);
        // 98.90 % ≤ num/den ≤ 99.00 %, compared in integers
        expect(num * 10_000n >= den * 9_890n, `${risk} ${row.length - 1}`).toBe(true);
        expect(num * 10_000n <= den * 9_900n, `${risk} ${row.length - 1}`).toBe(true);
        rtps.push(
          `${risk}/${row.length - 1}: ${((Number((num * 10_000_000n) / den) / 100_000) * 1).toFixed(4)}`,
        );
      }
    }
    expect(rtps).toHaveLength(40);
  });

  test('simulated with the real generator: 60k classic 10-pick bets return 98.95 % ± 4σ; draws are uniform', () => {
    const n = 60_000;
    const picks = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const row = KENO_TABLES.classic[9] as readonly number[];
    let paid = 0;
    const seen = new Array<number>(KENO_NUMBERS + 1).fill(0);
    for (let nonce = 0; nonce < n; nonce++) {
      const o = kenoOutcome(seeds(SS3, nonce), 100, 'classic', picks);
      paid += o.payout;
      for (const d of o.drawn) seen[d] = (seen[d] ?? 0) + 1;
    }
    let mean = 0;
    let square = 0;
    for (const [h, m] of row.entries()) {
      const [a, b] = kenoHitOdds(10, h);
      const p = Number(a) / Number(b);
      mean += (p * m) / 100;
      square += (p * (m / 100) ** 2) as number;
    }
    const sigma = Math.sqrt((square - mean ** 2) / n);
    expect(Math.abs(paid / (100 * n) - mean)).toBeLessThan(4 * sigma);
    // each number is drawn with chance 1/4: n draws of each, binomial
    const each = Math.sqrt((n * 0.25 * 0.75) as number);
    for (let k = 1; k <= KENO_NUMBERS; k++) expect(Math.abs((seen[k] ?? 0) - n / 4)).toBeLessThan(4 * each);
  });
});

describe('keno properties', () => {
  test('a draw is 10 distinct numbers of 1..40', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 64 }), fc.nat({ max: 2 ** 31 }), (client, nonce) => {
        const d = kenoDraw({ serverSeed: SS1, clientSeed: client, nonce });
        return (
          d.length === KENO_DRAWN &&
          new Set(d).size === KENO_DRAWN &&
          d.every((x) => Number.isInteger(x) && x >= 1 && x <= KENO_NUMBERS)
        );
      }),
      { numRuns: 300 },
    );
  });

  test('hits are the picks that were drawn; the payout is the table entry, floored', () => {
    const picks = fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 10 });
    const risk = fc.constantFrom(...KENO_RISKS);
    fc.assert(
      fc.property(
        picks,
        risk,
        fc.integer({ min: 1, max: MAX_AMOUNT_CENTS }),
        fc.nat(),
        (p, r, bet, nonce) => {
          const o = kenoOutcome(seeds(SS2, nonce), bet, r, p);
          const hits = p.filter((x) => o.drawn.includes(x));
          return (
            JSON.stringify(o.hits) === JSON.stringify(hits) &&
            o.multiplier === kenoMultiplier(r, p.length, hits.length) &&
            o.payout === Math.floor((bet * o.multiplier) / 100) &&
            Number.isSafeInteger(o.payout)
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
