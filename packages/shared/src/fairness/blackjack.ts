/**
 * Blackjack cards (issue 17). An infinite shoe, as Stake deals: the k-th card of a hand (k = 0, 1, 2,
 * … in the order the table needs them) is `pick(k, 52)` of the player's seed pair at the hand's
 * nonce, read in the deck order ♦2 ♥2 ♠2 ♣2 ♦3 … ♣A (index = rank × 4 + suit). Dealing order:
 * card 0 player, 1 dealer up card, 2 player, 3 dealer hole card, then each card as it is drawn
 * (the player's hits, doubles and split hands in order, then the dealer's draws).
 */
import { pick, type Seeds, u32At, u32s } from './bytes.ts';

export const DECK_SIZE = 52;
export const CARD_RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const;
export const CARD_SUITS = ['♦', '♥', '♠', '♣'] as const;
export type CardRank = (typeof CARD_RANKS)[number];
export type CardSuit = (typeof CARD_SUITS)[number];

/** The k-th card of the hand (0..51). */
export function blackjackCard(seeds: Seeds, k: number): number {
  return pick(u32At(seeds, k), DECK_SIZE);
}

/** The first `count` cards of the hand's stream. */
export function blackjackCards(seeds: Seeds, count: number): number[] {
  return u32s(seeds, count).map((u) => pick(u, DECK_SIZE));
}

export function cardRank(card: number): CardRank {
  const r = CARD_RANKS[Math.floor(card / 4)];
  if (r === undefined) throw new RangeError(`not a card: ${card}`);
  return r;
}

export function cardSuit(card: number): CardSuit {
  const s = CARD_SUITS[card % 4];
  if (s === undefined || !Number.isInteger(card) || card < 0 || card >= DECK_SIZE)
    throw new RangeError(`not a card: ${card}`);
  return s;
}

/** "A♠", "10♦". */
export function cardLabel(card: number): string {
  return `${cardRank(card)}${cardSuit(card)}`;
}
