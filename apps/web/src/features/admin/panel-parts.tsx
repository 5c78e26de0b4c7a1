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
