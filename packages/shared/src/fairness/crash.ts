/** Crash points (fairness.md §2), in hundredths of a multiplier (291 = 2.91x). 7% edge. */
import { gameU32 } from './chain.ts';
import { assertIntegerIn } from './integer.ts';

const CRASH_NUMERATOR = 93n * 2n ** 32n;

/** max(100, floor(93 · 2^32 / (u + 1))); about 7.9% of rounds bust at 1.00x. */
export function crashPointFromU32(u32: number): number {
  assertIntegerIn(u32, 0, 2 ** 32 - 1, 'u32');
  return Math.max(100, Number(CRASH_NUMERATOR / BigInt(u32 + 1)));
}

export function crashPoint(privateSeed: string, salt: string): number {
  return crashPointFromU32(gameU32(privateSeed, salt));
}
