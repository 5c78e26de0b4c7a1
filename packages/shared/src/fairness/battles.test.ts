import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { battleResult, battleSideTotals, battleTicket, battleTieBreak, seatsOfSide } from './battles.ts';
import { BATTLE_SEEDS } from './vectors.fixture.ts';

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
    expect(teams.winningSeats).toEqual(seatsOfSide(teams.winner, true));
  });

  test('a battle has 2..4 seats, and exactly 4 in 2v2', () => {
    expect(() => battleSideTotals([100], false)).toThrow(RangeError);
    expect(() => battleSideTotals([1, 2, 3], true)).toThrow(RangeError);
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
