import type { CrashHistoryEntry, HistoryView, RouletteHistoryEntry } from './profile-api.ts';

/** The Games tab's filters: the spec's five, then the single-player games (our addition). */
export const GAME_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'battles', label: 'Case Battles' },
  { value: 'cases', label: 'Cases' },
  { value: 'crash', label: 'Crash' },
  { value: 'roulette', label: 'Roulette' },
  { value: 'dice', label: 'Dice' },
  { value: 'limbo', label: 'Limbo' },
  { value: 'mines', label: 'Mines' },
  { value: 'blackjack', label: 'Blackjack' },
  { value: 'upgrader', label: 'Upgrader' },
  { value: 'slots', label: 'Slots' },
  { value: 'plinko', label: 'Plinko' },
  { value: 'wheel', label: 'Wheel' },
  { value: 'keno', label: 'Keno' },
  { value: 'hilo', label: 'Hilo' },
] as const;

export type GameFilter = (typeof GAME_FILTERS)[number]['value'];

const LABELS: Record<string, string> = {
  battles: 'Case Battles',
  cases: 'Cases',
  crash: 'Crash',
  roulette: 'Roulette',
  dice: 'Dice',
  limbo: 'Limbo',
  mines: 'Mines',
  blackjack: 'Blackjack',
  upgrader: 'Upgrader',
  coinflip: 'Coinflip',
  slots: 'Slots',
  plinko: 'Plinko',
  wheel: 'Wheel',
  keno: 'Keno',
  hilo: 'Hilo',
};

export function gameLabel(game: string): string {
  return LABELS[game] ?? game.charAt(0).toUpperCase() + game.slice(1);
}

/** Where a row's Details come from: a bets row by id, or the round entry itself. */
export type GameDetails =
  | { kind: 'bet'; betId: string }
  | { kind: 'crash'; entry: CrashHistoryEntry }
  | { kind: 'roulette'; entry: RouletteHistoryEntry };

export interface GameRow {
  key: string;
  game: string;
  label: string;
  bet: number;
  multiplier: number;
  payout: number;
  created: string;
  details: GameDetails;
}

/** Coins with cent precision (sums of 2-decimal numbers drift in floating point). */
const cents = (coins: number) => Math.round(coins * 100);

function crashRow(e: CrashHistoryEntry): GameRow {
  // a refunded round gave the stake back: 1x; a lost bet 0x
  const multiplier =
    e.status === 'cashed' && e.stoppedAt !== null ? e.stoppedAt / 100 : e.status === 'refunded' ? 1 : 0;
  return {
    key: `crash:${e._id}`,
    game: 'crash',
    label: gameLabel('crash'),
    bet: e.betAmount,
    multiplier,
    payout: e.winningAmount,
    created: e.created,
    details: { kind: 'crash', entry: e },
  };
}

function rouletteRow(e: RouletteHistoryEntry): GameRow {
  const betCents = e.players.reduce((sum, p) => sum + cents(p.betAmount), 0);
  const payoutCents = cents(e.payout);
  return {
    key: `roulette:${e._id}`,
    game: 'roulette',
    label: gameLabel('roulette'),
    bet: betCents / 100,
    multiplier: betCents > 0 ? Math.floor((payoutCents * 100) / betCents) / 100 : 0,
    payout: payoutCents / 100,
    created: e.created,
    details: { kind: 'roulette', entry: e },
  };
}

/** Every game of GET /user/history as one list, newest first. */
export function gameRows(history: HistoryView): GameRow[] {
  const rows: GameRow[] = [
    ...history.games.map(
      (b): GameRow => ({
        key: `bet:${b.id}`,
        game: b.game,
        label: gameLabel(b.game),
        bet: b.amount,
        multiplier: b.multiplier,
        payout: b.payout,
        created: b.created,
        details: { kind: 'bet', betId: b.id },
      }),
    ),
    ...history.crash.map(crashRow),
    ...history.roulette.map(rouletteRow),
  ];
  return rows.sort((a, b) => Date.parse(b.created) - Date.parse(a.created));
}

export function filterGames(rows: GameRow[], filter: GameFilter): GameRow[] {
  return filter === 'all' ? rows : rows.filter((r) => r.game === filter);
}

/** spec-2 §4: above 1 green, below 1 red, otherwise white. */
export function multiplierTone(multiplier: number): 'win' | 'loss' | 'even' {
  if (multiplier > 1) return 'win';
  if (multiplier < 1) return 'loss';
  return 'even';
}
