/**
 * Hilo (issue 32). An infinite deck, as Stake deals it: the k-th card of a game (k = 0 is the start
 * card, then one per guess or skip) is `pick(k, 52)` of the seed pair at the game's nonce, in the
 * deck order of blackjack (♦2 ♥2 ♠2 ♣2 ♦3 … ♣A, index = rank × 4 + suit). For Hilo the ace is the
 * lowest card: ranks run A = 1, 2 … 10, J = 11, Q = 12, K = 13.
 *
 * Guesses on a card of rank r (each of the 13 ranks comes next with chance 1/13):
 * - 'higher': higher or same (14 − r ranks); on an ace strictly higher (12 ranks); refused on a king;
 * - 'lower': lower or same (r ranks); on a king strictly lower (12 ranks); refused on an ace;
 * - 'same': the same rank (1 rank), on any card;
 * - 'skip': the next card without a guess (the multiplier stays), at most HILO_MAX_SKIPS a game.
 * A guess that wins multiplies the game's multiplier by 0.99 ÷ chance = 0.99 × 13 / ranks. The
 * product is kept exact and floored to ten-thousandths; a cash-out pays floor(bet × that / 10000).
 */
import { pick, type Seeds, u32At } from './bytes.ts';
import { cardLabel, DECK_SIZE } from './blackjack.ts';
import { floorMulDiv } from './integer.ts';

export const HILO_CHOICES = ['higher', 'lower', 'same', 'skip'] as const;
export type HiloChoice = (typeof HILO_CHOICES)[number];
export type HiloGuess = Exclude<HiloChoice, 'skip'>;
export const HILO_RANKS = 13;
/** Skips per game (Stake allows 52). */
export const HILO_MAX_SKIPS = 52;
/**
 * Cards per game, as Stake (its hilo reads at most 52 card events, a cursor of 13 rounds): a win that
 * deals the last one cashes the game out for the player.
 */
export const HILO_MAX_CARDS = 52;
/** The return of every guess: 99 % (1 % edge), as a fraction. */
const KEEP_NUM = 99n;
const KEEP_DEN = 100n;

/** The k-th card of the game (0..51). */
export function hiloCard(seeds: Seeds, k: number): number {
  return pick(u32At(seeds, k), DECK_SIZE);
}

/** A = 1 … K = 13 (the deck lists the ace last; Hilo plays it low). */
export function hiloRank(card: number): number {
  if (!Number.isInteger(card) || card < 0 || card >= DECK_SIZE) throw new RangeError(`not a card: ${card}`);
  const r = Math.floor(card / 4); // 0 = '2' … 12 = 'A'
  return r === 12 ? 1 : r + 2;
}

export { cardLabel as hiloCardLabel };

/** How many of the 13 ranks win `guess` on a card of rank r, or 0 when the guess is not offered. */
export function hiloWinningRanks(rank: number, guess: HiloGuess): number {
  if (guess === 'same') return 1;
  if (guess === 'higher') return rank === HILO_RANKS ? 0 : rank === 1 ? 12 : 14 - rank;
  return rank === 1 ? 0 : rank === HILO_RANKS ? 12 : rank;
}

/** Whether `next` wins `guess` played on `current` (cards). */
export function hiloGuessWins(current: number, next: number, guess: HiloGuess): boolean {
  const a = hiloRank(current);
  const b = hiloRank(next);
  if (guess === 'same') return a === b;
  if (guess === 'higher') return a === 1 ? b > a : b >= a;
  return a === HILO_RANKS ? b < a : b <= a;
}

/** The guess's multiplier 0.99 × 13 / ranks, in ten-thousandths (floored, display only). */
export function hiloGuessMultiplier(rank: number, guess: HiloGuess): number {
  const ranks = hiloWinningRanks(rank, guess);
  if (ranks === 0) return 0;
  return Number((KEEP_NUM * BigInt(HILO_RANKS) * 10_000n) / (KEEP_DEN * BigInt(ranks)));
}

