/**
 * Mines (fairness.md §2). Tiles 0..24 left to right, top to bottom. Multipliers are in
 * ten-thousandths, floored to 4 decimals (1.2857x → 12857); a cash-out pays
 * floor(bet × multiplier / 10000) cents, so the shown multiplier is exactly what is paid.
 */
import { pick, type Seeds, u32s } from './bytes.ts';
import { BASIS_POINTS, DEFAULT_EDGE_PCT, edgeBasisPoints } from './edge.ts';
import { assertIntegerIn, floorMulDiv, isIntegerIn } from './integer.ts';

export const MINES_TILES = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;

/** Mine tiles in draw order: rest = [0..24]; mine_i = rest.splice(pick(i, 25 − i), 1). */
export function minePositions(seeds: Seeds, mines: number): number[] {
  assertIntegerIn(mines, MINES_MIN, MINES_MAX, 'mines');
  const rest = Array.from({ length: MINES_TILES }, (_, tile) => tile);
  return u32s(seeds, mines).map((u32, i) => {
    const [tile] = rest.splice(pick(u32, MINES_TILES - i), 1);
    if (tile === undefined) throw new Error('unreachable: pick stays inside rest');
    return tile;
  });
}

/** Why a mine count is refused, or null. */
export function minesCountError(mines: number): string | null {
  return isIntegerIn(mines, MINES_MIN, MINES_MAX) ? null : 'Choose between 1 and 24 mines.';
}

/** Why a cash-out after `safeReveals` is refused, or null (the spec's text). */
export function minesCashoutError(safeReveals: number): string | null {
  return safeReveals >= 1 ? null : "You can't cash out before revealing any tiles!";
}

/**
 * After k safe reveals: (100 − edge)/100 × C(25, k) / C(25 − m, k), floored to ten-thousandths,
 * i.e. floor((10000 − bps) · C(25, k) / C(25 − m, k)). k runs 0..25 − m.
 */
export function minesMultiplier(
  mines: number,
  safeReveals: number,
  edgePct: number = DEFAULT_EDGE_PCT.mines,
): number {
  assertIntegerIn(mines, MINES_MIN, MINES_MAX, 'mines');
  assertIntegerIn(safeReveals, 0, MINES_TILES - mines, 'safe reveals');
  const keep = BigInt(BASIS_POINTS - edgeBasisPoints(edgePct));
  return Number((keep * choose(MINES_TILES, safeReveals)) / choose(MINES_TILES - mines, safeReveals));
}

/** Gross cash-out in cents after k ≥ 1 safe reveals. */
export function minesPayout(
  bet: number,
  mines: number,
  safeReveals: number,
  edgePct: number = DEFAULT_EDGE_PCT.mines,
): number {
  assertIntegerIn(safeReveals, 1, MINES_TILES - mines, 'safe reveals at cash-out');
  return floorMulDiv(bet, minesMultiplier(mines, safeReveals, edgePct), BASIS_POINTS);
}

/** Binomial coefficient C(n, k) as an exact BigInt. */
export function choose(n: number, k: number): bigint {
  let result = 1n;
  for (let i = 0; i < k; i++) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}
