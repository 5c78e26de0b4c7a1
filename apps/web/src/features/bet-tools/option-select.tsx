import { useId } from 'react';

/** A labelled choice of a few fixed values in a game's bet panel (risk, rows, segments). */
export function OptionSelect<T extends string | number>({
  label,
  value,
  options,
  onChange,
  disabled,
  testId,
}: {
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
  disabled?: boolean;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-semibold text-ink-300">
        {label}
      </label>
      <select
        id={id}
        data-testid={testId}
        value={String(value)}
        disabled={disabled}
        onChange={(e) => {
          const picked = options.find((o) => String(o.value) === e.target.value);
          if (picked) onChange(picked.value);
        }}
        className="h-11 min-w-0 rounded-lg border border-ink-600 bg-ink-950/70 px-3 text-sm font-bold text-white focus:border-accent-500 focus:ring-2 focus:ring-accent-500/30 focus:outline-none disabled:opacity-60"
      >
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export const RISK_OPTIONS = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
] as const;