/** The chance of the guess in hundredths of a percent (7.69 % → 769), floored (display only). */
export function hiloGuessChance(rank: number, guess: HiloGuess): number {
  return Math.floor((hiloWinningRanks(rank, guess) * 10_000) / HILO_RANKS);
}

/** Why `choice` is refused on a card of this rank, or null. */
export function hiloChoiceError(
  rank: number,
  choice: HiloChoice,
  skips: number,
  cards: number,
): string | null {
  if (choice === 'skip') {
    if (skips >= HILO_MAX_SKIPS) return `You can skip at most ${HILO_MAX_SKIPS} cards a game.`;
    if (cards >= HILO_MAX_CARDS - 1) return 'No more cards to skip in this game: cash out.';
    return null;
  }
  if (hiloWinningRanks(rank, choice) === 0)
    return rank === 1
      ? 'Nothing is lower than an ace: guess higher or same.'
      : 'Nothing is higher than a king: guess lower or same.';
  return null;
}

/** The winning rank counts of the game's won guesses → its multiplier in ten-thousandths, floored. */
export function hiloMultiplier(wonRanks: readonly number[]): number {
  let num = 10_000n;
  let den = 1n;
  for (const ranks of wonRanks) {
    num *= KEEP_NUM * BigInt(HILO_RANKS);
    den *= KEEP_DEN * BigInt(ranks);
  }
  return Number(num / den);
}

/** Gross cash-out in cents. */
export function hiloPayout(bet: number, wonRanks: readonly number[]): number {
  return floorMulDiv(bet, hiloMultiplier(wonRanks), 10_000);
}

/** Why a cash-out is refused, or null: it needs at least one won guess. */
export function hiloCashoutError(wins: number): string | null {
  return wins >= 1 ? null : 'Guess at least one card before you cash out.';
}

/** One step of a game: the guess made (or skip) and the card it dealt. */
export interface HiloStep {
  choice: HiloChoice;
  card: number;
  /** A guess that won (a skip is neither). */
  win?: boolean;
  /** The winning ranks of a won guess (the multiplier's factor). */
  ranks?: number;
}

export interface HiloPlay {
  cards: number[];
  steps: HiloStep[];
  /** The winning rank counts of the won guesses. */
  won: number[];
  skips: number;
  status: 'active' | 'lost';
}

/** Plays `choice` on a game (pure): deals card k = cards.length. Throws on a refused choice. */
export function hiloPlay(game: HiloPlay, choice: HiloChoice, draw: (k: number) => number): HiloPlay {
  const current = game.cards[game.cards.length - 1];
  if (current === undefined || game.status !== 'active') throw new RangeError('no card to play on');
  const err = hiloChoiceError(hiloRank(current), choice, game.skips, game.cards.length);
  if (err) throw new RangeError(err);
  const card = draw(game.cards.length);
  const cards = [...game.cards, card];
  if (choice === 'skip')
    return { ...game, cards, steps: [...game.steps, { choice, card }], skips: game.skips + 1 };
  const ranks = hiloWinningRanks(hiloRank(current), choice);
  const win = hiloGuessWins(current, card, choice);
  return {
    ...game,
    cards,
    steps: [...game.steps, { choice, card, win, ranks }],
    won: win ? [...game.won, ranks] : game.won,
    status: win ? 'active' : 'lost',
  };
}

/** A new game: its start card (k = 0). */
export function hiloStart(draw: (k: number) => number): HiloPlay {
  return { cards: [draw(0)], steps: [], won: [], skips: 0, status: 'active' };
}

/** Replays recorded choices from the seeds (the verifier). Stops at a lost guess. */
export function hiloReplay(seeds: Seeds, choices: readonly HiloChoice[]): HiloPlay {
  const draw = (k: number) => hiloCard(seeds, k);
  let game = hiloStart(draw);
  for (const c of choices) {
    if (game.status !== 'active') break;
    game = hiloPlay(game, c, draw);
  }
  return game;
}
