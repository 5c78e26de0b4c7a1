import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { formatCoins } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { downloadCsv } from './csv.ts';

/** One figure of the overview. */
export function Tile({
  label,
  value,
  sub,
  tone,
}: {
  label: string;
  value: ReactNode;
  sub?: ReactNode;
  tone?: 'good' | 'bad';
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-2xl bg-ink-850/80 px-4 py-3 ring-1 ring-ink-700">
      <span className="text-xs font-semibold uppercase tracking-wide text-ink-300">{label}</span>
      <span
        className={cn(
          'truncate text-xl font-black tabular-nums text-white',
          tone === 'good' && 'text-accent-400',
          tone === 'bad' && 'text-red-400',
        )}
      >
        {value}
      </span>
      {sub ? <span className="text-xs text-ink-300">{sub}</span> : null}
    </div>
  );
}

export const coins = (v: number) => formatCoins(v);
export const percent = (v: number | null) => (v === null ? '—' : `${v.toFixed(2)} %`);
export const count = (v: number) => v.toLocaleString('en-US');

/** A section's title with its CSV button. */
export function SectionHead({
  title,
  csv,
}: {
  title: string;
  csv?: { name: string; header: string[]; rows: () => unknown[][] };
}) {
  return (
    <div className="flex items-center justify-between gap-3">
      <h2 className="text-lg font-extrabold text-white">{title}</h2>
      {csv ? (
        <Button size="sm" variant="secondary" onClick={() => downloadCsv(csv.name, csv.header, csv.rows())}>
          Export CSV
        </Button>
      ) : null}
    </div>
  );
}

/** A wide table that scrolls sideways on a phone. */
export function Table({ head, children, label }: { head: string[]; children: ReactNode; label: string }) {
  return (
    <div className="overflow-x-auto rounded-xl bg-ink-950/40 ring-1 ring-ink-700">
      <table className="w-full min-w-max text-left text-sm" aria-label={label}>
        <thead className="bg-ink-900/80 text-xs uppercase tracking-wide text-ink-300">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-800 text-ink-200 tabular-nums">{children}</tbody>
      </table>
    </div>
  );
}

export function Cell({ children, className }: { children: ReactNode; className?: string }) {
  return <td className={cn('whitespace-nowrap px-3 py-2', className)}>{children}</td>;
}
