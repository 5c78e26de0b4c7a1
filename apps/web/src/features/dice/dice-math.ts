import {
  BASIS_POINTS,
  DICE_TARGET_MAX,
  DICE_TARGET_MIN,
  diceMultiplier,
  diceTargetError,
  edgeBasisPoints,
} from '@coinsite/shared/fairness';
import { mulFloor } from '@coinsite/shared/money';
import { gameEdges } from '../../lib/site-store.ts';

/** The house edge the server is configured with (GET /api/site), read at call time. */
export const diceEdge = (): number => gameEdges.dice;

/** Targets are roll-under values in hundredths (50.00 → 5000), as in the shared dice rules. */
export const DICE_DEFAULT_TARGET = 5000;

/** The largest target whose multiplier still exceeds 1.0000x (98.99 at a 1 % edge). */
export function diceMaxValidTarget(edgePct: number = diceEdge()): number {
  let t = DICE_TARGET_MAX;
  while (t > DICE_TARGET_MIN && diceTargetError(t, edgePct) !== null) t--;
  return t;
}

const pctText = (n: number) => `${Number(n.toFixed(2))}%`;

/**
 * The roll-under range the slider really offers, and why it stops short of 99.90: the shared dice
 * rules refuse a target whose win would pay 1.0000x or less, which the house edge decides.
 */
export function diceRangeHint(edgePct: number = diceEdge()): { min: number; max: number; text: string } {
  const max = diceMaxValidTarget(edgePct);
  const text =
    max < DICE_TARGET_MAX
      ? `Roll under ${(DICE_TARGET_MIN / 100).toFixed(2)} to ${(max / 100).toFixed(2)}: above ${(max / 100).toFixed(2)} a win would pay back no more than the stake at the ${pctText(edgePct)} house edge.`
      : `Roll under ${(DICE_TARGET_MIN / 100).toFixed(2)} to ${(max / 100).toFixed(2)}.`;
  return { min: DICE_TARGET_MIN, max, text };
}

export function clampTarget(hundredths: number): number {
  if (!Number.isFinite(hundredths)) return DICE_DEFAULT_TARGET;
  return Math.min(diceMaxValidTarget(), Math.max(DICE_TARGET_MIN, Math.round(hundredths)));
}

/** The multiplier shown and paid for a target, in ten-thousandths (the server's own function). */
export function multiplierFor(target: number): number {
  return diceMultiplier(clampTarget(target), diceEdge());
}

/** The target whose multiplier is nearest a typed one: T = (100 − edge) / M. */
export function targetForMultiplier(multiplier: number): number {
  if (!(multiplier > 0)) return DICE_DEFAULT_TARGET;
  const keep = BASIS_POINTS - edgeBasisPoints(diceEdge());
  return clampTarget(keep / multiplier);
}

/** Net profit of a win in cents: floor(bet × multiplier) − bet, as the server pays it. */
export function profitOnWin(betCents: number, target: number): number {
  return mulFloor(betCents, multiplierFor(target)) - betCents;
}
