import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MAX_AMOUNT_CENTS } from '../money.ts';
import { chainHashes } from './chain.ts';
import {
  ROULETTE_PAYOUT_MULTIPLIER,
  ROULETTE_SLOTS,
  ROULETTE_WHEEL_ORDER,
  type RouletteColor,
  rouletteColor,
  roulettePayout,
  rouletteSlot,
} from './roulette.ts';
import { returnOf, standardError, u32sPickingBelow } from './vectors.fixture.ts';

const COLORS: readonly RouletteColor[] = ['green', 'red', 'black'];

/** How many u32 values land on `slot`. */
function u32sOnSlot(slot: number): bigint {
  return u32sPickingBelow(slot + 1, ROULETTE_SLOTS) - u32sPickingBelow(slot, ROULETTE_SLOTS);
}

describe('roulette rules', () => {
  test('0 green, 1–7 red, 8–14 black; 14x and 2x', () => {
    expect(Array.from({ length: ROULETTE_SLOTS }, (_, s) => rouletteColor(s))).toEqual([
      'green',
      ...Array<RouletteColor>(7).fill('red'),
      ...Array<RouletteColor>(7).fill('black'),
    ]);
    expect(roulettePayout(100, 'green', 0)).toBe(1_400);
    expect(roulettePayout(100, 'red', 7)).toBe(200);
    expect(roulettePayout(100, 'black', 7)).toBe(0);
    expect(() => rouletteColor(15)).toThrow(RangeError);
  });

  test('the wheel order is every slot once', () => {
    expect([...ROULETTE_WHEEL_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, s) => s));
  });
});

describe('roulette RTP', () => {
  test('exact over every u32: each colour returns 14/15 = 93.33%', () => {
    for (const color of COLORS) {
      let wins = 0n;
      for (let slot = 0; slot < ROULETTE_SLOTS; slot++)
        if (rouletteColor(slot) === color) wins += u32sOnSlot(slot);
      expect(returnOf(wins, ROULETTE_PAYOUT_MULTIPLIER[color])).toBeCloseTo(14 / 15, 8);
    }
  });

  test('simulated over a 100k-game chain: every slot 1/15 ± 4σ, red returns 93.33% ± 4σ', () => {
    const games = 100_000;
    const salt = '00000000000000000001b5c1e7a0ad0f1f0c2c9e3a4b5d6e7f8091a2b3c4d5e6';
    const hits = new Array<number>(ROULETTE_SLOTS).fill(0);
    let paidOnRed = 0;
    for (const seed of chainHashes('roulette rtp simulation', games - 1)) {
      const slot = rouletteSlot(seed, salt);
      hits[slot] = (hits[slot] ?? 0) + 1;
      paidOnRed += roulettePayout(100, 'red', slot);
    }
    const sigma = Math.sqrt(games * (1 / 15) * (14 / 15));
    for (const count of hits) expect(Math.abs(count - games / 15)).toBeLessThan(4 * sigma);
    expect(Math.abs(paidOnRed / (100 * games) - 14 / 15)).toBeLessThan(4 * standardError(7 / 15, 2, games));
  });
});

describe('roulette properties', () => {
  test('payouts are whole cents: 0 or the colour multiple of the stake, never above 14x', () => {
    const bet = fc.integer({ min: 1, max: MAX_AMOUNT_CENTS });
    const slot = fc.integer({ min: 0, max: ROULETTE_SLOTS - 1 });
    fc.assert(
      fc.property(bet, fc.constantFrom(...COLORS), slot, (b, color, s) => {
        const payout = roulettePayout(b, color, s);
        return payout === 0 || (payout === b * ROULETTE_PAYOUT_MULTIPLIER[color] && payout <= 14 * b);
      }),
    );
  });
});
