import { z } from 'zod';
import { coinAmount } from './common.ts';
import type { PlayerLevel } from './crash.ts';

/**
 * Coinflip (PvP, /coinflip namespace). The spec names the namespace and its site control only, so
 * these events are ours, in the style of the battles namespace (PROTOCOL.md §5).
 */
export const COINFLIP_EVENTS = {
  create: 'coinflip:create',
  join: 'coinflip:join',
  callBot: 'coinflip:callbot',
  cancel: 'coinflip:cancel',
  created: 'coinflip:created',
  new: 'coinflip:new',
  update: 'coinflip:update',
  error: 'coinflip:error',
  success: 'coinflip:success',
} as const;

/** The winner takes the pot less the house's 5 %. */
export const COINFLIP_HOUSE_CUT_PCT = 5;
/** The coin spins this long on screen before the result shows (the win's update-wallet waits for it). */
export const COINFLIP_ANIMATION_MS = 3000;
/** How many finished flips GET /api/coinflip lists. */
export const COINFLIP_RECENT_SIZE = 20;

export type CoinflipSide = 'heads' | 'tails';
export type CoinflipStatus = 'open' | 'waiting' | 'finished' | 'cancelled';

/** Gross payout in cents of a flip with `amount` cents per side: floor(pot × 95 / 100). */
export function coinflipPayout(amount: number): number {
  return Math.floor((2 * amount * (100 - COINFLIP_HOUSE_CUT_PCT)) / 100);
}

const side = z.enum(['heads', 'tails'], { error: 'Please choose heads or tails.' });
const flipId = z
  .union([z.string(), z.number()], { error: 'Invalid coinflip.' })
  .transform(String)
  .pipe(z.string().regex(/^[0-9]{1,18}$/, 'Invalid coinflip.'));

/** coinflip:create {amount, side} */
export const coinflipCreatePayload = z.tuple([z.object({ amount: coinAmount, side })]);
/** coinflip:join / coinflip:callbot / coinflip:cancel: flipId */
export const coinflipIdPayload = z.tuple([flipId]);

export interface CoinflipPlayer {
  /** a user id, or "bot" for the house */
  id: string;
  username: string;
  avatar: string;
  level: PlayerLevel | null;
}

/** One flip as lists and events show it; serverSeed, blockId and roll only once decided. */
export interface CoinflipView {
  id: string;
  /** per side, coins */
  amount: number;
  status: CoinflipStatus;
  creator: CoinflipPlayer;
  creatorSide: CoinflipSide;
  opponent: CoinflipPlayer | null;
  serverSeedHash: string;
  serverSeed: string | null;
  blockNumber: number | null;
  blockId: string | null;
  /** 0–59: 0–29 heads, 30–59 tails */
  roll: number | null;
  winnerSide: CoinflipSide | null;
  winnerId: string | null;
  /** what the winner received, coins */
  payout: number;
  created: string;
  finished: string | null;
}

export interface CoinflipState {
  open: CoinflipView[];
  recent: CoinflipView[];
  houseCutPct: number;
}
