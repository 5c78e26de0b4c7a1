/** Bet limits shared by every game (economy.md "Game limits"). Amounts are integer cents. */
import { MAX_AMOUNT_CENTS } from '../money.ts';

/** 0.01 coins: a bet that would round to 0.00 is refused, never accepted as zero. */
export const MIN_BET_CENTS = 1;

/** Why a bet amount is refused, or null. */
export function betAmountError(amount: number): string | null {
  if (!Number.isSafeInteger(amount) || amount < MIN_BET_CENTS) return 'The minimum bet is 0.01.';
  if (amount > MAX_AMOUNT_CENTS) return 'That bet is above the maximum amount.';
  return null;
}
