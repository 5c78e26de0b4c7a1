import { z } from 'zod';
import type { BlackjackAction, BlackjackPhase, HandResult } from '../games/blackjack.ts';
import { coinAmount } from './common.ts';

/**
 * The /blackjack namespace (issue 17). Client → server: blackjack:bet {amount}, blackjack:hit,
 * blackjack:stand, blackjack:double, blackjack:split (no payload), blackjack:insurance {accept}.
 * Server → client: blackjack:state (a BlackjackView after every change) and blackjack:error {error}.
 * GET /api/blackjack/me answers the open hand's view (404 when none).
 */
export const blackjackBetPayload = z.tuple([z.object({ amount: coinAmount })]);
export const blackjackInsurancePayload = z.tuple([
  z.object({ accept: z.boolean({ error: 'Say whether you take insurance (accept: true or false).' }) }),
]);

export const BLACKJACK_EVENTS = {
  bet: 'blackjack:bet',
  hit: 'blackjack:hit',
  stand: 'blackjack:stand',
  double: 'blackjack:double',
  split: 'blackjack:split',
  insurance: 'blackjack:insurance',
  state: 'blackjack:state',
  error: 'blackjack:error',
} as const;

/** A dealt card: its deck index (rank × 4 + suit), rank and suit. */
export interface BlackjackCardView {
  index: number;
  rank: string;
  suit: string;
}

export interface BlackjackHandView {
  cards: BlackjackCardView[];
  total: number;
  soft: boolean;
  /** coins, doubled included */
  stake: number;
  doubled: boolean;
  done: boolean;
  result?: HandResult;
  /** coins (gross) once settled */
  payout?: number;
}

/** A hand as the player may see it: the dealer's hole card only once it is turned over. */
export interface BlackjackView {
  id: string;
  status: 'playing' | 'finished';
  phase: BlackjackPhase;
  /** the stake of the deal, coins */
  amount: number;
  hands: BlackjackHandView[];
  active: number;
  dealer: { cards: BlackjackCardView[]; hidden: boolean; total: number; soft: boolean };
  actions: BlackjackAction[];
  /** coins staked on insurance */
  insurance: number;
  /** every action so far, for the verifier */
  history: BlackjackAction[];
  /** coins, once finished */
  staked?: number;
  payout?: number;
  multiplier?: number;
  nonce: number;
  serverSeedHash: string;
  clientSeed: string;
}
