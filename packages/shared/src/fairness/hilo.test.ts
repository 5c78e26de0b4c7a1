import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  HILO_MAX_CARDS,
  HILO_MAX_SKIPS,
  HILO_RANKS,
  type HiloGuess,
  hiloCard,
  hiloChoiceError,
  hiloGuessChance,
  hiloGuessMultiplier,
  hiloGuessWins,
  hiloMultiplier,
  hiloPayout,
  hiloPlay,
  hiloRank,
  hiloReplay,
  hiloStart,
  hiloWinningRanks,
} from './hilo.ts';
import { blackjackCard, cardLabel } from './blackjack.ts';
import { SS1, SS2, SS3, seeds } from './vectors.fixture.ts';

const labels = (cards: number[]) => cards.map(cardLabel).join(' ');

describe('hilo vectors (fairness.md §3)', () => {
  test('SS1 n=16: higher, higher, lower win, same loses', () => {
    const g = hiloReplay(seeds(SS1, 16), ['higher', 'higher', 'lower', 'same']);
    expect(labels(g.cards)).toBe('2♣ 7♦ Q♣ Q♥ 3♠');
    expect(g.won).toEqual([12, 7, 12]);
    expect(g.status).toBe('lost');
    // 0.99³ × 13³ / (12 × 7 × 12) = 2.11489… → 2.1148
    expect(hiloMultiplier(g.won)).toBe(21148);
  });

  test('SS2 n=17: lower, skip, same, lower win, higher loses', () => {
    const g = hiloReplay(seeds(SS2, 17), ['lower', 'skip', 'same', 'lower', 'higher']);
    expect(labels(g.cards)).toBe('J♠ 9♥ 10♣ 10♣ 6♠ 4♥');
    expect(g.won).toEqual([11, 1, 10]);
    expect(g.skips).toBe(1);
    expect(hiloMultiplier(g.won)).toBe(193795);
  });

  test('SS3 n=18: higher, lower, higher, then a cash-out of 10.00 pays 14.68', () => {
    const g = hiloReplay(seeds(SS3, 18), ['higher', 'lower', 'higher']);
    expect(labels(g.cards)).toBe('3♥ J♣ 2♠ 5♣');
    expect(g.status).toBe('active');
    expect(hiloMultiplier(g.won)).toBe(14681);
    expect(hiloPayout(1000, g.won)).toBe(1468);
  });

  test('cards are the blackjack deck order (Stake: one card per float of 52)', () => {
    for (let k = 0; k < 20; k++) expect(hiloCard(seeds(SS1, 3), k)).toBe(blackjackCard(seeds(SS1, 3), k));
  });
});

describe('hilo rules', () => {
  test('the ace is low, the king high', () => {
    expect(hiloRank(48)).toBe(1); // ♦A
    expect(hiloRank(0)).toBe(2); // ♦2
    expect(hiloRank(47)).toBe(13); // ♣K
  });

  test('equal ranks: higher or same / lower or same, strict at the ends, same on any card', () => {
    expect(hiloWinningRanks(1, 'higher')).toBe(12);
    expect(hiloWinningRanks(1, 'lower')).toBe(0);
    expect(hiloWinningRanks(13, 'higher')).toBe(0);
    expect(hiloWinningRanks(13, 'lower')).toBe(12);
    expect(hiloWinningRanks(7, 'higher')).toBe(7);
    expect(hiloWinningRanks(7, 'lower')).toBe(7);
    expect(hiloWinningRanks(2, 'higher')).toBe(12);
    expect(hiloWinningRanks(5, 'same')).toBe(1);
    expect(hiloGuessWins(48, 49, 'higher')).toBe(false); // A then A: not higher
    expect(hiloGuessWins(48, 49, 'same')).toBe(true);
    expect(hiloGuessWins(20, 21, 'higher')).toBe(true); // 7 then 7: higher or same
    expect(hiloGuessWins(20, 21, 'lower')).toBe(true);
    expect(hiloGuessWins(44, 45, 'lower')).toBe(false); // K then K: not lower
    expect(hiloChoiceError(1, 'lower', 0, 1)).toMatch(/ace/);
    expect(hiloChoiceError(13, 'higher', 0, 1)).toMatch(/king/);
    expect(hiloChoiceError(7, 'skip', HILO_MAX_SKIPS, 60)).toMatch(/skip at most/);
    expect(hiloChoiceError(7, 'skip', 0, HILO_MAX_CARDS - 1)).toMatch(/cash out/);
  });

  test('each guess pays 0.99 ÷ chance: 12.87x for same, 1.0725x for 12 ranks', () => {
    expect(hiloGuessMultiplier(5, 'same')).toBe(128_700);
    expect(hiloGuessMultiplier(1, 'higher')).toBe(10_725);
    expect(hiloGuessMultiplier(7, 'higher')).toBe(18_385);
    expect(hiloGuessChance(7, 'higher')).toBe(5384);
    expect(hiloGuessMultiplier(13, 'higher')).toBe(0);
  });

  test('a skip keeps the multiplier; a lost guess ends the game', () => {
    const draw = (k: number) => [20, 0, 44][k] ?? 0; // 7♦, 2♦, K♦
    let g = hiloStart(draw);
    g = hiloPlay(g, 'skip', draw);
    expect(g.won).toEqual([]);
    expect(hiloMultiplier(g.won)).toBe(10_000);
    g = hiloPlay(g, 'lower', draw);
    expect(g.status).toBe('lost');
    expect(() => hiloPlay(g, 'higher', draw)).toThrow(RangeError);
  });
});

