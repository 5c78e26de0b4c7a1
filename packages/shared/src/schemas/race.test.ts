import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  RACE_DISTRIBUTION_BP,
  RACE_PRIZE_DISTRIBUTION,
  raceCreateBody,
  racePlacePrize,
  racePlacePrizeCoins,
} from './race.ts';

describe('race prize distribution (economy.md)', () => {
  it('is 40, 20, 14.5, 7, 5.5, 4.5, 3.5, 2.5, 1.5, 1 % and adds up to 100 %', () => {
    expect(RACE_PRIZE_DISTRIBUTION).toEqual([40, 20, 14.5, 7, 5.5, 4.5, 3.5, 2.5, 1.5, 1]);
    expect(RACE_DISTRIBUTION_BP.reduce((a, b) => a + b, 0)).toBe(10_000);
  });

  it('never pays more than the prize; each place is floor(prize × share); page and server agree', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), (prize) => {
        let total = 0;
        for (let place = 1; place <= 10; place++) {
          const cents = racePlacePrize(prize, place);
          expect(cents).toBe(Math.floor((prize * (RACE_DISTRIBUTION_BP[place - 1] as number)) / 10_000));
          expect(Math.round(racePlacePrizeCoins(prize / 100, place) * 100)).toBe(cents);
          total += cents;
        }
        expect(total).toBeLessThanOrEqual(prize);
        expect(prize - total).toBeLessThan(10);
        expect(racePlacePrize(prize, 11)).toBe(0);
      }),
    );
  });

  it('race/create takes epoch seconds (numbers or digit strings) and a coin prize', () => {
    expect(raceCreateBody.parse({ endingDate: '1800000000', prize: '1000' })).toEqual({
      endingDate: 1_800_000_000,
      prize: 1000,
    });
    for (const bad of [
      { endingDate: 1_800_000_000_000, prize: 5 },
      { endingDate: 1.5e9 + 0.5, prize: 5 },
      { endingDate: 'tomorrow', prize: 5 },
      { endingDate: 1_800_000_000, prize: 0 },
      { endingDate: 1_800_000_000 },
    ])
      expect(raceCreateBody.safeParse(bad).success).toBe(false);
  });

  it('places outside the top ten get nothing, in coins as in cents', () => {
    for (const place of [0, 11, 12]) {
      expect(racePlacePrize(200_000, place)).toBe(0);
      expect(racePlacePrizeCoins(2000, place)).toBe(0);
    }
    expect(racePlacePrizeCoins(2000, 1)).toBe(800);
    expect(racePlacePrizeCoins(2000, 10)).toBe(20);
  });

  it('the smallest prize an admin may set is 0.10 coins', () => {
    expect(raceCreateBody.safeParse({ endingDate: 1_800_000_000, prize: 0.1 }).success).toBe(true);
    expect(raceCreateBody.safeParse({ endingDate: 1_800_000_000, prize: 0.09 }).success).toBe(false);
  });
});
