import { coinsToCents, formatCents } from '@coinsite/shared/money';
import { ArrowDownWideNarrow, ArrowUpNarrowWide, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../ui/button.tsx';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { ItemArt, rarityColor } from './item-art.tsx';
import { type UpgraderItem, useUpgraderItems } from './upgrader-api.ts';

interface ItemGridProps {
  selectedId: string | null;
  disabled: boolean;
  onToggle: (item: UpgraderItem) => void;
}

function ItemTile({
  item,
  selected,
  disabled,
  onToggle,
}: {
  item: UpgraderItem;
  selected: boolean;
  disabled: boolean;
  onToggle: (item: UpgraderItem) => void;
}) {
  const color = rarityColor(item.color);
  return (
    <button
      type="button"
      aria-pressed={selected}
      aria-label={`${item.name}, ${formatCents(coinsToCents(item.price))}`}
      disabled={disabled}
      onClick={() => onToggle(item)}
      className={cn(
        'group relative flex flex-col items-center gap-1 overflow-hidden rounded-xl bg-ink-850 p-3 text-center ring-1 transition hover:-translate-y-0.5 disabled:pointer-events-none disabled:opacity-60',
        selected ? 'ring-2 ring-teal-300' : 'ring-ink-700 hover:ring-ink-500',
      )}
      style={{ backgroundImage: `radial-gradient(ellipse at 50% 110%, ${color}40, transparent 65%)` }}
    >
      <span className="absolute inset-x-0 bottom-0 h-0.5" style={{ background: color }} aria-hidden="true" />
      <ItemArt
        name={item.name}
        color={item.color}
        image={item.image}
        className="h-16 w-16 transition duration-200 group-hover:scale-105 sm:h-20 sm:w-20"
      />
      <span className="w-full truncate text-xs font-semibold text-ink-200">{item.name}</span>{' '}
      <span className="inline-flex items-center gap-1 font-mono text-sm font-bold text-white tabular-nums">
        <CoinIcon className="h-3.5 w-3.5" />
        {formatCents(coinsToCents(item.price))}
      </span>
    </button>
  );
}

/** spec-3 §2.4 "Choose an Item": a click selects, a click on the selected item deselects. */
export function ItemGrid({ selectedId, disabled, onToggle }: ItemGridProps) {
  const items = useUpgraderItems();
  const [query, setQuery] = useState('');
  const [highFirst, setHighFirst] = useState(true);
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    const list = (items.data ?? []).filter((i) => i.name.toLowerCase().includes(q));
    return list.sort((a, b) => (highFirst ? b.price - a.price : a.price - b.price));
  }, [items.data, query, highFirst]);

  return (
    <section aria-labelledby="upgrader-items" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="upgrader-items" className="mr-auto text-lg font-extrabold text-white">
          Choose an Item
        </h2>
        <label className="flex h-9 items-center gap-2 rounded-lg bg-ink-850 px-2.5 ring-1 ring-ink-700 focus-within:ring-teal-400/60">
          <Search className="h-4 w-4 text-ink-400" aria-hidden="true" />
          <input
            aria-label="Search items"
            placeholder="Search items..."
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className="w-32 bg-transparent text-sm text-white placeholder:text-ink-400 focus:outline-none sm:w-44"
          />
        </label>
        <Button variant="secondary" size="sm" onClick={() => setHighFirst((v) => !v)}>
          {highFirst ? (
            <ArrowDownWideNarrow className="h-4 w-4" aria-hidden="true" />
          ) : (
            <ArrowUpNarrowWide className="h-4 w-4" aria-hidden="true" />
          )}
          {highFirst ? 'High' : 'Low'}
        </Button>
      </div>
      {items.isPending ? (
        <div className="flex justify-center py-10 text-ink-300">
          <Spinner className="h-8 w-8" />
        </div>
      ) : items.isError ? (
        <div className="flex flex-col items-center gap-3 py-10 text-ink-300">
          <p>The items could not be loaded.</p>
          <Button variant="secondary" size="sm" onClick={() => void items.refetch()}>
            Try again
          </Button>
        </div>
      ) : shown.length === 0 ? (
        <p className="py-10 text-center text-ink-400">No items match your search.</p>
      ) : (
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 md:grid-cols-4 xl:grid-cols-5 2xl:grid-cols-6">
          {shown.map((item) => (
            <ItemTile
              key={item.id}
              item={item}
              selected={item.id === selectedId}
              disabled={disabled}
              onToggle={onToggle}
            />
          ))}
        </div>
      )}
    </section>
  );
}
