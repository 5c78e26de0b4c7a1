/**
 * Case battles (fairness.md §2). Seats are 1..4 left to right, rounds 1..R. Round r's stream is
 * (serverSeed, blockId, nonce r) and seat p reads its u32 number p − 1. Nonce 0 breaks ties.
 * A "side" is a seat, or in 2v2 a team: team 1 = seats 1+2, team 2 = seats 3+4.
 * A tie splits the pot among every tied side (docs/decisions/cases.md, "Payouts"); the nonce-0 pick only
 * names the side reported as `winningTeam`.
 */
import { type BlockSeeds, blockStream, pickAt } from './bytes.ts';
import { caseTicket } from './cases.ts';
import { assertIntegerIn } from './integer.ts';

export const BATTLE_MAX_SEATS = 4;

export interface BattleRules {
  /** Crazy mode: the lowest total wins. */
  crazy: boolean;
  /** 2v2: seats 1+2 against 3+4. */
  teams: boolean;
}

export interface BattleResult {
  /** Total value per side in cents (seats, or the two teams). */
  sideTotals: number[];
  /** Sides sharing the best total, ascending; more than one means a tie. */
  tied: number[];
  /**
   * The side reported as `winningTeam`: the only leader, or tied[pick(0, tied.length)] of nonce 0.
   * On a tie it is NOT the only side paid: every tied side shares the pot (see winningSeats).
   */
  winner: number;
  /** Seats that win (share the pot), ascending: the seats of every side in `tied`. */
  winningSeats: number[];
}

/** Ticket 1..100000 of seat p in round r. */
export function battleTicket(seeds: BlockSeeds, round: number, seat: number): number {
  assertIntegerIn(round, 1, Number.MAX_SAFE_INTEGER, 'battle round');
  assertIntegerIn(seat, 1, BATTLE_MAX_SEATS, 'battle seat');
  return caseTicket(blockStream(seeds, round), seat - 1);
}

/** tied[pick(0, tied.length)] of the stream (serverSeed, blockId, nonce 0), tied sorted ascending. */
export function battleTieBreak(seeds: BlockSeeds, tied: readonly number[]): number {
  if (tied.length === 0) throw new RangeError('a tie break needs at least one side');
  const ascending = [...tied].sort((a, b) => a - b);
  return ascending[pickAt(blockStream(seeds, 0), 0, ascending.length)] as number;
}

/** Seat totals (cents, index 0 = seat 1) → sides, leaders and the winner after the tie break. */
export function battleResult(
  seeds: BlockSeeds,
  seatTotals: readonly number[],
  rules: BattleRules,
): BattleResult {
  const sideTotals = battleSideTotals(seatTotals, rules.teams);
  const best = rules.crazy ? Math.min(...sideTotals) : Math.max(...sideTotals);
  const tied = sideTotals.flatMap((total, i) => (total === best ? [i + 1] : []));
  const winner = tied.length === 1 && tied[0] !== undefined ? tied[0] : battleTieBreak(seeds, tied);
  return { sideTotals, tied, winner, winningSeats: seatsOfSides(tied, rules.teams) };
}

export function battleSideTotals(seatTotals: readonly number[], teams: boolean): number[] {
  if (teams) {
    if (seatTotals.length !== 4) throw new RangeError('a 2v2 battle has exactly 4 seats');
    const [a = 0, b = 0, c = 0, d = 0] = seatTotals;
    return [a + b, c + d];
  }
  if (seatTotals.length < 2 || seatTotals.length > BATTLE_MAX_SEATS) {
    throw new RangeError('a battle has 2 to 4 seats');
  }
  return [...seatTotals];
}

export function seatsOfSide(side: number, teams: boolean): number[] {
  if (!teams) return [side];
  return side === 1 ? [1, 2] : [3, 4];
}

/**
 * The seats (ascending) of the sides that win: every tied side on a tie, else the one winner. The one
 * rule for who is paid (battlePayouts), who the page crowns and who the verifier names.
 */
export function seatsOfSides(sides: readonly number[], teams: boolean): number[] {
  return [...new Set(sides.flatMap((side) => seatsOfSide(side, teams)))].sort((a, b) => a - b);
}
