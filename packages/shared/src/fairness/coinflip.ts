/** Coinflip (fairness.md §2): roll = pick(0, 60) of (serverSeed, blockId, nonce 0). */
import { type BlockSeeds, blockStream, pickAt } from './bytes.ts';

export const COINFLIP_SLOTS = 60;

export type CoinSide = 'heads' | 'tails';

export function coinflipRoll(seeds: BlockSeeds): number {
  return pickAt(blockStream(seeds, 0), 0, COINFLIP_SLOTS);
}

/** 0–29 heads, 30–59 tails. */
export function coinflipSide(roll: number): CoinSide {
  return roll < COINFLIP_SLOTS / 2 ? 'heads' : 'tails';
}
