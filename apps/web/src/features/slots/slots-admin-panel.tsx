import type { SlotListView } from '@coinsite/shared/schemas/slots';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { cn } from '../../lib/cn.ts';
import { errorText } from '../../lib/errors.ts';
import { http } from '../../lib/http.ts';
import { inputClass } from '../../ui/input.tsx';
import { PanelMessage } from '../admin/panel-parts.tsx';
import { SlotArt } from './slot-tile.tsx';

/** Admin: every game of the catalogue (disabled ones too): enable or disable it, and set its order. */
export function SlotsAdminPanel() {
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setSearch(query.trim()), 250);
    return () => clearTimeout(t);
  }, [query]);
  const client = useQueryClient();
  const list = useQuery({
    queryKey: ['admin', 'slots', search],
    queryFn: () =>
      http.get<SlotListView>(
        `/external/v1/slots?limit=100${search ? `&search=${encodeURIComponent(search)}` : ''}`,
      ),
  });

  async function change(code: string, body: { status?: 0 | 1; sort?: number }) {
    try {
      await http.post(`/external/v1/slots/${encodeURIComponent(code)}`, body);
      await client.invalidateQueries({ queryKey: ['admin', 'slots'] });
      void client.invalidateQueries({ queryKey: ['slots'] });
    } catch (err) {
      toast.error(errorText(err, 'Could not change the game.'));
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <label className="relative">
        <span className="sr-only">Search games</span>
        <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-ink-400" />
        <input
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search games..."
          className={cn(inputClass, 'pl-9')}
        />
      </label>
      <p className="text-xs text-ink-400">
        Lower order numbers come first (ties by catalogue id). Disabled games are hidden and cannot be
        launched.
        {list.data
          ? ` ${list.data.total} games in the catalogue, disabled ones included (players see the enabled ones only, the count on /slots and in the menus)${list.data.total > 100 ? '; first 100 shown: search to narrow' : ''}.`
          : ''}
      </p>
      {list.isPending ? (
        <PanelMessage loading />
      ) : list.isError ? (
        <PanelMessage>{errorText(list.error, 'Could not load the games.')}</PanelMessage>
      ) : (
        <ul className="flex max-h-[26rem] flex-col gap-1.5 overflow-y-auto pr-1">
          {list.data.games.map((g) => (
            <li
              key={g.game_code}
              className="flex items-center gap-3 rounded-xl bg-ink-950/50 p-2 ring-1 ring-ink-700"
            >
              <SlotArt game={g} className="h-9 w-12 shrink-0 rounded-md" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold text-white">{g.game_name}</p>
                <p className="truncate text-xs text-ink-400">{g.game_code}</p>
              </div>
              <label className="flex items-center gap-1 text-xs text-ink-400">
                Order
                <input
                  type="number"
                  defaultValue={g.sort}
                  aria-label={`Order of ${g.game_name}`}
                  onBlur={(e) => {
                    const v = Number(e.target.value);
                    if (Number.isInteger(v) && v !== g.sort) void change(g.game_code, { sort: v });
                  }}
                  className="h-8 w-20 rounded-lg border border-ink-600 bg-ink-900/80 px-2 text-sm text-white focus:border-accent-500 focus:outline-none"
                />
              </label>
              <button
                type="button"
                role="switch"
                aria-checked={g.status === 1}
                aria-label={`${g.game_name} enabled`}
                onClick={() => void change(g.game_code, { status: g.status === 1 ? 0 : 1 })}
                className={cn(
                  'h-8 w-20 shrink-0 rounded-lg text-xs font-bold ring-1',
                  g.status === 1
                    ? 'bg-accent-500/15 text-accent-300 ring-accent-500/40'
                    : 'bg-red-500/10 text-red-300 ring-red-500/30',
                )}
              >
                {g.status === 1 ? 'Enabled' : 'Disabled'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
