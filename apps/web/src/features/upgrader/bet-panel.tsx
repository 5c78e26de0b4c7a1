import { cn } from '../../lib/cn.ts';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { QUICK_PERCENTS } from './upgrader-math.ts';

interface BetPanelProps {
  amountText: string;
  percent: number;
  disabled: boolean;
  onAmount: (text: string) => void;
  onPercent: (percent: number) => void;
}

/** spec-3 §2.4: the amount and the percent of the wallet, linked, with the quick percents. */
export function BetPanel({ amountText, percent, disabled, onAmount, onPercent }: BetPanelProps) {
  return (
    <div className="flex flex-col gap-4 rounded-2xl bg-ink-850/80 p-4 ring-1 ring-ink-700">
      <div className="flex items-center justify-between">
        <span className="text-xs font-semibold tracking-wider text-ink-400 uppercase">Your bet</span>
        <span
          data-testid="upgrader-percent"
          className="font-mono text-sm font-bold text-ink-200 tabular-nums"
        >
          {percent.toFixed(2)}%
        </span>
      </div>
      <label className="flex h-12 items-center gap-2 rounded-xl bg-ink-950/70 px-3 ring-1 ring-ink-600 focus-within:ring-2 focus-within:ring-teal-400/60">
        <CoinIcon className="h-5 w-5" />
        <input
          aria-label="Amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={amountText}
          disabled={disabled}
          onChange={(e) => onAmount(e.target.value.replace(',', '.'))}
          className="min-w-0 flex-1 bg-transparent font-mono text-lg font-bold text-white tabular-nums placeholder:text-ink-400 focus:outline-none disabled:opacity-60"
        />
      </label>
      <input
        type="range"
        aria-label="Percent of balance"
        min={0}
        max={100}
        step={0.01}
        value={percent}
        disabled={disabled}
        onChange={(e) => onPercent(Number(e.target.value))}
        className="w-full accent-teal-400 disabled:opacity-60"
      />
      <div className="grid grid-cols-4 gap-2">
        {QUICK_PERCENTS.map((p) => (
          <button
            key={p}
            type="button"
            disabled={disabled}
            onClick={() => onPercent(p)}
            className={cn(
              'h-9 rounded-lg text-sm font-bold ring-1 transition disabled:opacity-50',
              Math.abs(percent - p) < 0.005
                ? 'bg-teal-400/15 text-teal-200 ring-teal-400/50'
                : 'bg-ink-700 text-ink-200 ring-ink-600 hover:bg-ink-600 hover:text-white',
            )}
          >
            {p}%
          </button>
        ))}
      </div>
    </div>
  );
}
