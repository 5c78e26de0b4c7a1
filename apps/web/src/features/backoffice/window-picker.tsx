import { useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { inputClass } from '../../ui/input.tsx';
import type { StatsWindow } from './backoffice-api.ts';

const PRESETS: Array<{ label: string; window: StatsWindow }> = [
  { label: 'Today', window: { days: 1 } },
  { label: '24 h', window: { hours: 24 } },
  { label: '7 d', window: { days: 7 } },
  { label: '30 d', window: { days: 30 } },
];

const today = () => new Date().toISOString().slice(0, 10);

/** Today, 24 h, 7 d, 30 d or a custom range of UTC dates. */
export function WindowPicker({
  value,
  onChange,
}: {
  value: StatsWindow;
  onChange: (w: StatsWindow) => void;
}) {
  const [custom, setCustom] = useState(false);
  const [from, setFrom] = useState(() => new Date(Date.now() - 13 * 86_400_000).toISOString().slice(0, 10));
  const [to, setTo] = useState(today);
  const same = (w: StatsWindow) => JSON.stringify(w) === JSON.stringify(value);
  const chip = (active: boolean) =>
    cn(
      'rounded-lg px-3 py-1.5 text-sm font-semibold transition',
      active ? 'bg-ink-600 text-white' : 'text-ink-300 hover:text-white',
    );
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div
        className="flex gap-1 rounded-xl bg-ink-950/70 p-1 ring-1 ring-ink-700"
        role="group"
        aria-label="Window"
      >
        {PRESETS.map((p) => (
          <button
            key={p.label}
            type="button"
            aria-pressed={!custom && same(p.window)}
            className={chip(!custom && same(p.window))}
            onClick={() => {
              setCustom(false);
              onChange(p.window);
            }}
          >
            {p.label}
          </button>
        ))}
        <button type="button" aria-pressed={custom} className={chip(custom)} onClick={() => setCustom(true)}>
          Custom
        </button>
      </div>
      {custom ? (
        <form
          className="flex flex-wrap items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (from && to && from <= to) onChange({ from, to });
          }}
        >
          <label className="flex items-center gap-1 text-xs text-ink-300">
            From
            <input
              type="date"
              className={cn(inputClass, 'h-9 w-40')}
              value={from}
              max={to}
              onChange={(e) => setFrom(e.target.value)}
            />
          </label>
          <label className="flex items-center gap-1 text-xs text-ink-300">
            To
            <input
              type="date"
              className={cn(inputClass, 'h-9 w-40')}
              value={to}
              min={from}
              onChange={(e) => setTo(e.target.value)}
            />
          </label>
          <button
            type="submit"
            className="rounded-lg bg-ink-600 px-3 py-1.5 text-sm font-semibold text-white"
          >
            Show
          </button>
        </form>
      ) : null}
    </div>
  );
}
