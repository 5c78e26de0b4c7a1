import { cn } from '../lib/cn.ts';

/**
 * A row of chips that narrow a list, one pressed at a time: the profile's history tabs (one line
 * that scrolls sideways on a phone) and the admin panels (chips wrap onto a second line).
 */
export function FilterChips<T extends string>({
  label,
  options,
  value,
  onChange,
  layout = 'scroll',
}: {
  label: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
  layout?: 'scroll' | 'wrap';
}) {
  return (
    <div
      role="toolbar"
      aria-label={label}
      className={cn('flex gap-1.5', layout === 'scroll' ? '-mx-1 overflow-x-auto px-1 pb-1' : 'flex-wrap')}
    >
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
          className={cn(
            'rounded-lg px-3 py-1.5 text-xs font-semibold ring-1 transition',
            layout === 'scroll' && 'shrink-0 whitespace-nowrap',
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
