import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { potOf, splitRain } from './rain-split.ts';

const rain = (base: number, carried: number, tips: number) => ({ base, carried, tips });

describe('rain split', () => {
  it('the pot is the house base, what was carried and the tips', () => {
    expect(potOf(rain(20_000, 7, 350))).toBe(20_357);
  });

  it('splits the pot equally in whole cents and rolls the odd cents into the next rain', () => {
    // 20,357 cents among 3: 6,785 each, 2 cents left
    expect(splitRain(rain(20_000, 7, 350), 3)).toEqual({ share: 6785, remainder: 2 });
    // an even split leaves nothing
    expect(splitRain(rain(20_000, 0, 0), 4)).toEqual({ share: 5000, remainder: 0 });
    // one joiner takes the whole pot
    expect(splitRain(rain(20_000, 13, 100), 1)).toEqual({ share: 20_113, remainder: 0 });
  });

  it('more joiners than cents: nobody gets a cent, the whole pot rolls over', () => {
    expect(splitRain(rain(5, 1, 1), 8)).toEqual({ share: 0, remainder: 7 });
    expect(splitRain(rain(5, 1, 1), 7)).toEqual({ share: 1, remainder: 0 });
  });

  it('nobody joined: the tips and the carried cents roll over, the house base does not', () => {
    expect(splitRain(rain(20_000, 40, 500), 0)).toEqual({ share: 0, remainder: 540 });
    expect(splitRain(rain(20_000, 0, 0), 0)).toEqual({ share: 0, remainder: 0 });
  });

  it('no cent is created or lost, and nobody could be paid a cent more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 1, max: 10_000 }),
        (base, carried, tips, joiners) => {
          const r = rain(base, carried, tips);
          const { share, remainder } = splitRain(r, joiners);
          expect(Number.isSafeInteger(share) && share >= 0).toBe(true);
          expect(share * joiners + remainder).toBe(potOf(r));
          expect(remainder >= 0 && remainder < joiners).toBe(true);
        },
      ),
    );
  });
});
