import { type ReactNode, useId, useState } from 'react';
import { acceptsNumeric, textToNumber } from './numeric.ts';

interface LinkedFieldProps {
  label: string;
  /** The value as the other fields made it (shown whenever this field is not being typed in). */
  display: string;
  /** A number typed here; the parent turns it into the shared state. */
  onValue: (value: number) => void;
  decimals: number;
  adornment?: ReactNode;
  testId?: string;
}

/**
 * One of several fields that show the same state in different units (dice: multiplier, roll under,
 * chance). While the player types, the field keeps their text and the others follow; on leaving
 * it, it shows the value the state settled on (clamped, rounded).
 */
export function LinkedField({ label, display, onValue, decimals, adornment, testId }: LinkedFieldProps) {
  const id = useId();
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="truncate text-xs font-semibold text-ink-300">
        {label}
      </label>
      <div className="flex h-11 items-center rounded-lg border border-ink-600 bg-ink-950/70 pr-1 transition sm:pr-3 focus-within:border-accent-500 focus-within:ring-2 focus-within:ring-accent-500/30">
        <input
          id={id}
          data-testid={testId}
          inputMode="decimal"
          autoComplete="off"
          value={editing ?? display}
          onFocus={() => setEditing(display)}
          onBlur={() => setEditing(null)}
          onChange={(e) => {
            const text = e.target.value.replace(',', '.');
            if (!acceptsNumeric(text, decimals, 7)) return;
            setEditing(text);
            const value = textToNumber(text);
            if (value !== null) onValue(value);
          }}
          className="h-full min-w-0 flex-1 bg-transparent px-2 font-mono text-sm font-bold text-white tabular-nums focus:outline-none sm:px-3"
        />
        {adornment ? <span className="hidden shrink-0 text-ink-400 sm:inline">{adornment}</span> : null}
      </div>
    </div>
  );
}
