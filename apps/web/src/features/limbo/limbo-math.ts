import { BASIS_POINTS, edgeBasisPoints, LIMBO_OUTCOMES, limboTargetError } from '@coinsite/shared/fairness';
import { gameEdges } from '../../lib/site-store.ts';

/** The house edge the server is configured with (GET /api/site), read at call time. */
const limboEdge = (): number => gameEdges.limbo;
export const LIMBO_DEFAULT_TARGET = '2.00';

/** A typed target (1.01–1,000,000) → hundredths, as the server reads it; null when refused. */
export function targetHundredths(value: number | null): number | null {
  if (value === null) return null;
  const t = Math.round(value * 100);
  return limboTargetError(t) === null ? t : null;
}

/**
 * The exact win chance in percent: the result is floor(keep · 10^6 / n) hundredths for n uniform
 * in 1..10^8, so it reaches t for n ≤ floor(keep · 10^6 / t).
 */
export function winChancePct(target: number): number {
  const keep = BASIS_POINTS - edgeBasisPoints(limboEdge());
  const winning = Math.min(LIMBO_OUTCOMES, Math.floor((keep * 1_000_000) / target));
  return (winning / LIMBO_OUTCOMES) * 100;
}

/** Net profit of a win in cents: floor(bet × target) − bet (exact for any amount). */
export function limboProfit(betCents: number, target: number): number {
  return Number((BigInt(betCents) * BigInt(target)) / 100n) - betCents;
}

/** 49.5 → "49.50", 0.000099 → "0.000099" (tiny chances keep two significant digits). */
export function formatChance(pct: number): string {
  if (pct >= 0.01) return pct.toFixed(2);
  return Number(pct.toPrecision(2)).toString();
}
