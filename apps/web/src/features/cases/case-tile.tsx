import type { CaseSummaryView } from '@coinsite/shared/schemas/cases';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { formatCoins } from '../../lib/format.ts';
import { CoinIcon } from '../../ui/coin-icon.tsx';

/** A case in a grid: image, name and price (links and pickers wrap it). */
export function CaseTile({
  c,
  className,
  children,
}: {
  c: CaseSummaryView;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div
      className={cn(
        'group relative flex flex-col items-center gap-2 rounded-2xl bg-[radial-gradient(ellipse_at_50%_30%,#1f2a4d,transparent_70%),linear-gradient(180deg,#141b31,#0f1528)] p-4 ring-1 ring-ink-700 transition hover:ring-ink-500',
        className,
      )}
    >
      <img
        src={c.image}
        alt=""
        className="aspect-square w-full max-w-36 object-contain drop-shadow-xl transition duration-300 group-hover:-translate-y-1 group-hover:scale-105"
        draggable={false}
      />
      <span className="w-full truncate text-center text-sm font-bold text-white">{c.name}</span>{' '}
      <span className="flex items-center gap-1.5 rounded-lg bg-ink-950/70 px-2.5 py-1 font-mono text-sm font-bold text-white tabular-nums ring-1 ring-ink-700">
        <CoinIcon className="h-3.5 w-3.5" />
        {formatCoins(c.price)}
      </span>
      {children}
    </div>
  );
}
