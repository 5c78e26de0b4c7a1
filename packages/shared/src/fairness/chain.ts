/**
 * The bustabit-style hash chain behind roulette and crash (fairness.md §2).
 * h_0 = sha256_hex(secret), h_{i+1} = sha256_hex(h_i); game n (1..L) uses h_{L−n} as its
 * privateSeed, shows h_{L−n+1} (= sha256 of that seed) as its privateHash before bets open, and
 * h_L is published before game 1. A chain is walked, never stored whole.
 */
import { hmacSha256, readU32, sha256Hex } from './bytes.ts';
import { assertIntegerIn } from './integer.ts';

/** One link: sha256 of the lowercase hex string. */
export function chainHash(hash: string): string {
  return sha256Hex(hash);
}

/** Yields h_0, h_1, …, h_L (L + 1 hashes) one at a time. */
export function* chainHashes(secret: string, length: number): Generator<string, void, undefined> {
  assertIntegerIn(length, 1, Number.MAX_SAFE_INTEGER, 'chain length');
  let hash = sha256Hex(secret);
  yield hash;
  for (let i = 1; i <= length; i++) {
    hash = chainHash(hash);
    yield hash;
  }
}

/** h_L, the terminating hash published on the fairness page. */
export function chainTerminalHash(secret: string, length: number): string {
  return hashTimes(sha256Hex(secret), length);
}

/** privateSeed of game n: h_{L−n}. Costs L − n hashes; a server may cache checkpoints. */
export function chainSeedForGame(secret: string, length: number, game: number): string {
  assertIntegerIn(game, 1, length, 'game number');
  return hashTimes(sha256Hex(secret), length - game);
}

/** A revealed seed matches the hash shown before its round when sha256(seed) equals it. */
export function verifyChainLink(seed: string, privateHash: string): boolean {
  return chainHash(seed) === privateHash;
}

/** Game n's seed belongs to the published chain when hashing it n times gives h_L. */
export function chainReachesTerminal(seed: string, game: number, terminalHash: string): boolean {
  assertIntegerIn(game, 1, Number.MAX_SAFE_INTEGER, 'game number');
  return hashTimes(seed, game) === terminalHash;
}

/** u = first 4 bytes, big-endian, of HMAC_SHA256(key = privateSeed, msg = salt). */
export function gameU32(privateSeed: string, salt: string): number {
  return readU32(hmacSha256(privateSeed, salt), 0);
}

function hashTimes(hash: string, times: number): string {
  let current = hash;
  for (let i = 0; i < times; i++) current = chainHash(current);
  return current;
}
