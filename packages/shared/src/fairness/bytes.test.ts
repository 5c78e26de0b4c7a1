import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { hmacSha256, pick, pickAt, readU32, sha256Hex, streamRound, u32At, u32s } from './bytes.ts';
import { edgeBasisPoints } from './edge.ts';
import { seeds, SS1 } from './vectors.fixture.ts';

describe('byte generator', () => {
  test("Stake's cross-check: first bytes of (some server seed, some client seed, 1)", () => {
    const bytes = streamRound(
      { serverSeed: 'some server seed', clientSeed: 'some client seed', nonce: 1 },
      0,
    );
    expect([...bytes.slice(0, 8)]).toEqual([151, 136, 121, 135, 209, 159, 189, 233]);
  });

  test('the stream is HMAC(serverSeed, "clientSeed:nonce:round") of the UTF-8 strings', () => {
    expect(streamRound(seeds(SS1, 7), 2)).toEqual(hmacSha256(SS1, 'my-client-seed:7:2'));
  });

  test('u32 k reads bytes 4k..4k+3 big-endian, eight per round', () => {
    const s = seeds(SS1, 3);
    const all = u32s(s, 20);
    expect(all).toHaveLength(20);
    expect(all.map((_, k) => u32At(s, k))).toEqual(all);
    expect(u32At(s, 8)).toBe(readU32(streamRound(s, 1), 0));
    expect(u32At(s, 0)).toBe(new DataView(streamRound(s, 0).buffer).getUint32(0));
  });

  test('sha256Hex hashes the UTF-8 string', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  test('pick is exact where doubles are off by one (N = 1,000,000,001)', () => {
    expect(pick(0, 1_000_000_001)).toBe(0);
    expect(pick(2 ** 32 - 1, 1_000_000_001)).toBe(1_000_000_000);
    expect(pick(2 ** 32 - 1, 15)).toBe(14);
    expect(pick(2 ** 31, 2)).toBe(1);
    expect(pickAt(seeds(SS1, 0), 0, 10_001)).toBe(1676);
  });

  test('pick rejects values that are not a u32 or a positive N', () => {
    expect(() => pick(2 ** 32, 10)).toThrow(RangeError);
    expect(() => pick(-1, 10)).toThrow(RangeError);
    expect(() => pick(5, 0)).toThrow(RangeError);
    expect(() => u32At({ ...seeds(SS1, 0), nonce: -1 }, 0)).toThrow(RangeError);
    expect(() => pick(1.5, 10)).toThrow(RangeError);
    expect(() => pick(5, 2 ** 53)).toThrow(RangeError);
  });

  test('pick(u, 1) is 0 for every u: one outcome is always outcome 0', () => {
    expect(pick(0, 1)).toBe(0);
    expect(pick(2 ** 32 - 1, 1)).toBe(0);
  });

  test('readU32 reads only inside its own bytes, even when they are a window on a larger buffer', () => {
    const buffer = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const window = buffer.subarray(4, 8); // bytes 5, 6, 7, 8
    expect(readU32(window, 0)).toBe(0x05060708);
    expect(readU32(buffer, 8)).toBe(0x090a0b0c);
    // DataView would happily read the neighbours' bytes 6..9 or 4..7: the bounds check refuses
    expect(() => readU32(window, 1)).toThrow('no 4 bytes at offset 1');
    expect(() => readU32(window, -1)).toThrow('no 4 bytes at offset -1');
    expect(() => readU32(buffer, 9)).toThrow(RangeError);
  });

  test('property: pick(u, N) is an integer in [0, N)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.integer({ min: 1, max: 2 ** 53 - 1 }),
        (u, n) => {
          const p = pick(u, n);
          return Number.isInteger(p) && p >= 0 && p < n;
        },
      ),
    );
  });
});

describe('edgeBasisPoints', () => {
  test('percent to basis points, refusing what is not a multiple of 0.01%', () => {
    expect(edgeBasisPoints(1)).toBe(100);
    expect(edgeBasisPoints(0.5)).toBe(50);
    expect(edgeBasisPoints(0)).toBe(0);
    expect(() => edgeBasisPoints(0.001)).toThrow(RangeError);
    expect(() => edgeBasisPoints(100)).toThrow(RangeError);
    expect(() => edgeBasisPoints(-1)).toThrow(RangeError);
  });
});
