import { formatCoins } from './format.ts';

export type ProfitTone = 'win' | 'loss' | 'even';

export interface Profit {
  /** payout − stake in cents (a 1.00 case returning 0.10 is −90). */
  cents: number;
  tone: ProfitTone;
  /** "+0.90", "-0.90" or "0.00": the sign says which way the wallet moved. */
  text: string;
}

/** Text colour of a profit, the same on every screen that shows one. */
export const PROFIT_CLASS: Record<ProfitTone, string> = {
  win: 'text-accent-400',
  loss: 'text-red-400',
  even: 'text-ink-300',
};

/**
 * What a bet did to the wallet: payout − stake, coloured by its sign. A payout above zero is not a
 * win: a case that returns less than its price lost money.
 */
export function profitOf(stake: number, payout: number): Profit {
  const cents = Math.round(payout * 100) - Math.round(stake * 100);
  const coins = formatCoins(Math.abs(cents) / 100);
  if (cents > 0) return { cents, tone: 'win', text: `+${coins}` };
  if (cents < 0) return { cents, tone: 'loss', text: `-${coins}` };
  return { cents, tone: 'even', text: coins };
}
