import { coinsToCents } from '@coinsite/shared/money';
import { useId } from 'react';
import { cn } from '../../lib/cn.ts';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { acceptsNumeric, centsToText, textToCents } from './numeric.ts';
import { confirmMax } from '../bet-tools/bet-confirm.tsx';

interface AmountFieldProps {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  disabled?: boolean;
}

const helperClass =
  'h-8 min-w-9 rounded-md bg-ink-700 px-2 text-xs font-bold text-ink-200 transition hover:bg-ink-600 hover:text-white disabled:pointer-events-none disabled:opacity-50';

/**
 * The bet amount of the instant games, with the amount helpers of spec-3 §2.8/2.9 (½, 2×, Max).
 * 2× and Max stop at the balance when signed in: a bet above it would only be refused.
 */
export function AmountField({ value, onChange, label = 'Bet Amount', disabled = false }: AmountFieldProps) {
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
          className="h-full min-w-0 flex-1 bg-transparent px-1 font-mono text-sm font-bold text-white tabular-nums placeholder:text-ink-500 focus:outline-none"
        />
        <button
          type="button"
          className={helperClass}
          disabled={disabled}
          aria-label="Half the amount"
          onClick={() => onChange(centsToText(Math.floor(cents / 2)))}
        >
          ½
        </button>
        <button
          type="button"
          className={helperClass}
          disabled={disabled}
          aria-label="Double the amount"
          onClick={() => onChange(centsToText(cap(cents * 2)))}
        >
          2×
        </button>
        <button
          type="button"
          className={helperClass}
          disabled={disabled || wallet === null}
          aria-label="Bet the whole balance"
          onClick={() => {
            const all = wallet ?? 0;
            void confirmMax(all).then((ok) => ok && onChange(centsToText(all)));
          }}
        >
          Max
        </button>
      </div>
    </div>
  );
}
