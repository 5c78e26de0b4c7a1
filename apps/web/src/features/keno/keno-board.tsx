import { KENO_NUMBERS } from '@coinsite/shared/fairness';
import { Gem } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { formatCoins } from '../../lib/format.ts';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { formatMultiplier } from '../dice/numeric.ts';
import type { KenoRound } from './use-keno.ts';

const NUMBERS = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);

/**
 * The 40-number board (8 × 5): the player's picks, then the draw revealed one number at a time. A
 * drawn pick glows with a gem; a drawn number nobody picked turns dark red.
 */
export function KenoBoard({
  picks,
  round,
  onToggle,
  disabled,
}: {
  picks: readonly number[];
  /** The draw to show (only while it belongs to these picks). */
  round: KenoRound | null;
  onToggle: (n: number) => void;
  disabled: boolean;
}) {
  const drawn = new Set(round ? round.drawn.slice(0, round.shown) : []);
  const done = round !== null && round.shown >= round.drawn.length;
  const won = done && round.payout > 0 ? round : null;
  return (
    <div className="relative mx-auto w-full max-w-[40rem]">
      <div
        className="grid grid-cols-8 gap-1.5 sm:gap-2"
        data-testid="keno-board"
        data-drawn={done ? round.drawn.join(',') : ''}
      >
        {NUMBERS.map((n) => {
          const picked = picks.includes(n);
          const isDrawn = drawn.has(n);
          const hit = picked && isDrawn;
          return (
            <button
              key={n}
              type="button"
              data-testid={`keno-tile-${n}`}
              data-state={hit ? 'hit' : isDrawn ? 'drawn' : picked ? 'picked' : 'idle'}
              aria-pressed={picked}
              aria-label={`${n}${picked ? ', picked' : ''}${hit ? ', hit' : isDrawn ? ', drawn' : ''}`}
              disabled={disabled}
              onClick={() => onToggle(n)}
              className={cn(
                'relative flex aspect-square items-center justify-center rounded-lg font-mono text-sm font-black tabular-nums transition duration-200 sm:rounded-xl sm:text-lg',
                'disabled:cursor-default',
                hit
                  ? 'scale-105 bg-gradient-to-b from-cyan-300 to-cyan-500 text-ink-950 shadow-[0_0_18px_rgba(34,211,238,0.55)] starting:scale-125'
                  : isDrawn
                    ? 'bg-rose-950/80 text-rose-300/80 ring-1 ring-rose-500/40 starting:scale-110'
                    : picked
                      ? 'bg-gradient-to-b from-violet-500 to-violet-700 text-white shadow-[0_4px_0_0_#4c1d95] enabled:hover:brightness-110'
                      : 'bg-ink-700/80 text-ink-200 shadow-[0_4px_0_0_#0b1220] enabled:hover:-translate-y-0.5 enabled:hover:bg-ink-600',
              )}
            >
              {hit ? (
                <Gem
                  aria-hidden="true"
                  className="absolute top-1 right-1 h-2.5 w-2.5 opacity-80 sm:h-3.5 sm:w-3.5"
                />
              ) : null}
              {n}
            </button>
          );
        })}
      </div>
      {won ? (
        <div
          className="pointer-events-none absolute inset-0 flex items-center justify-center"
          aria-live="polite"
        >
          <div
            data-testid="keno-win-banner"
            className="flex flex-col items-center gap-1 rounded-2xl border-2 border-cyan-400 bg-ink-900/95 px-8 py-4 shadow-2xl shadow-cyan-500/20 transition duration-300 starting:scale-75 starting:opacity-0"
          >
            <span className="font-mono text-3xl font-black text-cyan-300">
              {formatMultiplier(won.multiplier)}×
            </span>
            <span className="flex items-center gap-1.5 font-mono text-sm font-bold text-white">
              {formatCoins(won.payout)} <CoinIcon className="h-4 w-4" />
            </span>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** A table entry for the narrow chips: 1,000× and 26× without their zero cents, 1.40× with them. */
const chipMultiplier = (m: number) =>
  m >= 10_000 && m % 100 === 0 ? (m / 100).toLocaleString('en-US') : formatMultiplier(m / 100);

/** The payout of each hit count for the current risk and number of picks; the last draw's is lit. */
export function KenoPayouts({
  row,
  chances,
  lit,
}: {
  row: readonly number[];
  chances: readonly number[];
  lit: number | null;
}) {
  if (row.length <= 1) {
    return (
      <p className="text-center text-xs font-semibold text-ink-400" data-testid="keno-payouts">
        Pick 1 to 10 numbers on the board
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1.5" data-testid="keno-payouts">
      <ol className="grid grid-cols-6 gap-1 sm:flex" aria-label="Payouts by hits">
        {row.map((m, hits) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: one entry per hit count, in order
            key={hits}
            title={`${hits} ${hits === 1 ? 'hit' : 'hits'}: ${((chances[hits] ?? 0) * 100).toFixed(4)} % chance`}
            className={cn(
              'flex min-w-10 flex-1 flex-col items-center rounded-lg px-1 py-1.5 font-mono text-[11px] font-bold tabular-nums ring-1 transition sm:text-xs',
              lit === hits
                ? m > 0
                  ? 'bg-cyan-400 text-ink-950 ring-cyan-300'
                  : 'bg-ink-600 text-white ring-ink-500'
                : m > 0
                  ? 'bg-ink-900/70 text-white ring-white/10'
                  : 'bg-ink-900/40 text-ink-400 ring-white/5',
            )}
          >
            <span>{chipMultiplier(m)}×</span>
            <span className="text-[10px] font-semibold opacity-70">{hits}×</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
