import { create } from 'zustand';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage.ts';

/**
 * Live stats (issue 33, as Stake's): the player's bets since the last reset, per game, kept in this
 * browser (localStorage) so they follow the player across pages, and across tabs through the
 * `storage` event. Amounts are integer cents. Pure helpers first, then the store.
 */

export interface GameTotals {
  bets: number;
  wins: number;
  losses: number;
  wagered: number;
  profit: number;
  /** the best single net win */
  best: number;
}

export interface LiveStatsData {
  /** when the figures started (ms) */
  since: number;
  totals: Record<string, GameTotals>;
  /** the latest bets, oldest first, for the chart: [game, net cents] */
  series: Array<[string, number]>;
  /** ids of the latest bets counted (a bet heard by two tabs counts once) */
  ids: string[];
  open: boolean;
  /** the panel's place (px from the top left), null: the default corner */
  pos: { x: number; y: number } | null;
  /** the game shown, '' for all */
  game: string;
}

export const SERIES_CAP = 1000;
const IDS_CAP = 400;

export const emptyStats = (now: number): LiveStatsData => ({
  since: now,
  totals: {},
  series: [],
  ids: [],
  open: false,
  pos: null,
  game: '',
});

const ZERO: GameTotals = { bets: 0, wins: 0, losses: 0, wagered: 0, profit: 0, best: 0 };

/** Adds settled bets (stake and payout in cents) not counted yet. */
export function addBets(
  data: LiveStatsData,
  bets: ReadonlyArray<{ id: string; game: string; stake: number; payout: number }>,
): LiveStatsData {
  const seen = new Set(data.ids);
  const fresh = bets.filter((b) => !seen.has(b.id));
  if (fresh.length === 0) return data;
  const totals = { ...data.totals };
  for (const b of fresh) {
    const net = b.payout - b.stake;
    const t = totals[b.game] ?? ZERO;
    totals[b.game] = {
      bets: t.bets + 1,
      wins: t.wins + (net > 0 ? 1 : 0),
      losses: t.losses + (net > 0 ? 0 : 1),
      wagered: t.wagered + b.stake,
      profit: t.profit + net,
      best: Math.max(t.best, net),
    };
  }
  return {
    ...data,
    totals,
    series: [...data.series, ...fresh.map((b): [string, number] => [b.game, b.payout - b.stake])].slice(
      -SERIES_CAP,
    ),
    ids: [...data.ids, ...fresh.map((b) => b.id)].slice(-IDS_CAP),
  };
}

/** The figures of one game, or of all ('') summed. */
export function totalsOf(data: LiveStatsData, game: string): GameTotals {
  if (game) return data.totals[game] ?? ZERO;
  return Object.values(data.totals).reduce(
    (a, t) => ({
      bets: a.bets + t.bets,
      wins: a.wins + t.wins,
      losses: a.losses + t.losses,
      wagered: a.wagered + t.wagered,
      profit: a.profit + t.profit,
      best: Math.max(a.best, t.best),
    }),
    ZERO,
  );
}

/** The running profit after each bet of the chart's window (0 first). */
export function profitLine(data: LiveStatsData, game: string): number[] {
  const line = [0];
  let p = 0;
  for (const [g, net] of data.series) {
    if (game && g !== game) continue;
    p += net;
    line.push(p);
  }
  return line;
}

export function readStats(raw: string | null, now: number): LiveStatsData {
  try {
    const v = raw ? (JSON.parse(raw) as Partial<LiveStatsData>) : null;
    if (!v || typeof v !== 'object' || typeof v.totals !== 'object' || !Array.isArray(v.series))
      return emptyStats(now);
    return { ...emptyStats(now), ...v, ids: Array.isArray(v.ids) ? v.ids : [] };
  } catch {
    return emptyStats(now);
  }
}

interface LiveStatsStore extends LiveStatsData {
  record: (bets: ReadonlyArray<{ id: string; game: string; stake: number; payout: number }>) => void;
  reset: () => void;
  setOpen: (open: boolean) => void;
  setPos: (pos: { x: number; y: number }) => void;
  setGame: (game: string) => void;
}

const load = () =>
  readStats(typeof window === 'undefined' ? null : readStorage(STORAGE_KEYS.liveStats), Date.now());

export const useLiveStats = create<LiveStatsStore>()((set) => {
  /** Read the newest stored copy, change it, store it: another tab's bets are never overwritten. */
  const change = (fn: (d: LiveStatsData) => LiveStatsData) => {
    const next = fn(load());
    writeStorage(STORAGE_KEYS.liveStats, JSON.stringify(next));
    set(next);
  };
  return {
    ...load(),
    record: (bets) => change((d) => addBets(d, bets)),
    reset: () => change((d) => ({ ...emptyStats(Date.now()), open: d.open, pos: d.pos, game: d.game })),
    setOpen: (open) => change((d) => ({ ...d, open })),
    setPos: (pos) => change((d) => ({ ...d, pos })),
    setGame: (game) => change((d) => ({ ...d, game })),
  };
});

if (typeof window !== 'undefined')
  window.addEventListener('storage', (e) => {
    if (e.key === STORAGE_KEYS.liveStats) useLiveStats.setState(readStats(e.newValue, Date.now()));
  });
