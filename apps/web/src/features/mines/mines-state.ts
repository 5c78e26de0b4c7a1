import { MINES_TILES } from '@coinsite/shared/fairness';

/** What the screen knows about a tile. `picked`: the player revealed it (not just shown at the end). */
export interface Tile {
  state: 'hidden' | 'gem' | 'mine';
  picked: boolean;
}

/** spec-3 §4: idle, then in progress after a bet (`starting` waits for "Game Has Been Started"). */
export type MinesStatus = 'idle' | 'starting' | 'inprogress';

export interface MinesState {
  status: MinesStatus;
  tiles: Tile[];
  minesCount: number;
  /** Coins staked on the game in progress (or the last one). */
  amount: number;
  /** Safe tiles revealed so far. */
  revealed: number;
  /** The current multiplier as the server sent it (e.g. 1.2857). */
  multiplier: number;
  /** Net profit in coins if cashed out now, as the server sent it. */
  profit: number;
  /** The tile whose reveal was sent and not answered yet. */
  pendingTile: number | null;
  cashingOut: boolean;
  /** How the last game ended, for the overlay. */
  finished: { kind: 'cashout'; payout: number; multiplier: number } | { kind: 'bust' } | null;
}

export type MinesAction =
  | {
      type: 'resume';
      amount: number;
      minesCount: number;
      multiplier: number;
      profit: number;
      revealed: boolean[];
    }
  | { type: 'starting'; amount: number; minesCount: number }
  | { type: 'started' }
  | { type: 'reveal'; tileIndex: number }
  | { type: 'revealed'; tileIndex: number; profit: number; multiplier: number }
  | { type: 'bust' }
  | { type: 'grid'; mines: boolean[] }
  | { type: 'cashing' }
  | { type: 'cashedOut'; payout: number }
  | { type: 'reset' }
  | { type: 'failed' };

const freshTiles = (): Tile[] =>
  Array.from({ length: MINES_TILES }, () => ({ state: 'hidden', picked: false }));

export const initialMines = (minesCount = 3): MinesState => ({
  status: 'idle',
  tiles: freshTiles(),
  minesCount,
  amount: 0,
  revealed: 0,
  multiplier: 1,
  profit: 0,
  pendingTile: null,
  cashingOut: false,
  finished: null,
});

export function minesReducer(s: MinesState, a: MinesAction): MinesState {
  switch (a.type) {
    case 'resume':
      return {
        ...initialMines(a.minesCount),
        status: 'inprogress',
        amount: a.amount,
        multiplier: a.multiplier,
        profit: a.profit,
        revealed: a.revealed.filter(Boolean).length,
        tiles: a.revealed.map((r) =>
          r ? { state: 'gem', picked: true } : { state: 'hidden', picked: false },
        ),
      };
    case 'starting':
      return { ...initialMines(a.minesCount), status: 'starting', amount: a.amount };
    case 'started':
      return s.status === 'inprogress'
        ? s
        : { ...s, status: 'inprogress', tiles: freshTiles(), finished: null };
    case 'reveal':
      return { ...s, pendingTile: a.tileIndex };
    case 'revealed': {
      const tiles = s.tiles.map((t, i): Tile => (i === a.tileIndex ? { state: 'gem', picked: true } : t));
      return {
        ...s,
        tiles,
        revealed: tiles.filter((t) => t.picked && t.state === 'gem').length,
        profit: a.profit,
        multiplier: a.multiplier,
        pendingTile: null,
      };
    }
    case 'bust': {
      // spec-3 §8: a mine ends the game and resets the state; the grid is shown once fetched
      const hit = s.pendingTile;
      const tiles = s.tiles.map((t, i): Tile => (i === hit ? { state: 'mine', picked: true } : t));
      return {
        ...s,
        status: 'idle',
        tiles,
        pendingTile: null,
        cashingOut: false,
        finished: { kind: 'bust' },
      };
    }
    case 'grid':
      return {
        ...s,
        tiles: s.tiles.map((t, i): Tile => ({ state: a.mines[i] ? 'mine' : 'gem', picked: t.picked })),
      };
    case 'cashing':
      return { ...s, cashingOut: true };
    case 'cashedOut':
      return {
        ...s,
        status: 'idle',
        pendingTile: null,
        cashingOut: false,
        finished: { kind: 'cashout', payout: a.payout, multiplier: s.multiplier },
      };
    case 'reset':
      return initialMines(s.minesCount);
    case 'failed':
      return {
        ...s,
        status: s.status === 'starting' ? 'idle' : s.status,
        pendingTile: null,
        cashingOut: false,
      };
  }
}
