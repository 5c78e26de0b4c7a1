import type { HiloOption } from '@coinsite/shared';
import { hiloGuessChance, hiloWinningRanks } from '@coinsite/shared/fairness';
import { describe, expect, it } from 'vitest';
import { likelierGuess } from './hilo-auto.ts';

/** The options the server offers on a card of `rank` (A = 1 … K = 13): null when not offered. */
function optionsOn(rank: number) {
  const option = (guess: 'higher' | 'lower' | 'same'): HiloOption | null =>
    hiloWinningRanks(rank, guess) === 0
      ? null
      : { multiplier: 1, chance: hiloGuessChance(rank, guess) / 100 };
  return { higher: option('higher'), lower: option('lower'), same: option('same') };
}

describe('hilo autobet rule', () => {
  it('guesses the likelier of higher and lower on every rank (higher on A-7, lower on 8-K)', () => {
    const picks = Array.from({ length: 13 }, (_, i) => likelierGuess(optionsOn(i + 1)));
    expect(picks).toEqual([...Array(7).fill('higher'), ...Array(6).fill('lower')]);
    // never a guess that is not offered, never the less likely side
    for (let rank = 1; rank <= 13; rank++) {
      const pick = likelierGuess(optionsOn(rank));
      const other = pick === 'higher' ? 'lower' : 'higher';
      expect(hiloWinningRanks(rank, pick)).toBeGreaterThanOrEqual(hiloWinningRanks(rank, other));
    }
  });
});
