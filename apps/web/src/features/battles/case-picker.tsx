import { Info, Minus, Plus, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../ui/button.tsx';
import { inputClass } from '../../ui/input.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { CaseTile } from '../cases/case-tile.tsx';
import type { CaseView } from '../cases/cases-api.ts';
import { LootTableDialog } from '../cases/loot-table.tsx';

/** The create dialog's "Add Cases" view: search, High/Low price sort, add/count controls, info. */
export function CasePicker({
  cases,
  loading,
  counts,
  onChange,
}: {
  cases: CaseView[];
  loading: boolean;
  counts: Record<string, number>;
  onChange: (slug: string, count: number) => void;
}) {
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<'high' | 'low'>('high');
  const [info, setInfo] = useState<CaseView | null>(null);
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return cases
      .filter((c) => c.name.toLowerCase().includes(q))
      .sort((a, b) => (sort === 'high' ? b.price - a.price : a.price - b.price));
  }, [cases, query, sort]);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex gap-2">
        <label className="relative flex-1">
          <span className="sr-only">Search cases</span>
          <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-ink-400" />
          <input
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Search cases..."
            className={cn(inputClass, 'pl-9')}
          />
        </label>
        <div
          role="group"
          aria-label="Sort by price"
          className="flex gap-1 rounded-lg bg-ink-950/70 p-1 ring-1 ring-ink-700"
        >
          {(['high', 'low'] as const).map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={sort === s}
              onClick={() => setSort(s)}
              className={cn(
                'rounded-md px-3 text-sm font-bold',
                sort === s ? 'bg-ink-700 text-white' : 'text-ink-300 hover:text-white',
              )}
            >
              {s === 'high' ? 'High' : 'Low'}
            </button>
          ))}
        </div>
      </div>
      {loading ? (
        <div className="flex justify-center py-10 text-ink-300">
          <Spinner className="h-6 w-6" />
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4">
          {shown.map((c) => {
            const n = counts[c.slug] ?? 0;
            return (
              <li key={c.id}>
                <CaseTile c={c} className={cn('p-3', n > 0 && 'ring-2 ring-accent-500/70')}>
                  <button
                    type="button"
                    aria-label={`${c.name} contents`}
                    onClick={() => setInfo(c)}
                    className="absolute top-2 right-2 rounded-full p-1 text-ink-300 hover:bg-ink-700 hover:text-white"
                  >
                    <Info className="h-4 w-4" />
                  </button>
                  {n === 0 ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      className="w-full"
                      onClick={() => onChange(c.slug, 1)}
                    >
                      Add
                    </Button>
                  ) : (
                    <div className="flex w-full items-center justify-between rounded-lg bg-ink-950/70 p-1 ring-1 ring-ink-700">
                      <button
                        type="button"
                        aria-label={`Remove one ${c.name}`}
                        onClick={() => onChange(c.slug, n - 1)}
                        className="rounded-md p-1 text-ink-200 hover:bg-ink-700"
                      >
                        <Minus className="h-4 w-4" />
                      </button>
                      <span className="font-mono text-sm font-bold text-white" data-testid="pick-count">
                        {n}
                      </span>
                      <button
                        type="button"
                        aria-label={`Add one ${c.name}`}
                        onClick={() => onChange(c.slug, n + 1)}
                        className="rounded-md p-1 text-ink-200 hover:bg-ink-700"
                      >
                        <Plus className="h-4 w-4" />
                      </button>
                    </div>
                  )}
                </CaseTile>
              </li>
            );
          })}
        </ul>
      )}
      <LootTableDialog c={info} onClose={() => setInfo(null)} />
    </div>
  );
}
