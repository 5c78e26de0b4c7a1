import { cn } from '../lib/cn.ts';
import { useCalm } from '../lib/use-calm.ts';

interface ProgressProps {
  /** 0..1 */
  value: number;
  color?: string;
  label: string;
  className?: string;
}

export function Progress({ value, color, label, className }: ProgressProps) {
  const pct = Math.round(Math.min(1, Math.max(0, value)) * 1000) / 10;
  // slides to a new value; a bar moving with every bet of a turbo autobet just follows it
  const calm = useCalm(pct);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      className={cn('h-1.5 w-full overflow-hidden rounded-full bg-ink-600/70', className)}
    >
      <div
        className={cn('h-full rounded-full', calm && 'transition-[width] duration-700 ease-out')}
        style={{ width: `${pct}%`, background: color ?? 'var(--color-accent-500)' }}
      />
    </div>
  );
}
