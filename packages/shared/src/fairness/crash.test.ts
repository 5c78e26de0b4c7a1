import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { crashCashoutPayout, crashCashoutWins } from '../games/crash.ts';
import { chainHashes } from './chain.ts';
import { crashPoint, crashPointFromU32 } from './crash.ts';
import { standardError } from './vectors.fixture.ts';

const TWO_POW_32 = 2 ** 32;

/** Exact odds that the crash point reaches `c` hundredths (c ≥ 101): floor(93 · 2^32 / c) of 2^32 values. */
function oddsOfReaching(c: number): number {
  return Number((93n * 2n ** 32n) / BigInt(c)) / TWO_POW_32;
}

describe('crash points', () => {
  test('max(1.00, floor(93 · 2^32 / (u + 1))) at the extremes', () => {
    expect(crashPointFromU32(0)).toBe(93 * TWO_POW_32);
    expect(crashPointFromU32(TWO_POW_32 - 1)).toBe(100);
    expect(crashPointFromU32(Math.floor(TWO_POW_32 * 0.465) - 1)).toBe(200); // 93 / 0.465 = 2.00
    expect(() => crashPointFromU32(TWO_POW_32)).toThrow(RangeError);
  });

  test('exact: about 7.92% of rounds bust at 1.00x, and P(crash ≥ c) = 93% / c', () => {
    expect(1 - oddsOfReaching(101)).toBeCloseTo(1 - 93 / 101, 8);
    for (const c of [101, 110, 200, 1_000, 100_000]) expect(oddsOfReaching(c) * c).toBeCloseTo(93, 4);
  });

  test('exact RTP of an auto-cashout at c (wins when c < crash): 93% × c / (c + 1)', () => {
    for (const c of [101, 150, 200, 1_000, 10_000]) {
      const rtp = (oddsOfReaching(c + 1) * c) / 100;
      expect(rtp).toBeCloseTo((0.93 * c) / (c + 1), 6);
      expect(rtp).toBeLessThan(0.93);
    }
  });

  test('simulated over a 100k-game chain: bust rate and a 1.10x auto-cashout ± 4σ', () => {
    const games = 100_000;
    const salt = '000000000000000000043fd3b9bc1f7a2f4c8e0d1a2b3c4d5e6f708192a3b4c5';
    let busts = 0;
    let paid = 0;
    for (const seed of chainHashes('crash rtp simulation', games - 1)) {
      const crash = crashPoint(seed, salt);
      if (crash === 100) busts++;
      if (crashCashoutWins(110, crash)) paid += crashCashoutPayout(100, 110);
    }
    const bust = 1 - oddsOfReaching(101);
    expect(Math.abs(busts / games - bust)).toBeLessThan(4 * standardError(bust, 1, games));
    const win = oddsOfReaching(111);
    expect(Math.abs(paid / (100 * games) - win * 1.1)).toBeLessThan(4 * standardError(win, 1.1, games));
  });

  test('property: crash points are integers ≥ 100', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: TWO_POW_32 - 1 }), (u) => {
        const c = crashPointFromU32(u);
        return Number.isSafeInteger(c) && c >= 100;
      }),
    );
  });
});
