import { z } from 'zod';
import { coinAmount } from './common.ts';
import type { PlayerLevel } from './crash.ts';

export type RouletteBetColor = 'red' | 'green' | 'black';

/** Event names of the /roulette namespace (PROTOCOL.md §5). */
export const ROULETTE_EVENTS = {
  join: 'join-game',
  newRound: 'new-round',
  newPlayer: 'new-player',
  joinSuccess: 'game-join-success',
  joinError: 'game-join-error',
  rolled: 'game-rolled',
  history: 'add-game-to-history',
} as const;

/** Spec-3 §9: history of 100 rounds for the colour counts, betting re-enabled 1 s after a new round. */
export const ROULETTE_HISTORY_SIZE = 100;
export const ROULETTE_REENABLE_MS = 1000;
/** Spec-3 §9: a round takes bets for 15 s (the server's loop and the page's countdown bar). */
export const ROULETTE_BETTING_MS = 15_000;
/** Slot width of the wheel strip, in px. */
export const ROULETTE_SLOT_PX = 73;

/** join-game: color, betAmount (coins). */
export const rouletteJoinPayload = z.tuple([
  z.enum(['red', 'green', 'black'], { error: 'Please choose red, green or black.' }),
  coinAmount,
]);

/** PROTOCOL.md §6 RoulettePlayer: one bet (a player may bet several times and on several colours). */
export interface RoulettePlayer {
  _id: string;
  username: string;
  avatar: string;
  color: RouletteBetColor;
  betAmount: number;
  level: PlayerLevel;
  betId: string;
}

export interface RouletteRollStatus {
  /** epoch ms when the wheel started turning */
  rollStart: number;
  /** the winning slot's position in the wheel order */
  winningIndex: number;
  winningSlot: number;
  winningMultiplier: number;
}

/** GET /api/roulette `current`. */
export interface RouletteCurrent {
  _id: string;
  /** roulette's own round count from 1 */
  number: number;
  joinable: boolean;
  /** ms until betting closes */
  timeLeft: number;
  players: RoulettePlayer[];
  privateHash: string;
  /** the chain's salt (not in the original protocol; the fairness dialog shows it) */
  publicSeed: string;
  rollStatus: RouletteRollStatus | null;
  AnimationDuration: number;
  AnimationDurationTotal: number;
}

/** One rolled round (newest first in GET /api/roulette). winner is the slot's colour. */
export interface RouletteHistoryEntry {
  _id: string;
  /** roulette's own round count from 1 (the number players see; `_id` is the row id) */
  number: number;
  privateHash: string;
  privateSeed: string;
  publicSeed: string;
  randomModule: number;
  winner: RouletteBetColor;
}

export interface RouletteState {
  current: RouletteCurrent | null;
  history: RouletteHistoryEntry[];
}
