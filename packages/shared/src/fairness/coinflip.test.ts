import { describe, expect, test } from 'vitest';
import { coinflipRoll, coinflipSide } from './coinflip.ts';
import { BLOCK_ID } from './vectors.fixture.ts';

describe('coinflip vectors (fairness.md §3)', () => {
  test.each([
    { serverSeed: 'c0ffee00c0ffee00c0ffee00c0ffee00', roll: 22, side: 'heads' },
    { serverSeed: 'deadbeefdeadbeefdeadbeefdeadbeef', roll: 44, side: 'tails' },
  ])('$serverSeed → $roll/60 $side', ({ serverSeed, roll, side }) => {
    expect(coinflipRoll({ serverSeed, blockId: BLOCK_ID })).toBe(roll);
    expect(coinflipSide(roll)).toBe(side);
  });

  test('0–29 heads, 30–59 tails', () => {
    expect([0, 29, 30, 59].map(coinflipSide)).toEqual(['heads', 'heads', 'tails', 'tails']);
  });
});
