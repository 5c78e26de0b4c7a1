import {
  ROULETTE_HISTORY_SIZE,
  ROULETTE_REENABLE_MS,
  type RouletteHistoryEntry,
  type RoulettePlayer,
  type RouletteState,
} from '@coinsite/shared/schemas/roulette';

export interface Roll {
  /** position of the winning slot in the wheel order */
  index: number;
  slot: number;
  /** local time the wheel started turning */
  startedAt: number;
  animMs: number;
  totalMs: number;
  /** true when the page opened after the spin had begun: show the result without spinning */
  late: boolean;
}

/** The result may be shown: the wheel has stopped on this screen (or never spun here). */
export const rollShown = (view: RouletteView): boolean =>
  view.roll !== null && (view.roll.late || view.landed);

/** What the roulette screen knows, from GET /api/roulette and the /roulette events. Local clock times. */
export interface RouletteView {
  roundId: string | null;
  /** roulette's own round count, the number shown (null until known) */
  roundNumber: number | null;
  privateHash: string;
  publicSeed: string;
  /** local time betting closes */
  bettingEndsAt: number | null;
  /** local time the bet buttons come back after a new round (spec-3 §4: 1 s) */
  bettingOpensAt: number;
  roll: Roll | null;
  /** the wheel has stopped on this screen (its animation ended): the result may show */
  landed: boolean;
  players: RoulettePlayer[];
  history: RouletteHistoryEntry[];
  animMs: number;
  animTotalMs: number;
  loaded: boolean;
}

export const initialRouletteView: RouletteView = {
  roundId: null,
  roundNumber: null,
  privateHash: '',
  publicSeed: '',
  bettingEndsAt: null,
  bettingOpensAt: 0,
  roll: null,
  landed: false,
  players: [],
  history: [],
  animMs: 5000,
  animTotalMs: 5500,
  loaded: false,
};

export type RouletteAction =
  | { type: 'snapshot'; state: RouletteState; now: number }
  | { type: 'newRound'; waitMs: number; id: string; number: number | null; privateHash: string; now: number }
  | { type: 'rolled'; index: number; slot: number; animMs: number; totalMs: number; now: number }
  | { type: 'landed' }
  | { type: 'history'; entry: RouletteHistoryEntry }
  | { type: 'player'; player: RoulettePlayer };

export function rouletteReducer(view: RouletteView, action: RouletteAction): RouletteView {
  switch (action.type) {
    case 'snapshot': {
      const c = action.state.current;
      const base = { ...initialRouletteView, history: action.state.history, loaded: true };
      if (!c) return base;
      const r = c.rollStatus;
      return {
        ...base,
        roundId: c._id,
        roundNumber: c.number ?? null,
        privateHash: c.privateHash,
        publicSeed: c.publicSeed,
        players: c.players,
        animMs: c.AnimationDuration,
        animTotalMs: c.AnimationDurationTotal,
        bettingEndsAt: c.joinable ? action.now + c.timeLeft : null,
        roll: r
          ? {
              index: r.winningIndex,
              slot: r.winningSlot,
              startedAt: action.now - c.AnimationDurationTotal,
              animMs: c.AnimationDuration,
              totalMs: c.AnimationDurationTotal,
              late: true,
            }
          : null,
      };
    }
    case 'newRound':
      return {
        ...view,
        roundId: action.id,
        roundNumber: action.number,
        privateHash: action.privateHash,
        bettingEndsAt: action.now + action.waitMs,
        bettingOpensAt: action.now + ROULETTE_REENABLE_MS,
        roll: null,
        landed: false,
        players: [],
      };
    case 'landed':
      return view.roll === null || view.landed ? view : { ...view, landed: true };
    case 'rolled':
      return {
        ...view,
        bettingEndsAt: null,
        landed: false,
        roll: {
          index: action.index,
          slot: action.slot,
          startedAt: action.now,
          animMs: action.animMs,
          totalMs: action.totalMs,
          late: false,
        },
      };
    case 'history':
      return {
        ...view,
        history: [action.entry, ...view.history.filter((h) => h._id !== action.entry._id)].slice(
          0,
          ROULETTE_HISTORY_SIZE,
        ),
      };
    case 'player':
      return view.players.some((p) => p.betId === action.player.betId)
        ? view
        : { ...view, players: [...view.players, action.player] };
  }
}

/** Bets are taken while the round's countdown runs, from 1 s after it opened. */
export function canBet(view: RouletteView, now: number): boolean {
  return view.bettingEndsAt !== null && now < view.bettingEndsAt && now >= view.bettingOpensAt;
}

export type RouletteWinnerLabel = 'red' | 'green' | 'black' | 'INVALID';

/** A round's winner as shown: red, green or black, and INVALID for anything else (spec-3 §3). */
export function rouletteWinnerLabel(winner: unknown): RouletteWinnerLabel {
  return winner === 'red' || winner === 'green' || winner === 'black' ? winner : 'INVALID';
}
