import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MAX_AMOUNT_CENTS } from '../money.ts';
import {
  choose,
  MINES_MAX,
  MINES_MIN,
  MINES_TILES,
  minePositions,
  minesCashoutError,
  minesCountError,
  minesMultiplier,
  minesPayout,
} from './mines.ts';
import { SS1, SS2, SS3, seeds, stakeSeeds, standardError } from './vectors.fixture.ts';

describe('mines vectors (fairness.md §3)', () => {
  test.each([
    { name: 'SS1 n=5 mines=3', s: seeds(SS1, 5), mines: 3, board: [2, 7, 22], safe: 2, multiplier: 12857 },
    {
      name: 'SS2 n=6 mines=5',
      s: seeds(SS2, 6),
      mines: 5,
      board: [11, 16, 23, 7, 5],
      safe: 3,
      multiplier: 19973,
    },
    {
      name: 'SS3 n=9 mines=24',
      s: seeds(SS3, 9),
      mines: 24,
      board: [21, 9, 3, 20, 14, 16, 0, 18, 1, 22, 11, 7, 23, 12, 8, 24, 13, 6, 19, 15, 10, 5, 4, 17],
      safe: 1,
      multiplier: 247500,
    },
  ])('$name', ({ s, mines, board, safe, multiplier }) => {
    expect(minePositions(s, mines)).toEqual(board);
    expect(minesMultiplier(mines, safe)).toBe(multiplier);
  });

  test("Stake's cross-check: (server seed, client seed) nonce 1, 3 mines → [18, 15, 5]", () => {
    expect(minePositions(stakeSeeds(1), 3)).toEqual([18, 15, 5]);
  });
});

describe('mines rules', () => {
  test('the multiplier is floored (1.99736… → 1.9973), and the payout uses the floored value', () => {
    expect(minesMultiplier(5, 3)).toBe(19973);
    expect(minesPayout(10_000, 5, 3)).toBe(19_973);
    expect(minesPayout(7, 5, 3)).toBe(13); // floor(0.07 × 1.9973) = 0.13
    expect(minesMultiplier(3, 2, 2)).toBe(12727);
    expect(minesMultiplier(12, 13)).toBe(51_482_970_000); // 0.99 × C(25,13) / C(13,13) = 5,148,297x
  });

  test('choose is the binomial coefficient', () => {
    expect(choose(25, 0)).toBe(1n);
    expect(choose(25, 1)).toBe(25n);
    expect(choose(25, 3)).toBe(2_300n);
    expect(choose(25, 12)).toBe(5_200_300n);
    expect(choose(22, 22)).toBe(1n);
  });

  test('mine counts 1..24, cash-out only after a safe reveal', () => {
    expect(minesCountError(0)).not.toBeNull();
    expect(minesCountError(25)).not.toBeNull();
    expect(minesCountError(24)).toBeNull();
    expect(minesCashoutError(0)).toBe("You can't cash out before revealing any tiles!");
    expect(minesCashoutError(1)).toBeNull();
    expect(() => minesPayout(100, 3, 0)).toThrow(RangeError);
    // 25 − m safe tiles at most: the bound, not a BigInt division by C(22, 23) = 0, refuses 23
    expect(() => minesMultiplier(3, 23)).toThrow(/safe reveals must be an integer in 0\.\.22/);
    expect(() => minesPayout(100, 3, 23)).toThrow(/safe reveals at cash-out must be an integer in 1\.\.22/);
    expect(minesMultiplier(3, 22)).toBe(22_770_000); // 0.99 × C(25, 22) / C(22, 22) = 0.99 × 2300
  });
});

describe('mines RTP', () => {
  test('exact: every (mines, reveals) pays between 98.99% and 99% of the stake', () => {
    for (let mines = MINES_MIN; mines <= MINES_MAX; mines++) {
      for (let safe = 1; safe <= MINES_TILES - mines; safe++) {
        // RTP = C(25 − m, k) / C(25, k) × multiplier / 10^4, compared as integers.
        const returned = choose(MINES_TILES - mines, safe) * BigInt(minesMultiplier(mines, safe));
        const stake = choose(MINES_TILES, safe);
        expect(returned <= 9900n * stake).toBe(true);
        expect(returned > 9899n * stake).toBe(true);
      }
    }
  });

  test('simulated with the real generator: 100k boards of 3 mines', () => {
    const games = 100_000;
    const minedCount = new Array<number>(MINES_TILES).fill(0);
    let paid = 0;
    for (let nonce = 0; nonce < games; nonce++) {
      const board = minePositions(seeds(SS2, nonce), 3);
      for (const tile of board) minedCount[tile] = (minedCount[tile] ?? 0) + 1;
      if (!board.includes(0)) paid += minesPayout(100, 3, 1); // reveal tile 0, cash out
    }
    // Every tile holds a mine 3/25 of the time (± 5σ).
    const expected = (games * 3) / MINES_TILES;
    const sigma = Math.sqrt(games * (3 / 25) * (22 / 25));
    for (const count of minedCount) expect(Math.abs(count - expected)).toBeLessThan(5 * sigma);
    // One reveal with 3 mines: 22/25 × 1.1250x = 99%.
    expect(minesMultiplier(3, 1)).toBe(11250);
    expect(Math.abs(paid / (100 * games) - 0.99)).toBeLessThan(4 * standardError(22 / 25, 1.125, games));
  });
});

describe('mines properties', () => {
  const maxMultiplier = Math.max(
    ...Array.from({ length: MINES_MAX }, (_, i) => minesMultiplier(i + 1, MINES_TILES - i - 1)),
  );

  test('boards are distinct tiles in 0..24', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.nat(),
        fc.integer({ min: MINES_MIN, max: MINES_MAX }),
        (client, nonce, mines) => {
          const board = minePositions({ serverSeed: SS1, clientSeed: client, nonce }, mines);
          return (
            board.length === mines && new Set(board).size === mines && board.every((t) => t >= 0 && t < 25)
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  test('cash-outs are whole cents between the stake and the largest multiplier', () => {
    const game = fc
      .integer({ min: MINES_MIN, max: MINES_MAX })
      .chain((mines) => fc.tuple(fc.constant(mines), fc.integer({ min: 1, max: MINES_TILES - mines })));
    // bet × multiplier reaches 10^19, past 2^53: the bound is compared in BigInt, not in doubles
    // (in doubles, bet 45020382 with 13 mines and 12 reveals came out below its exact payout)
    const withinBounds = (bet: number, mines: number, safe: number) => {
      const payout = minesPayout(bet, mines, safe);
      return (
        Number.isSafeInteger(payout) &&
        payout >= bet &&
        BigInt(payout) * 10_000n <= BigInt(bet) * BigInt(maxMultiplier)
      );
    };
    expect(withinBounds(45_020_382, 13, 12)).toBe(true);
    expect(withinBounds(MAX_AMOUNT_CENTS, 1, 24)).toBe(true);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_AMOUNT_CENTS }), game, (bet, [mines, safe]) =>
        withinBounds(bet, mines, safe),
      ),
    );
  });

  test('the payout is floor(bet × multiplier / 10^4), exact past 2^53', () => {
    // 0.99 × C(25, 12) / C(12, 12) = 5,148,297x; 45,020,382 × 5,148,297 = 231,778,297,589,454 exactly,
    // while the double 45020382 × 51482970000 / 10^4 is 231,778,297,589,453.97
    expect(minesMultiplier(13, 12)).toBe(51_482_970_000);
    expect(minesPayout(45_020_382, 13, 12)).toBe(231_778_297_589_454);
  });
});
