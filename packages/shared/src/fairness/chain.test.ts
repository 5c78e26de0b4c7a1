import { describe, expect, test } from 'vitest';
import { hmacSha256, readU32, sha256Hex } from './bytes.ts';
import {
  chainHash,
  chainHashes,
  chainReachesTerminal,
  chainSeedForGame,
  chainTerminalHash,
  gameU32,
  verifyChainLink,
} from './chain.ts';
import { crashPoint } from './crash.ts';
import { rouletteColor, rouletteSlot } from './roulette.ts';

const ROULETTE = {
  secret: 'roulette genesis M',
  terminal: '83f0df9549c9d3658bc7c65c279453acef74f623f8c49f785ebb7f9013ff5d53',
  salt: '0000000000000000004d6ec16dafe9d8370958664c1dc422f452892264c59526',
  games: [
    { seed: '0be67524935b2f1428a823f872a90f3df718f60634d5904a5113239af0bbe1c2', slot: 0, color: 'green' },
    { seed: 'e2c21c3901e116dc1285a575fc5efcb410dfdd7d575ca6dc51cf180097947abd', slot: 5, color: 'red' },
    { seed: '476f77ae31dd45a00278b005bc4cb7ecb1c7e51371a5451cdd4b5c20655b4f53', slot: 13, color: 'black' },
  ],
};

const CRASH = {
  secret: 'crash genesis N',
  terminal: '9366142a31d8c3e71dfe4539ac457cc36f1b3724d240a4e99e2faccef6a8385c',
  salt: '0000000000000000001b34dc6a1e86083f95500b096231436e9b25cbdd0075c4',
  games: [
    { seed: 'ef4427e541f4fa32fcfa70d91e7e915ba078b8ad528cb1eb293007cb06e91c2d', crash: 291 },
    { seed: 'b6cbf215aa1ac0422017cdaec610cea4c4f21db9ea7056745a30c2fabcfbd6fc', crash: 100 },
    { seed: '9cf151c2e5b4bf77b05da463092f1c268ccb863b386921d5395a5988b037d55d', crash: 1505 },
  ],
};
const L = 10;

describe('hash chain vectors (fairness.md §3)', () => {
  test.each([ROULETTE, CRASH])('$secret: h_L and the seeds of games 1..3', ({ secret, terminal, games }) => {
    expect(chainTerminalHash(secret, L)).toBe(terminal);
    expect(games.map((_, i) => chainSeedForGame(secret, L, i + 1))).toEqual(games.map((g) => g.seed));
  });

  test.each(ROULETTE.games)('roulette seed $seed → slot $slot ($color)', ({ seed, slot, color }) => {
    expect(rouletteSlot(seed, ROULETTE.salt)).toBe(slot);
    expect(rouletteColor(slot)).toBe(color);
  });

  test.each(CRASH.games)('crash seed $seed → $crash hundredths', ({ seed, crash }) => {
    expect(crashPoint(seed, CRASH.salt)).toBe(crash);
  });
});

describe('hash chain', () => {
  test('each revealed seed hashes to the private hash shown before it: game 1 to h_L, game n+1 to game n', () => {
    const [first, second, third] = ROULETTE.games.map((g) => g.seed);
    expect(verifyChainLink(first ?? '', ROULETTE.terminal)).toBe(true);
    expect(verifyChainLink(second ?? '', first ?? '')).toBe(true);
    expect(verifyChainLink(third ?? '', second ?? '')).toBe(true);
    expect(verifyChainLink(third ?? '', ROULETTE.terminal)).toBe(false);
  });

  test("hashing game n's seed n times reaches the published h_L", () => {
    CRASH.games.forEach(({ seed }, i) => {
      expect(chainReachesTerminal(seed, i + 1, CRASH.terminal)).toBe(true);
      expect(chainReachesTerminal(seed, i + 2, CRASH.terminal)).toBe(false);
    });
  });

  test('chainHashes yields h_0..h_L lazily, h_0 being sha256 of the secret', () => {
    const hashes = [...chainHashes(CRASH.secret, L)];
    expect(hashes).toHaveLength(L + 1);
    expect(hashes[0]).toBe(sha256Hex(CRASH.secret));
    expect(hashes[L]).toBe(CRASH.terminal);
    expect(hashes.slice(1)).toEqual(hashes.slice(0, -1).map((h) => chainHash(h)));
    expect(hashes[L - 1]).toBe(CRASH.games[0]?.seed);
  });

  test('u is the first 4 bytes of HMAC(key = privateSeed, msg = salt)', () => {
    const { seed } = CRASH.games[0] ?? { seed: '' };
    expect(gameU32(seed, CRASH.salt)).toBe(readU32(hmacSha256(seed, CRASH.salt), 0));
  });

  test('games run 1..L', () => {
    expect(() => chainSeedForGame(CRASH.secret, L, 0)).toThrow(RangeError);
    expect(() => chainSeedForGame(CRASH.secret, L, L + 1)).toThrow(RangeError);
    expect(chainSeedForGame(CRASH.secret, L, L)).toBe(sha256Hex(CRASH.secret));
  });
});
