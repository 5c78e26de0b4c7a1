import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SLOT_STRIP, slotFromStops, slotPayout, slotRtp, slotSpin } from './slots.ts';

describe('sandbox slot', () => {
  it('has an exact return of about 96 %', () => {
    expect(slotRtp()).toBeGreaterThan(0.955);
    expect(slotRtp()).toBeLessThan(0.965);
  });

  // the same stream as slotSpin (fairness.md §0), through node's native HMAC so 200,000 spins take ~1 s
  const fastStops = (serverSeed: string, clientSeed: string, nonce: number) => {
    const bytes = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:0`).digest();
    return [0, 1, 2, 3, 4].map((r) => Number((BigInt(bytes.readUInt32BE(r * 4)) * 20n) >> 32n));
  };

  it("the fast simulation stream is slotSpin's", () => {
    for (let nonce = 0; nonce < 50; nonce++)
      expect(fastStops('a'.repeat(64), 'sim', nonce)).toEqual(
        slotSpin({ serverSeed: 'a'.repeat(64), clientSeed: 'sim', nonce }).stops,
      );
  });

  it('measures its return by simulation within tolerance (200,000 seeded spins)', () => {
    const spins = 200_000;
    const stake = 1000;
    let paid = 0;
    for (let nonce = 0; nonce < spins; nonce++)
      paid += slotPayout(stake, slotFromStops(fastStops('a'.repeat(64), 'rtp-simulation', nonce)).multiplier);
    const measured = paid / (spins * stake);
    expect(Math.abs(measured - slotRtp())).toBeLessThan(0.025);
  });

  it('pays a line of five sevens', () => {
    const seven = SLOT_STRIP.indexOf(0);
    // every reel stopped with the seven on the middle row
    const stops = Array(5).fill((seven - 1 + SLOT_STRIP.length) % SLOT_STRIP.length);
    const spin = slotFromStops(stops);
    expect(spin.wins).toContainEqual({ line: 0, symbol: 'seven', count: 5, pays: 1500 });
    expect(spin.window.every((reel) => reel[1] === 'seven')).toBe(true);
  });

  it('derives the same spin from the same seeds', () => {
    const s = { serverSeed: 'b'.repeat(64), clientSeed: 'c', nonce: 7 };
    expect(slotSpin(s)).toEqual(slotSpin(s));
    expect(slotSpin(s).stops.every((x) => x >= 0 && x < SLOT_STRIP.length)).toBe(true);
  });
});
