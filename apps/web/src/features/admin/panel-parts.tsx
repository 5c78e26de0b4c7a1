import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Spinner } from '../../ui/spinner.tsx';

/** A panel's loading spinner or one-line message (load error, empty list). */
export function PanelMessage({ loading = false, children }: { loading?: boolean; children?: ReactNode }) {
  return (
    <div className="flex min-h-40 items-center justify-center gap-3 text-sm text-ink-300">
      {loading ? <Spinner className="h-6 w-6 text-accent-400" /> : null}
      {children}
    </div>
  );
}

/** Chips that narrow a list (one pressed at a time). */
export function Chips<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="toolbar" aria-label={label} className="flex flex-wrap gap-1.5">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
          className={cn(
            'rounded-lg px-3 py-1.5 text-xs font-semibold ring-1 transition',
            o.value === value
              ? 'bg-accent-500/15 text-accent-300 ring-accent-500/40'
              : 'bg-ink-900/70 text-ink-300 ring-ink-700 hover:text-white',
          )}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

/** The scrolling list area of a panel: tall enough to work in, short enough for the dialog. */
export function ScrollArea({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn('max-h-[28rem] overflow-auto rounded-xl bg-ink-950/40 ring-1 ring-ink-700', className)}
    >
      {children}
    </div>
  );
}
