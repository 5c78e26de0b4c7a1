import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** A section of the rewards page: a heading and its cards. */
export function RewardSection({
  title,
  aside,
  children,
}: {
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <div className="flex items-end justify-between gap-3">
        <h2 className="text-lg font-bold text-white">{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** One clickable reward tile; locked tiles are dimmed but still answer with a toast. */
export function RewardTile({
  icon,
  title,
  subtitle,
  action,
  locked = false,
  accent = '#22c55e',
  onClick,
}: {
  icon: ReactNode;
  title: string;
  subtitle: string;
  action: string;
  locked?: boolean;
  accent?: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        'group flex flex-col items-center gap-2 rounded-2xl bg-gradient-to-b from-ink-800 to-ink-850 p-4 text-center ring-1 ring-ink-700 transition hover:-translate-y-0.5 hover:ring-ink-500',
      )}
    >
      {/* a locked card dims its picture only: its words stay readable (contrast 4.5:1) */}
      <span
        className={cn('flex h-14 w-14 items-center justify-center rounded-2xl', locked && 'opacity-50')}
        style={{ background: `${accent}1f`, color: accent, boxShadow: `inset 0 0 0 1px ${accent}55` }}
      >
        {icon}
      </span>
      <span className="font-bold text-white">{title}</span>
      <span className="text-xs text-ink-400">{subtitle}</span>
      <span
        className={cn(
          'mt-1 w-full rounded-lg px-3 py-1.5 text-xs font-bold transition',
          locked
            ? 'bg-ink-700 text-ink-300'
            : 'bg-accent-500/15 text-accent-300 group-hover:bg-accent-500/25',
        )}
      >
        {action}
      </span>
    </button>
  );
}

/** A wide banner with a call to action. */
export function RewardBanner({
  title,
  text,
  action,
  icon,
  gradient,
  onClick,
}: {
  title: string;
  text: string;
  action: string;
  icon: ReactNode;
  gradient: string;
  onClick: () => void;
}) {
  return (
    <div
      className={cn('flex items-center gap-4 overflow-hidden rounded-2xl p-5 ring-1 ring-white/10', gradient)}
    >
      <span className="hidden h-14 w-14 shrink-0 items-center justify-center rounded-2xl bg-white/10 text-white sm:flex">
        {icon}
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-lg font-black text-white">{title}</p>
        <p className="text-sm text-white/75">{text}</p>
      </div>
      <button
        type="button"
        onClick={onClick}
        className="shrink-0 rounded-lg bg-white/15 px-4 py-2 text-sm font-bold text-white ring-1 ring-white/25 transition hover:bg-white/25"
      >
        {action}
      </button>
    </div>
  );
}
