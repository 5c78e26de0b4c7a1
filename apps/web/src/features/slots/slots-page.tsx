import { SLOT_LOADER_MS } from '@coinsite/shared/schemas/slots';
import { Search } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { cn } from '../../lib/cn.ts';
import { errorText } from '../../lib/errors.ts';
import { Button } from '../../ui/button.tsx';
import { inputClass } from '../../ui/input.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { LiveFeed } from '../live-feed/live-feed.tsx';
import { type SlotTab, useFavourite, useSlotList } from './slots-api.ts';
import { SlotTile } from './slot-tile.tsx';

const TABS: Array<{ value: SlotTab; label: string }> = [
  { value: 'all', label: 'All games' },
  { value: 'favourites', label: 'Favourites' },
  { value: 'recent', label: 'Recently played' },
];

/** /slots (spec-3 §2.13): a searchable grid, 30 at a time, 6 columns on desktop and 2 on phones. */
export function SlotsPage() {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<SlotTab>('all');
  const [loaderDone, setLoaderDone] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setLoaderDone(true), SLOT_LOADER_MS);
    return () => clearTimeout(t);
  }, []);
  useEffect(() => {
    const t = setTimeout(() => setSearch(query.trim()), 250);
    return () => clearTimeout(t);
  }, [query]);
  const activeTab = signedIn ? tab : 'all';
  const list = useSlotList(search, activeTab);
  const favourite = useFavourite();
  const games = useMemo(() => list.data?.pages.flatMap((p) => p.games) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;
  const loading = !loaderDone || list.isPending;

  return (
    <div className="mx-auto flex w-full max-w-7xl animate-fade-in flex-col gap-5 p-3 sm:p-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-black text-white">Slots</h1>
          <p className="text-sm text-ink-400">Pragmatic Play · {total > 0 ? `${total} games` : 'games'}</p>
        </div>
        <label className="relative sm:w-80">
          <span className="sr-only">Search slots</span>
          <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-ink-400" />
          <input
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Search games..."
            maxLength={64}
            className={cn(inputClass, 'pl-9')}
          />
        </label>
      </header>
      {signedIn ? (
        <div role="tablist" aria-label="Slot lists" className="flex gap-2 overflow-x-auto">
          {TABS.map((t) => (
            <button
              key={t.value}
              type="button"
              role="tab"
              aria-selected={activeTab === t.value}
              onClick={() => setTab(t.value)}
              className={cn(
                'h-9 shrink-0 rounded-full px-4 text-sm font-bold ring-1 transition',
                activeTab === t.value
                  ? 'bg-accent-500 text-ink-950 ring-accent-400'
                  : 'bg-ink-800 text-ink-300 ring-ink-700 hover:text-white',
              )}
            >
              {t.label}
            </button>
          ))}
        </div>
      ) : null}
      {loading ? (
        <div className="flex justify-center py-24 text-ink-300" role="status" aria-label="Loading games">
          <Spinner className="h-9 w-9" />
        </div>
      ) : list.isError ? (
        <p className="py-16 text-center text-red-300">{errorText(list.error, 'Could not load the games.')}</p>
      ) : games.length === 0 ? (
        <p className="py-16 text-center text-ink-300">
          {activeTab === 'favourites'
            ? 'No favourites yet: tap the heart on a game to keep it here.'
            : activeTab === 'recent'
              ? 'Games you open will show up here.'
              : 'No games match your search.'}
        </p>
      ) : (
        <>
          <ul
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6"
            aria-label="Slot games"
          >
            {games.map((g) => (
              <li key={g.game_code}>
                <SlotTile
                  game={g}
                  to={`/slots/${g.game_code}`}
                  onFavourite={
                    signedIn
                      ? (fav) =>
                          favourite.mutate(
                            { code: g.game_code, favourite: fav },
                            {
                              onError: (err) =>
                                toast.error(errorText(err, 'Could not update your favourites.')),
                            },
                          )
                      : undefined
                  }
                />
              </li>
            ))}
          </ul>
          {list.hasNextPage ? (
            <div className="flex justify-center">
              <Button
                variant="secondary"
                size="lg"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                Load More
              </Button>
            </div>
          ) : null}
        </>
      )}
      <LiveFeed game="slots" />
    </div>
  );
}