describe('hilo RTP', () => {
  test('every offered guess on every rank returns exactly 99 %: chance × multiplier = 0.99', () => {
    for (let rank = 1; rank <= HILO_RANKS; rank++) {
      for (const guess of ['higher', 'lower', 'same'] as HiloGuess[]) {
        const ranks = hiloWinningRanks(rank, guess);
        if (ranks === 0) continue;
        // the winning ranks really are the ones hiloGuessWins accepts (one card of each rank)
        let winners = 0;
        for (let r = 0; r < HILO_RANKS; r++)
          if (hiloGuessWins(rank === 1 ? 48 : (rank - 2) * 4, r * 4, guess)) winners++;
        expect(winners).toBe(ranks);
        // the return is (ranks / 13) × (0.99 × 13 / ranks) = 0.99; the paid factor is that floored
        const paid = hiloMultiplier([ranks]);
        expect(paid).toBe(Math.floor((99 * 13 * 100) / ranks));
        const rtp = (ranks * paid) / (HILO_RANKS * 10_000);
        expect(rtp).toBeLessThanOrEqual(0.99);
        expect(rtp).toBeGreaterThan(0.99 - 1e-4);
      }
    }
  });

  test('simulated with the real generator: 40k one-guess games (the likelier side) return 99 % ± 4σ', () => {
    const n = 40_000;
    let paid = 0;
    let square = 0;
    let mean = 0;
    for (let rank = 1; rank <= HILO_RANKS; rank++) {
      const guess: HiloGuess = rank <= 7 ? 'higher' : 'lower';
      const m = hiloMultiplier([hiloWinningRanks(rank, guess)]) / 10_000;
      const p = hiloWinningRanks(rank, guess) / HILO_RANKS;
      mean += (p * m) / HILO_RANKS;
      square += (p * m * m) / HILO_RANKS;
    }
    for (let nonce = 0; nonce < n; nonce++) {
      const s = seeds(SS2, nonce);
      const first = hiloCard(s, 0);
      const guess: HiloGuess = hiloRank(first) <= 7 ? 'higher' : 'lower';
      const g = hiloPlay(
        hiloStart((k) => hiloCard(s, k)),
        guess,
        (k) => hiloCard(s, k),
      );
      if (g.status === 'active') paid += hiloPayout(10_000, g.won);
    }
    const sigma = Math.sqrt((square - mean ** 2) / n);
    expect(mean).toBeGreaterThan(0.989);
    expect(Math.abs(paid / (10_000 * n) - mean)).toBeLessThan(4 * sigma);
  });
});

describe('hilo properties', () => {
  const choice = fc.constantFrom('higher', 'lower', 'same', 'skip' as const);
  test('a replay deals one card per step, every card in 0..51; the multiplier is the floored product', () => {
    fc.assert(
      fc.property(fc.array(choice, { maxLength: 30 }), fc.nat({ max: 1e6 }), (choices, nonce) => {
        const s = seeds(SS1, nonce);
        const draw = (k: number) => hiloCard(s, k);
        let g = hiloStart(draw);
        for (const c of choices) {
          if (g.status !== 'active') break;
          const current = g.cards[g.cards.length - 1] ?? 0;
          if (hiloChoiceError(hiloRank(current), c, g.skips, g.cards.length)) continue;
          g = hiloPlay(g, c, draw);
        }
        if (g.cards.length !== g.steps.length + 1) return false;
        if (!g.cards.every((c) => Number.isInteger(c) && c >= 0 && c < 52)) return false;
        const exact = g.won.reduce((m, r) => (m * 0.99 * 13) / r, 1);
        const floored = hiloMultiplier(g.won) / 10_000;
        return floored <= exact + 1e-9 && exact - floored < 1e-4 + exact * 1e-12;
      }),
      { numRuns: 200 },
    );
  });
});
