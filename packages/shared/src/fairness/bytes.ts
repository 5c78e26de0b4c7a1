/**
 * The byte generator every single-player game draws from (fairness.md §0, Stake's scheme).
 * Keys and messages are UTF-8 strings: hex seeds are never decoded to bytes.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** The inputs of one outcome: a server seed, a client seed (or an EOS block id) and a nonce. */
export interface Seeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

const U32_PER_ROUND = 8;
const TWO_POW_32 = 2n ** 32n;

/** The two primitives, portable by default (the browser's verifier runs the same code). */
export interface HashPrimitives {
  sha256Hex(text: string): string;
  hmacSha256(key: string, message: string): Uint8Array;
}

const portable: HashPrimitives = {
  sha256Hex: (text) => bytesToHex(sha256(utf8ToBytes(text))),
  hmacSha256: (key, message) => hmac(sha256, utf8ToBytes(key), utf8ToBytes(message)),
};
let primitives = portable;

/**
 * Puts a faster implementation of the same functions in place: the server installs Node's native
 * crypto at boot (the portable HMAC cost 18 µs of every bet's ~210 µs of CPU). Same bytes: the
 * fairness vectors run against both (bytes.test.ts).
 */
export function useHashPrimitives(next: HashPrimitives | null): void {
  primitives = next ?? portable;
}

/** sha256 of the UTF-8 string, as 64 lowercase hex characters (seed commitments, hash chains). */
export function sha256Hex(text: string): string {
  return primitives.sha256Hex(text);
}

/** HMAC-SHA256 with a UTF-8 string key and message. */
export function hmacSha256(key: string, message: string): Uint8Array {
  return primitives.hmacSha256(key, message);
}

/** Reads the big-endian u32 at byte offset `at` (0 ≤ result < 2^32). */
export function readU32(bytes: Uint8Array, at: number): number {
  if (at < 0 || at + 4 > bytes.length) throw new RangeError(`no 4 bytes at offset ${at}`);
  return new DataView(bytes.buffer, bytes.byteOffset + at, 4).getUint32(0, false);
}

/** 32 bytes of the stream: HMAC(serverSeed, "clientSeed:nonce:round"). */
export function streamRound(seeds: Seeds, round: number): Uint8Array {
  assertIndex(seeds.nonce, 'nonce');
  assertIndex(round, 'round');
  return hmacSha256(seeds.serverSeed, `${seeds.clientSeed}:${seeds.nonce}:${round}`);
}

/** The k-th u32 of the stream (k = 0, 1, 2, …; eight per HMAC round). */
export function u32At(seeds: Seeds, k: number): number {
  assertIndex(k, 'k');
  const round = Math.floor(k / U32_PER_ROUND);
  return readU32(streamRound(seeds, round), (k % U32_PER_ROUND) * 4);
}

/** The first `count` u32 of the stream, computing each HMAC round once. */
export function u32s(seeds: Seeds, count: number): number[] {
  assertIndex(count, 'count');
  const out: number[] = [];
  for (let round = 0; out.length < count; round++) {
    const bytes = streamRound(seeds, round);
    for (let i = 0; i < U32_PER_ROUND && out.length < count; i++) out.push(readU32(bytes, i * 4));
  }
  return out;
}

/** floor(u32 × n / 2^32) in exact integers: uniform-ish in [0, n). Doubles are off by one for big n. */
export function pick(u32: number, n: number): number {
  if (!Number.isInteger(u32) || u32 < 0 || u32 >= 2 ** 32) throw new RangeError(`not a u32: ${u32}`);
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`pick needs a positive integer n, got ${n}`);
  return Number((BigInt(u32) * BigInt(n)) / TWO_POW_32);
}

/** pick(k, n) of fairness.md: the k-th u32 of the stream scaled to [0, n). */
export function pickAt(seeds: Seeds, k: number, n: number): number {
  return pick(u32At(seeds, k), n);
}

function assertIndex(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  }
}

/** PvP games (battles, coinflip): a per-game server seed and the EOS block id fixed after it. */
export interface BlockSeeds {
  serverSeed: string;
  blockId: string;
}

/** The block id plays the client seed's part. */
export function blockStream(seeds: BlockSeeds, nonce: number): Seeds {
  return { serverSeed: seeds.serverSeed, clientSeed: seeds.blockId, nonce };
}
