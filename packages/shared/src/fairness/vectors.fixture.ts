/** Seeds of the test vectors in fairness.md §3, shared by the tests (not exported by the package). */
import type { BlockSeeds, Seeds } from './bytes.ts';

export const SS1 = '8f387bbeb37e9c65de31a34c4bef2ed95111dab4be3668872c669e85171230d7';
export const SS2 = 'ffc53128113ba1a15adcc475f488da63805c6f2ad4da8b5a74f4605fdd38ebec';
export const SS3 = '36a8b32b09e7b712b95dceb19aa885d6490cbfd89a8f9497be103621df5353cb';
export const CLIENT_SEED = 'my-client-seed';

/** (SSx, my-client-seed, nonce). */
export function seeds(serverSeed: string, nonce: number): Seeds {
  return { serverSeed, clientSeed: CLIENT_SEED, nonce };
}

/** Stake's published examples use these strings as seeds. */
export function stakeSeeds(nonce: number): Seeds {
  return { serverSeed: 'server seed', clientSeed: 'client seed', nonce };
}

export const BLOCK_ID = '157693bfa9ac7f396738ff4d19d7e200efc04cfa6183736f2d6f39657757895f';
export const BATTLE_SEEDS: BlockSeeds = { serverSeed: 'f3a1c9e07b5d42c8a6e19b0d7c3f5a82', blockId: BLOCK_ID };

/**
 * Standard error of a mean of `n` payouts (in units of the stake) that pay `multiple` with
 * probability p and 0 otherwise: the tolerance unit of the simulations.
 */
export function standardError(p: number, multiple: number, n: number): number {
  return multiple * Math.sqrt((p * (1 - p)) / n);
}

/** How many of the 2^32 values of a u32 give pick(u, n) < below: ceil(below · 2^32 / n). Exact odds. */
export function u32sPickingBelow(below: number, n: number): bigint {
  const scaled = BigInt(below) * 2n ** 32n;
  return (scaled + BigInt(n) - 1n) / BigInt(n);
}

/** count / 2^32 × multiple, as a float: the exact return of a bet that wins on `count` u32 values. */
export function returnOf(count: bigint, multiple: number): number {
  return (Number(count) / 2 ** 32) * multiple;
}
