import { describe, expect, it } from 'vitest';
import { CARD_RANKS, CARD_SUITS, cardLabel, cardRank, cardSuit, DECK_SIZE } from './blackjack.ts';

describe('blackjack cards', () => {
  it('reads the deck order ♦2 ♥2 ♠2 ♣2 ♦3 … ♣A (index = rank × 4 + suit)', () => {
    expect(cardLabel(0)).toBe('2♦');
    expect(cardLabel(1)).toBe('2♥');
    expect(cardLabel(4)).toBe('3♦');
    expect(cardLabel(35)).toBe('10♣');
    expect(cardLabel(DECK_SIZE - 1)).toBe('A♣');
    const labels = new Set(Array.from({ length: DECK_SIZE }, (_, c) => cardLabel(c)));
    expect(labels.size).toBe(CARD_RANKS.length * CARD_SUITS.length);
  });

  it('refuses anything that is not a card 0..51', () => {
    for (const bad of [-1, -4, DECK_SIZE, DECK_SIZE + 3, 1.5, Number.NaN]) {
      expect(() => cardSuit(bad), String(bad)).toThrow(`not a card: ${bad}`);
      expect(() => cardLabel(bad), String(bad)).toThrow(RangeError);
    }
    for (const bad of [-1, DECK_SIZE]) expect(() => cardRank(bad)).toThrow(`not a card: ${bad}`);
  });
});
