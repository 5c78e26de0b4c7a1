/** Bet limits shared by every game (economy.md "Game limits"). Amounts are integer cents. */
import { formatCents, MAX_AMOUNT_CENTS } from '../money.ts';

/** 0.01 coins: a bet that would round to 0.00 is refused, never accepted as zero. */
export const MIN_BET_CENTS = 1;

/** Why a bet amount is refused, or null. */
export function betAmountError(amount: number): string | null {
  if (!Number.isSafeInteger(amount) || amount < MIN_BET_CENTS) return 'The minimum bet is 0.01.';
  if (amount > MAX_AMOUNT_CENTS) return 'That bet is above the maximum amount.';
  return null;
}

/** The most one dice, limbo or mines bet may win over its stake unless MAX_PROFIT says otherwise: 1,000.00 coins, as crash. */
export const DEFAULT_MAX_PROFIT_CENTS = 100_000;

/**
 * Dice and limbo: why a bet whose win would pay `winPayout` (gross cents) is refused, or null. A bet
 * that could win more than the max profit is refused before it is placed, never paid less than its
 * multiplier promised.
 */
export function maxProfitError(stake: number, winPayout: number, maxProfitCents: number): string | null {
  const profit = winPayout - stake;
  if (profit <= maxProfitCents) return null;
  return `This bet could win ${formatCents(profit)}, above the maximum profit of ${formatCents(maxProfitCents)} per bet. Lower the amount or the multiplier.`;
}

/**
 * Mines: a game's payout after a safe tile, capped at stake + max profit, and whether it reached the
 * cap (the game is then cashed out for the player: more tiles could only add risk).
 */
export function minesCappedPayout(
  stake: number,
  payout: number,
  maxProfitCents: number,
): { payout: number; capped: boolean } {
  const cap = stake + maxProfitCents;
  return payout >= cap ? { payout: cap, capped: true } : { payout, capped: false };
}
