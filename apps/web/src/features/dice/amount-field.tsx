import { coinsToCents } from '@coinsite/shared/money';
import { useId } from 'react';
import { cn } from '../../lib/cn.ts';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { acceptsNumeric, centsToText, textToCents } from './numeric.ts';
import { confirmMax } from '../bet-tools/bet-confirm.tsx';
import { gameLimits } from '../../lib/site-store.ts';

interface AmountFieldProps {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  disabled?: boolean;
  /**
   * A bet's profit on a win for a stake (cents), for a game whose max-profit rule refuses a bet
   * (dice, limbo): Max then stops at the largest stake the rule accepts (issue 28 item 10).
   */
  profitOf?: (stakeCents: number) => number;
}

/**
 * The largest stake in [0, upper] whose profit stays within `maxProfit` (profit grows with the
 * stake, so a binary search finds it exactly, whatever the game's rounding).
 */
export function largestStake(
  profitOf: (stakeCents: number) => number,
  maxProfit: number,
  upper: number,
): number {
  if (profitOf(upper) <= maxProfit) return upper;
  let lo = 0;
  let hi = upper;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (profitOf(mid) <= maxProfit) lo = mid;
    else hi = mid;
  }
  return lo;
}

const helperClass =
  'h-8 min-w-9 rounded-md bg-ink-700 px-2 text-xs font-bold text-ink-200 transition hover:bg-ink-600 hover:text-white disabled:pointer-events-none disabled:opacity-50';

/**
 * A helper button's name: its visible text first, then what it does ("2×, Double the amount"), so
 * a voice user who says what they see reaches it (WCAG 2.5.3, label in name).
 */
export const helperName = (shown: string, does: string): string => `${shown}, ${does}`;

/**
 * The bet amount of the instant games, with the amount helpers of spec-3 §2.8/2.9 (1/2, X2, Max, as the spec writes them).
 * 2× and Max stop at the balance when signed in: a bet above it would only be refused.
 */
export function AmountField({
  value,
  onChange,
  label = 'Bet Amount',
  disabled = false,
  profitOf,
}: AmountFieldProps) {
  const id = useId();
  const wallet = useAuthStore((s) => (s.user ? coinsToCents(s.user.wallet) : null));
  const cents = textToCents(value) ?? 0;
  const cap = (c: number) => (wallet === null ? c : Math.min(c, wallet));
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between">
        <label htmlFor={id} className="text-xs font-semibold text-ink-300">
          {label}
        </label>
        {wallet !== null ? (
          <span className="text-[11px] text-ink-400 tabular-nums">Balance {centsToText(wallet)}</span>
        ) : null}
      </div>
      <div
        className={cn(
          'flex h-11 items-center gap-1 rounded-lg border border-ink-600 bg-ink-950/70 pr-1.5 pl-3 transition focus-within:border-accent-500 focus-within:ring-2 focus-within:ring-accent-500/30',
          disabled && 'opacity-60',
        )}
      >
        <CoinIcon className="h-4 w-4" />
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          disabled={disabled}
          placeholder="0.00"
          onChange={(e) => {
            const next = e.target.value.replace(',', '.');
            if (acceptsNumeric(next)) onChange(next);
          }}
          onBlur={() => {
            const c = textToCents(value);
            if (c !== null) onChange(centsToText(c));
          }}
          className="h-full min-w-0 flex-1 bg-transparent px-1 font-mono text-sm font-bold text-white tabular-nums placeholder:text-ink-400 focus:outline-none"
        />
        <button
          type="button"
          className={helperClass}
          disabled={disabled}
          aria-label={helperName('1/2', 'Half the amount')}
          onClick={() => onChange(centsToText(Math.floor(cents / 2)))}
        >
          1/2
        </button>
        <button
          type="button"
          className={helperClass}
          disabled={disabled}
          aria-label={helperName('X2', 'Double the amount')}
          onClick={() => onChange(centsToText(cap(cents * 2)))}
        >
          X2
        </button>
        <button
          type="button"
          className={helperClass}
          disabled={disabled || wallet === null}
          aria-label={helperName(
            'Max',
            profitOf
              ? 'Bet the balance, up to the largest stake the max profit allows'
              : 'Bet the whole balance',
          )}
          onClick={() => {
            const all = wallet ?? 0;
            const max = profitOf ? largestStake(profitOf, gameLimits.maxProfitCents, all) : all;
            void confirmMax(max, max < all).then((ok) => ok && onChange(centsToText(max)));
          }}
        >
          Max
        </button>
      </div>
    </div>
  );
}
