import { formatCoins } from '../lib/format.ts';
import { CoinIcon } from './coin-icon.tsx';

/**
 * spec-2 §4's level text, "Wager $X more to level up": the spec's $ is the coin sign (amounts are
 * coins), so the coin icon stands in front of the amount, and a screen reader hears "coins"
 * (issue 28 item 11).
 */
export function WagerToLevel({ coins }: { coins: number }) {
  return (
    <span data-testid="wager-to-level" className="inline-flex flex-wrap items-center gap-1">
      Wager{' '}
      <span className="inline-flex items-center gap-0.5 font-semibold text-white tabular-nums">
        <CoinIcon className="h-3.5 w-3.5" />
        {formatCoins(coins)}
        <span className="sr-only"> coins</span>
      </span>{' '}
      more to level up
    </span>
  );
}
