import { hmacSha256, sha256Hex, streamRound, u32s, useHashPrimitives } from '@coinsite/shared/fairness';
import fc from 'fast-check';
import { afterEach, describe, expect, test } from 'vitest';
import { nativeHash } from './native-hash.ts';

/** The server's native hashes must give the bytes the portable code (and every verifier) gives. */
describe('native fairness hashes', () => {
  afterEach(() => useHashPrimitives(null));

  test("Stake's cross-check and the sha256 vector hold with the native code installed", () => {
    useHashPrimitives(nativeHash);
    const bytes = streamRound(
      { serverSeed: 'some server seed', clientSeed: 'some client seed', nonce: 1 },
      0,
    );
    expect([...bytes.slice(0, 8)]).toEqual([151, 136, 121, 135, 209, 159, 189, 233]);
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  test('any key and message (UTF-8 included): the same bytes and u32s as the portable code', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }),
        fc.string({ unit: 'grapheme' }),
        fc.nat(),
        (key, msg, nonce) => {
          useHashPrimitives(null);
          const portable = {
            mac: [...hmacSha256(key, msg)],
            hex: sha256Hex(msg),
            u: u32s({ serverSeed: key, clientSeed: msg, nonce }, 12),
          };
          useHashPrimitives(nativeHash);
          expect([...hmacSha256(key, msg)]).toEqual(portable.mac);
          expect(sha256Hex(msg)).toBe(portable.hex);
          expect(u32s({ serverSeed: key, clientSeed: msg, nonce }, 12)).toEqual(portable.u);
        },
      ),
      { numRuns: 300 },
    );
  });
});
