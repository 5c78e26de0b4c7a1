import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MAX_AMOUNT_CENTS } from '../money.ts';
import {
  WHEEL_RISKS,
  WHEEL_SEGMENTS,
  type WheelRisk,
  type WheelSegments,
  wheelOutcome,
  wheelParamsError,
  wheelSegment,
  wheelSettle,
  wheelTable,
} from './wheel.ts';
import { SS1, SS2, SS3, seeds, stakeSeeds, u32sPickingBelow } from './vectors.fixture.ts';

const TABLES = WHEEL_SEGMENTS.flatMap((segments) => WHEEL_RISKS.map((risk) => ({ segments, risk })));

/** Stake's translation with node's HMAC: floor(float × segments), float from the first 4 bytes. */
function stakeSegment(
  s: { serverSeed: string; clientSeed: string; nonce: number },
  segments: number,
): number {
  const bytes = createHmac('sha256', s.serverSeed).update(`${s.clientSeed}:${s.nonce}:0`).digest();
  const float = [0, 1, 2, 3].reduce((sum, i) => sum + (bytes[i] ?? 0) / 256 ** (i + 1), 0);
  return Math.floor(float * segments);
}

describe('wheel vectors (fairness.md §3)', () => {
  test.each([
    {
      name: 'SS1 n=16 10 segments medium',
      s: seeds(SS1, 16),
      segments: 10,
      risk: 'medium',
      segment: 0,
      m: 0,
    },
    { name: 'SS2 n=17 30 segments low', s: seeds(SS2, 17), segments: 30, risk: 'low', segment: 22, m: 120 },
    { name: 'SS3 n=18 50 segments high', s: seeds(SS3, 18), segments: 50, risk: 'high', segment: 5, m: 0 },
    {
      name: 'SS1 n=19 40 segments medium',
      s: seeds(SS1, 19),
      segments: 40,
      risk: 'medium',
      segment: 11,
      m: 0,
    },
    {
      name: "Stake's seeds n=1 20 segments medium",
      s: stakeSeeds(1),
      segments: 20,
      risk: 'medium',
      segment: 14,
      m: 200,
    },
  ] as const)('$name', ({ s, segments, risk, segment, m }) => {
    expect(wheelSegment(s, segments)).toBe(stakeSegment(s, segments));
    expect(wheelOutcome(s, 1000, segments, risk)).toEqual({ segment, multiplier: m, payout: 10 * m });
  });
});

describe('wheel rules', () => {
  test("Stake's published tables", () => {
    expect(wheelTable(10, 'low')).toEqual([150, 120, 120, 120, 0, 120, 120, 120, 120, 0]);
    expect(wheelTable(10, 'medium')).toEqual([0, 190, 0, 150, 0, 200, 0, 150, 0, 300]);
    expect(wheelTable(10, 'high')).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 990]);
    expect(wheelTable(20, 'medium').slice(0, 6)).toEqual([150, 0, 200, 0, 200, 0]);
    expect(wheelTable(50, 'high')[49]).toBe(4950);
    expect(wheelTable(50, 'medium').filter((m) => m === 500)).toHaveLength(1);
    for (const { segments, risk } of TABLES) expect(wheelTable(segments, risk)).toHaveLength(segments);
  });

  test('10..50 segments and the three risks only', () => {
    expect(wheelParamsError(15, 'low')).toMatch(/10, 20, 30, 40 or 50/);
    expect(wheelParamsError(10, 'extreme')).toMatch(/low, medium or high/);
    expect(wheelParamsError(50, 'high')).toBeNull();
    expect(() => wheelSettle(10, 100, 10, 'low')).toThrow(RangeError);
  });

  test('payout is floor(bet × multiplier), to the cent', () => {
    expect(wheelSettle(1, 333, 10, 'medium').payout).toBe(632); // 3.33 × 1.9 = 6.327
    expect(wheelSettle(4, 333, 10, 'low').payout).toBe(0);
  });
});

describe('wheel RTP', () => {
  test('every table pays exactly 0.99 × segments in total: 99 % with equally likely segments', () => {
    for (const { segments, risk } of TABLES) {
      expect(wheelTable(segments, risk).reduce((a, b) => a + b, 0)).toBe(99 * segments);
    }
  });

  test('exact over every u32: pick(0, N) leaves the return within 2e-8 of 99 %', () => {
    for (const { segments, risk } of TABLES) {
      let paid = 0n;
      for (const [segment, m] of wheelTable(segments, risk).entries()) {
        const count = u32sPickingBelow(segment + 1, segments) - u32sPickingBelow(segment, segments);
        paid += count * BigInt(m);
      }
      const rtp = Number(paid) / 100 / 2 ** 32;
      // a segment's odds move by at most 1/2^32 from 1/N: at most 49.5x × 2^-32 ≈ 1.2e-8 of return
      expect(Math.abs(rtp - 0.99), `${segments} ${risk}`).toBeLessThan(2e-8);
    }
  });

  test.each([
    { segments: 10, risk: 'medium' },
    { segments: 50, risk: 'high' },
  ] as const)(
    'simulated with the real generator: 100k spins of $segments $risk return 99 % ± 4σ',
    ({ segments, risk }) => {
      const n = 100_000;
      const table = wheelTable(segments, risk).map((m) => m / 100);
      let paid = 0;
      const hits = new Array<number>(segments).fill(0);
      for (let nonce = 0; nonce < n; nonce++) {
        const o = wheelOutcome(seeds(SS3, nonce), 100, segments, risk);
        paid += o.payout;
        hits[o.segment] = (hits[o.segment] ?? 0) + 1;
      }
      const mean = table.reduce((a, b) => a + b, 0) / segments;
      const square = table.reduce((a, b) => a + b * b, 0) / segments;
      const sigma = Math.sqrt(square - mean * mean) / Math.sqrt(n);
      expect(Math.abs(paid / (100 * n) - 0.99)).toBeLessThan(4 * sigma);
      // every segment comes up about n / segments times
      const p = 1 / segments;
      for (const h of hits) expect(Math.abs(h - n * p)).toBeLessThan(4 * Math.sqrt(n * p * (1 - p)));
    },
  );
});

describe('wheel properties', () => {
  const segments = fc.constantFrom<WheelSegments>(...WHEEL_SEGMENTS);
  const risk = fc.constantFrom<WheelRisk>(...WHEEL_RISKS);
  const seed = fc.record({
    serverSeed: fc.stringMatching(/^[0-9a-f]{64}$/),
    clientSeed: fc.string({ minLength: 1, maxLength: 64 }),
    nonce: fc.nat({ max: 1_000_000 }),
  });

  test('the segment is in 0..segments − 1 and pays its table entry', () => {
    fc.assert(
      fc.property(seed, segments, risk, (s, n, r) => {
        const o = wheelOutcome(s, 100, n, r);
        return (
          Number.isInteger(o.segment) &&
          o.segment >= 0 &&
          o.segment < n &&
          o.multiplier === wheelTable(n, r)[o.segment]
        );
      }),
      { numRuns: 300 },
    );
  });

  test('payouts are whole cents, 0 or up to 49.5× the stake', () => {
    const bet = fc.integer({ min: 1, max: MAX_AMOUNT_CENTS });
    fc.assert(
      fc.property(segments, risk, bet, fc.nat({ max: 49 }), (n, r, b, k) => {
        const { payout } = wheelSettle(k % n, b, n, r);
        return Number.isSafeInteger(payout) && payout >= 0 && payout <= (b * 99 * n) / 100;
      }),
    );
  });
});
