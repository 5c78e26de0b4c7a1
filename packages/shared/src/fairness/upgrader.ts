/**
 * Upgrader (fairness.md §2). Amount A and item price P are cents. Tickets run 1..D with
 * D = 1,000,000,001; every comparison is on the integer ticket, never on the 9-decimal display.
 */
import { pickAt, type Seeds } from './bytes.ts';
import { assertIntegerIn, floorMulDiv } from './integer.ts';

export const UPGRADER_DIVISOR = 1_000_000_001;
/** floor(0.8 · D): the most winning tickets, whatever the amount (80% chance cap). */
export const UPGRADER_MAX_WINNING_TICKETS = Math.floor((UPGRADER_DIVISOR * 8) / 10);

export type UpgraderSide = 'under' | 'over';

/** pick(0, D) + 1 → 1..D. */
export function upgraderTicket(seeds: Seeds): number {
  return pickAt(seeds, 0, UPGRADER_DIVISOR) + 1;
}

/** floor(ticket · 10^9 / D) / 10^9 with 9 decimals: 890415763 → "0.890415762". */
export function upgraderTicketDisplay(ticket: number): string {
  assertIntegerIn(ticket, 1, UPGRADER_DIVISOR, 'upgrader ticket');
  const scaled = floorMulDiv(ticket, 1_000_000_000, UPGRADER_DIVISOR);
  const whole = Math.floor(scaled / 1_000_000_000);
  return `${whole}.${String(scaled % 1_000_000_000).padStart(9, '0')}`;
}

/** W = min(floor(A · D / P), floor(0.8 · D)). */
export function upgraderWinningTickets(amount: number, price: number): number {
  assertIntegerIn(price, 1, Number.MAX_SAFE_INTEGER, 'item price');
  assertIntegerIn(amount, 1, Number.MAX_SAFE_INTEGER, 'amount');
  return Math.min(floorMulDiv(amount, UPGRADER_DIVISOR, price), UPGRADER_MAX_WINNING_TICKETS);
}

/** Under wins on ticket ≤ W; over wins on ticket > D − W. */
export function upgraderWins(ticket: number, winningTickets: number, side: UpgraderSide): boolean {
  return side === 'under' ? ticket <= winningTickets : ticket > UPGRADER_DIVISOR - winningTickets;
}

/** A win pays floor(0.9 × P) cents: price / amount × 0.9, times the amount. */
export function upgraderPayout(price: number): number {
  return floorMulDiv(price, 9, 10);
}

export interface UpgraderOutcome {
  ticket: number;
  winningTickets: number;
  win: boolean;
  /** Gross payout in cents (0 on a loss). */
  payout: number;
}

/** Settles an attempt. Check the 80% limit (games/upgrader.ts) first; W is capped here regardless. */
export function upgraderOutcome(
  seeds: Seeds,
  amount: number,
  price: number,
  side: UpgraderSide,
): UpgraderOutcome {
  return upgraderSettle(upgraderTicket(seeds), amount, price, side);
}

export function upgraderSettle(
  ticket: number,
  amount: number,
  price: number,
  side: UpgraderSide,
): UpgraderOutcome {
  const winningTickets = upgraderWinningTickets(amount, price);
  const win = upgraderWins(ticket, winningTickets, side);
  return { ticket, winningTickets, win, payout: win ? upgraderPayout(price) : 0 };
}
