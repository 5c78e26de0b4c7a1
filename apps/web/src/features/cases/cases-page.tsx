import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { inputClass } from '../../ui/input.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { LiveFeed } from '../live-feed/live-feed.tsx';
import { useCaseList } from './cases-api.ts';
import { CaseTile } from './case-tile.tsx';

type Sort = 'high' | 'low' | 'name';
const SORTS: Array<{ value: Sort; label: string }> = [
  { value: 'high', label: 'Price: High to Low' },
  { value: 'low', label: 'Price: Low to High' },
  { value: 'name', label: 'Name' },
];

/** /cases, "Case Opening" (spec-3 §2.6): a searchable grid, dearest first unless told otherwise. */
export function CasesPage() {
  const cases = useCaseList();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<Sort>('high');
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    const list = (cases.data ?? []).filter((c) => c.name.toLowerCase().includes(q));
    if (sort === 'name') return list.sort((a, b) => a.name.localeCompare(b.name));
    return list.sort((a, b) => (sort === 'high' ? b.price - a.price : a.price - b.price));
  }, [cases.data, query, sort]);

  return (
    <div className="mx-auto flex w-full max-w-7xl animate-fade-in flex-col gap-5 p-3 sm:p-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-black text-white">Case Opening</h1>
        <div className="flex flex-col gap-2 sm:flex-row">
          <label className="relative sm:w-72">
            <span className="sr-only">Search cases</span>
            <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-ink-400" />
            <input
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Search cases..."
              className={cn(inputClass, 'pl-9')}
            />
          </label>
          <label className="sm:w-56">
            <span className="sr-only">Sort cases</span>
            <select value={sort} onChange={(e) => setSort(e.target.value as Sort)} className={inputClass}>
              {SORTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
        </div>
      </header>
      {cases.isPending ? (
        <div className="flex justify-center py-20 text-ink-300">
          <Spinner className="h-8 w-8" />
        </div>
      ) : shown.length === 0 ? (
        <p className="py-16 text-center text-ink-300">No cases match your search.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
          {shown.map((c) => (
            <li key={c.id}>
              <Link to={`/cases/${c.slug}`} className="block rounded-2xl">
                <CaseTile c={c} />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <LiveFeed game="cases" />
    </div>
  );
}
