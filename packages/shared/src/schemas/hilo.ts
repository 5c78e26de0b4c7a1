import { z } from 'zod';
import { HILO_CHOICES, type HiloChoice } from '../fairness/hilo.ts';
import { coinAmount } from './common.ts';

/**
 * The /hilo namespace (issue 32). Client → server: hilo:start {amount}, hilo:guess {choice},
 * hilo:cashout (no payload). Server → client: hilo:state (a HiloView after every change) or
 * game-creation-error (a sentence). GET /api/hilo/me answers the open game's view (404 when none).
 */
export const HILO_EVENTS = {
  start: 'hilo:start',
  guess: 'hilo:guess',
  cashout: 'hilo:cashout',
  state: 'hilo:state',
  error: 'game-creation-error',
} as const;

export const hiloStartPayload = z.tuple([z.object({ amount: coinAmount })]);
export const hiloGuessPayload = z.tuple([
  z.object({ choice: z.enum(HILO_CHOICES, { error: 'Guess higher, lower, same or skip.' }) }),
]);

export interface HiloCardView {
  /** deck index 0..51 (rank × 4 + suit, ace last) */
  index: number;
  rank: string;
  suit: string;
}

/** One offered guess on the current card: what it pays (e.g. 1.8385) and its chance in percent. */
export interface HiloOption {
  multiplier: number;
  chance: number;
}

/** A game as the player may see it: only dealt cards, never the next one. */
export interface HiloView {
  id: string;
  status: 'active' | 'cashed' | 'lost';
  /** stake, coins */
  amount: number;
  cards: HiloCardView[];
  /** the choice that dealt each card after the first, and whether it won (skips have no win) */
  steps: Array<{ choice: HiloChoice; win?: boolean }>;
  /** the game's multiplier so far (1 before a won guess) */
  multiplier: number;
  /** coins a cash-out would pay now (0 before a won guess) */
  cashout: number;
  /** coins paid, once cashed */
  payout?: number;
  /** the guesses offered on the current card (null when not offered); empty once over */
  options: { higher: HiloOption | null; lower: HiloOption | null; same: HiloOption | null };
  skips: number;
  canSkip: boolean;
  canCashout: boolean;
  nonce: number;
  serverSeedHash: string;
  clientSeed: string;
}
