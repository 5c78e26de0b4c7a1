import { ChartLine } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { useLiveStats } from './live-stats-store.ts';

/** Opens or closes the live stats panel (beside a game's title, like the hotkeys button). */
export function LiveStatsButton({ className }: { className?: string }) {
  const open = useLiveStats((s) => s.open);
  return (
    <button
      type="button"
      aria-label="Live stats"
      aria-pressed={open}
      title="Live stats"
      data-testid="live-stats-open"
      onClick={() => useLiveStats.getState().setOpen(!open)}
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-lg bg-ink-800 px-2.5 text-sm font-semibold text-ink-300 ring-1 ring-ink-700 transition hover:text-white',
        open && 'text-accent-300 ring-accent-500/40',
        className,
      )}
    >
      <ChartLine className="h-4 w-4" aria-hidden="true" />
    </button>
  );
}
