import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { battlePayouts } from './battles.ts';

describe('battle payouts', () => {
  test('the only winner takes the whole pot, bots included', () => {
    expect(battlePayouts({ seatPrice: 1000, seatCount: 3, teams: false, tied: [2] }).perSeat).toEqual([
      0, 3000, 0,
    ]);
  });

  test('2v2 pays each seat of the winning team half the pot', () => {
    const p = battlePayouts({ seatPrice: 999, seatCount: 4, teams: true, tied: [2] });
    expect(p.perSeat).toEqual([0, 0, 1998, 1998]);
    expect(p.winningSeats).toEqual([3, 4]);
  });

  test('a tie splits the pot among the tied sides, floored to the cent', () => {
    const p = battlePayouts({ seatPrice: 100, seatCount: 3, teams: false, tied: [3, 1, 2] });
    expect(p.perSeat).toEqual([100, 100, 100]);
    // sides and seats come back ascending, whatever order the tie was listed in
    expect(p.sides).toEqual([1, 2, 3]);
    expect(p.winningSeats).toEqual([1, 2, 3]);
    expect(battlePayouts({ seatPrice: 1, seatCount: 4, teams: true, tied: [2, 1] }).winningSeats).toEqual([
      1, 2, 3, 4,
    ]);
    const q = battlePayouts({ seatPrice: 101, seatCount: 4, teams: false, tied: [1, 4, 3] });
    expect(q.perSeat).toEqual([134, 0, 134, 134]);
    const teams = battlePayouts({ seatPrice: 1, seatCount: 4, teams: true, tied: [1, 2] });
    expect(teams.perSeat).toEqual([1, 1, 1, 1]);
  });

  test.each([
    { why: 'a free seat', opts: { seatPrice: 0, seatCount: 2, teams: false, tied: [1] } },
    { why: 'a negative price', opts: { seatPrice: -100, seatCount: 2, teams: false, tied: [1] } },
    { why: 'a fractional price', opts: { seatPrice: 10.5, seatCount: 2, teams: false, tied: [1] } },
    { why: 'a 2v2 of 3 seats', opts: { seatPrice: 100, seatCount: 3, teams: true, tied: [1] } },
    { why: 'a 2v2 of 2 seats', opts: { seatPrice: 100, seatCount: 2, teams: true, tied: [1] } },
    { why: 'one seat', opts: { seatPrice: 100, seatCount: 1, teams: false, tied: [1] } },
    { why: 'five seats', opts: { seatPrice: 100, seatCount: 5, teams: false, tied: [1] } },
    { why: 'no winner', opts: { seatPrice: 100, seatCount: 2, teams: false, tied: [] } },
    { why: 'a winner without a seat', opts: { seatPrice: 100, seatCount: 2, teams: false, tied: [3] } },
    { why: 'a third team', opts: { seatPrice: 100, seatCount: 4, teams: true, tied: [3] } },
    { why: 'side 0', opts: { seatPrice: 100, seatCount: 3, teams: false, tied: [0, 1] } },
    { why: 'a side listed twice', opts: { seatPrice: 100, seatCount: 3, teams: false, tied: [2, 2] } },
  ])('refuses $why', ({ opts }) => {
    expect(() => battlePayouts(opts)).toThrow(RangeError);
  });

  test('the smallest valid battle: 1 cent a seat, two seats', () => {
    expect(battlePayouts({ seatPrice: 1, seatCount: 2, teams: false, tied: [1] })).toEqual({
      perSeat: [2, 0],
      winningSeats: [1],
      perWinner: 2,
      sides: [1],
    });
  });

  test('never pays more than the pot, and keeps at most a cent per winner', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 2, max: 4 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 15 }),
        (seatPrice, seats, teamsWanted, mask) => {
          const teams = teamsWanted && seats === 4;
          const sideCount = teams ? 2 : seats;
          const tied = Array.from({ length: sideCount }, (_, i) => i + 1).filter(
            (s) => mask & (1 << (s - 1)),
          );
          if (tied.length === 0) return;
          const p = battlePayouts({ seatPrice, seatCount: seats, teams, tied });
          const paid = p.perSeat.reduce((a, b) => a + b, 0);
          const pot = seatPrice * seats;
          expect(paid).toBeLessThanOrEqual(pot);
          expect(pot - paid).toBeLessThan(p.winningSeats.length * 2);
          expect(p.perSeat.every((x) => Number.isInteger(x) && x >= 0)).toBe(true);
        },
      ),
    );
  });
});
