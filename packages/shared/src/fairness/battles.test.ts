import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { battlePayouts } from '../games/battles.ts';
import {
  battleResult,
  battleSideTotals,
  battleTicket,
  battleTieBreak,
  seatsOfSide,
  seatsOfSides,
} from './battles.ts';
import { BATTLE_SEEDS, BLOCK_ID } from './vectors.fixture.ts';

describe('battle vectors (fairness.md §3)', () => {
  test.each([
    { round: 1, seat: 1, ticket: 52933 },
    { round: 1, seat: 2, ticket: 14998 },
    { round: 2, seat: 4, ticket: 7236 },
  ])('round $round seat $seat → ticket $ticket', ({ round, seat, ticket }) => {
    expect(battleTicket(BATTLE_SEEDS, round, seat)).toBe(ticket);
  });

  test('a tie between seats [1, 3, 4] goes to seat 1, whatever order they are listed in', () => {
    expect(battleTieBreak(BATTLE_SEEDS, [1, 3, 4])).toBe(1);
    expect(battleTieBreak(BATTLE_SEEDS, [4, 1, 3])).toBe(1);
  });

  // fairness.md §3's coinflip vectors read the same u32 (nonce 0 of serverSeed + blockId): roll 22/60
  // puts it in [22/60, 23/60) of 2^32, roll 44/60 in [44/60, 45/60). tied[floor(u · len / 2^32)] follows.
  test.each([
    { serverSeed: 'c0ffee00c0ffee00c0ffee00c0ffee00', tied: [1, 2], winner: 1 },
    { serverSeed: 'c0ffee00c0ffee00c0ffee00c0ffee00', tied: [1, 3, 4], winner: 3 },
    { serverSeed: 'deadbeefdeadbeefdeadbeefdeadbeef', tied: [1, 2], winner: 2 },
    { serverSeed: 'deadbeefdeadbeefdeadbeefdeadbeef', tied: [4, 3, 1], winner: 4 },
    { serverSeed: 'deadbeefdeadbeefdeadbeefdeadbeef', tied: [1, 2, 3, 4], winner: 3 },
  ])(
    'a tie between $tied under server seed $serverSeed goes to side $winner',
    ({ serverSeed, tied, winner }) => {
      expect(battleTieBreak({ serverSeed, blockId: BLOCK_ID }, tied)).toBe(winner);
    },
  );

  test('rounds start at 1 and seats run 1..4', () => {
    expect(() => battleTicket(BATTLE_SEEDS, 0, 1)).toThrow(RangeError);
    expect(() => battleTicket(BATTLE_SEEDS, 1, 5)).toThrow(RangeError);
  });
});

