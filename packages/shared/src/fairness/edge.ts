/** House edges (fairness.md §2). Dice, limbo and mines read theirs from the environment. */

/** Defaults in percent: DICE_EDGE_PCT, LIMBO_EDGE_PCT, MINES_EDGE_PCT; crash's 7 is fixed in its formula. */
export const DEFAULT_EDGE_PCT = { dice: 1, limbo: 1, mines: 1, crash: 7 } as const;

export const BASIS_POINTS = 10_000;

/**
 * An edge in percent (1 = 1%, 0.5 allowed) → basis points (1% = 100), so the game formulas stay
 * in integers. A configuration error (not a multiple of 0.01%, or outside 0..99.99) throws.
 */
export function edgeBasisPoints(edgePct: number): number {
  const bps = Math.round(edgePct * 100);
  if (!Number.isFinite(edgePct) || Math.abs(edgePct * 100 - bps) > 1e-6 || bps < 0 || bps >= BASIS_POINTS) {
    throw new RangeError(`house edge must be a multiple of 0.01 in 0..99.99 percent, got ${edgePct}`);
  }
  return bps;
}
