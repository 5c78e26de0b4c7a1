import { seatsOfSides } from '../fairness/battles.ts';

/**
 * What a finished case battle pays (issue 4, fairness.md §2 for who wins). The pot is every seat's
 * stake, bots' included (the house funds them). The winning side takes the pot; a tie splits it
 * equally among the tied sides; in 2v2 a side is a team and each of its two seats gets half.
 * Shares are floored to the cent: the odd cents stay with the house.
 */
export interface BattlePayouts {
  /** Cents per seat, index 0 = seat 1. */
  perSeat: number[];
  /** Seats (1-based) that receive a share. */
  winningSeats: number[];
  /** What each winning seat receives, cents. */
  perWinner: number;
  /** The sides that share the pot (one unless tied). */
  sides: number[];
}

export function battlePayouts(opts: {
  seatPrice: number;
  seatCount: number;
  teams: boolean;
  /** Sides with the best total, ascending (battleResult().tied). */
  tied: readonly number[];
}): BattlePayouts {
  const { seatPrice, seatCount, teams, tied } = opts;
  if (!Number.isSafeInteger(seatPrice) || seatPrice <= 0)
    throw new RangeError('seat price must be positive cents');
  if (!Number.isSafeInteger(seatCount) || seatCount < 2 || seatCount > 4)
    throw new RangeError('a battle has 2 to 4 seats');
  if (teams && seatCount !== 4) throw new RangeError('a 2v2 battle has 4 seats');
  if (tied.length === 0) throw new RangeError('a battle has at least one winning side');
  const sideCount = teams ? 2 : seatCount;
  if (
    new Set(tied).size !== tied.length ||
    tied.some((s) => !Number.isSafeInteger(s) || s < 1 || s > sideCount)
  )
    throw new RangeError(`winning sides must be distinct sides in 1..${sideCount}`);
  const pot = seatPrice * seatCount;
  const sides = [...tied].sort((a, b) => a - b);
  const perSide = Math.floor(pot / sides.length);
  const perWinner = teams ? Math.floor(perSide / 2) : perSide;
  const winningSeats = seatsOfSides(sides, teams);
  const perSeat = Array.from({ length: seatCount }, (_, i) => (winningSeats.includes(i + 1) ? perWinner : 0));
  return { perSeat, winningSeats, perWinner, sides };
}