describe('battle winners', () => {
  test('standard: the highest total wins; crazy: the lowest', () => {
    const totals = [1_000, 3_000, 2_000];
    expect(battleResult(BATTLE_SEEDS, totals, { crazy: false, teams: false })).toEqual({
      sideTotals: totals,
      tied: [2],
      winner: 2,
      winningSeats: [2],
    });
    expect(battleResult(BATTLE_SEEDS, totals, { crazy: true, teams: false }).winner).toBe(1);
  });

  test('2v2 sums seats 1+2 against 3+4', () => {
    const totals = [1_000, 500, 800, 800];
    expect(battleResult(BATTLE_SEEDS, totals, { crazy: false, teams: true })).toEqual({
      sideTotals: [1_500, 1_600],
      tied: [2],
      winner: 2,
      winningSeats: [3, 4],
    });
    expect(battleResult(BATTLE_SEEDS, totals, { crazy: true, teams: true }).winningSeats).toEqual([1, 2]);
  });

  test('ties are broken by the nonce-0 pick among the tied sides', () => {
    const seats = battleResult(BATTLE_SEEDS, [300, 100, 300, 300], { crazy: false, teams: false });
    expect(seats.tied).toEqual([1, 3, 4]);
    expect(seats.winner).toBe(1);
    const teams = battleResult(BATTLE_SEEDS, [100, 100, 150, 50], { crazy: false, teams: true });
    expect(teams.tied).toEqual([1, 2]);
    expect(teams.winner).toBe(battleTieBreak(BATTLE_SEEDS, [1, 2]));
    // the pick only names winningTeam: every tied side wins (the pot is split), so all their seats
    expect(seats.winningSeats).toEqual([1, 3, 4]);
    expect(teams.winningSeats).toEqual([1, 2, 3, 4]);
    expect(seatsOfSide(teams.winner, true).every((s) => teams.winningSeats.includes(s))).toBe(true);
  });

  test('a tie is not always won by the lowest side: the nonce-0 pick decides', () => {
    const seeds = { serverSeed: 'deadbeefdeadbeefdeadbeefdeadbeef', blockId: BLOCK_ID };
    const seats = battleResult(seeds, [300, 100, 300, 300], { crazy: false, teams: false });
    expect(seats).toEqual({
      sideTotals: [300, 100, 300, 300],
      tied: [1, 3, 4],
      winner: 4,
      winningSeats: [1, 3, 4],
    });
    const teams = battleResult(seeds, [100, 100, 150, 50], { crazy: true, teams: true });
    expect(teams).toEqual({ sideTotals: [200, 200], tied: [1, 2], winner: 2, winningSeats: [1, 2, 3, 4] });
  });

  test('property: winningSeats are exactly the seats battlePayouts pays', () => {
    const game = fc.record({
      totals: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 2, maxLength: 4 }),
      teams: fc.boolean(),
      crazy: fc.boolean(),
      blockId: fc.stringMatching(/^[0-9a-f]{64}$/),
    });
    fc.assert(
      fc.property(game, ({ totals, teams, crazy, blockId }) => {
        const seats = teams ? [...totals, 0, 0, 0, 0].slice(0, 4) : totals;
        const result = battleResult({ ...BATTLE_SEEDS, blockId }, seats, { crazy, teams });
        const paid = battlePayouts({ seatPrice: 100, seatCount: seats.length, teams, tied: result.tied });
        const paidSeats = paid.perSeat.flatMap((c, i) => (c > 0 ? [i + 1] : []));
        expect(result.winningSeats).toEqual(paidSeats);
        expect(result.winningSeats).toEqual(paid.winningSeats);
        expect(result.winningSeats).toEqual(seatsOfSides(result.tied, teams));
      }),
      { numRuns: 300 },
    );
  });

  test('seatsOfSides: seats of every side, ascending, 2v2 teams as pairs', () => {
    expect(seatsOfSides([3, 1], false)).toEqual([1, 3]);
    expect(seatsOfSides([2], true)).toEqual([3, 4]);
    expect(seatsOfSides([2, 1], true)).toEqual([1, 2, 3, 4]);
  });

  test('a tie break needs a side', () => {
    expect(() => battleTieBreak(BATTLE_SEEDS, [])).toThrow(/at least one side/);
  });

  test('a battle has 2..4 seats, and exactly 4 in 2v2', () => {
    expect(() => battleSideTotals([100], false)).toThrow(RangeError);
    expect(() => battleSideTotals([1, 2, 3], true)).toThrow(RangeError);
    expect(() => battleSideTotals([1, 2, 3, 4, 5], false)).toThrow(RangeError);
    expect(battleSideTotals([7, 9], false)).toEqual([7, 9]);
    expect(battleSideTotals([1, 2, 3, 4], false)).toEqual([1, 2, 3, 4]);
  });

  test('property: the winner is one of the leaders, and the leaders share the best total', () => {
    const game = fc.record({
      totals: fc.array(fc.integer({ min: 0, max: 1_000 }), { minLength: 2, maxLength: 4 }),
      crazy: fc.boolean(),
      blockId: fc.stringMatching(/^[0-9a-f]{64}$/),
    });
    fc.assert(
      fc.property(game, ({ totals, crazy, blockId }) => {
        const result = battleResult({ ...BATTLE_SEEDS, blockId }, totals, { crazy, teams: false });
        const best = crazy ? Math.min(...totals) : Math.max(...totals);
        return (
          result.tied.includes(result.winner) &&
          result.tied.every((seat) => totals[seat - 1] === best) &&
          totals.filter((t) => t === best).length === result.tied.length
        );
      }),
      { numRuns: 300 },
    );
  });
});
