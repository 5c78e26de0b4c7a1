/**
 * Wheel (issue 32; fairness.md §2 "Wheel"). Stake's published translation: the first float of the
 * stream × segments, floored, is the segment (pick(0, segments) in integers); the segment's
 * multiplier is read from the table of the bet's segments and risk. Stake's published tables, each
 * returning exactly 99 % (the multipliers of a table add up to 0.99 × segments). Units:
 * - segment: 0..segments − 1, clockwise from the pointer's start;
 * - multiplier: hundredths (1.5x → 150, 0 on a losing segment); payout floor(bet × multiplier / 100).
 */
import { type Seeds, pickAt } from './bytes.ts';
import { floorMulDiv } from './integer.ts';

export const WHEEL_SEGMENTS = [10, 20, 30, 40, 50] as const;
export type WheelSegments = (typeof WHEEL_SEGMENTS)[number];
export const WHEEL_RISKS = ['low', 'medium', 'high'] as const;
export type WheelRisk = (typeof WHEEL_RISKS)[number];

/** Low risk: this block of ten repeated (1.5x once, 1.2x seven times, two blanks). */
const LOW_BLOCK = [150, 120, 120, 120, 0, 120, 120, 120, 120, 0];

/** Medium risk: the paying segments, each followed by a blank. */
const MEDIUM_PAYING: Record<WheelSegments, readonly number[]> = {
  10: [190, 150, 200, 150, 300],
  20: [150, 200, 200, 200, 150, 300, 180, 200, 200, 200],
  30: [150, 150, 200, 150, 200, 200, 150, 300, 150, 200, 200, 170, 400, 150, 200],
  40: [200, 300, 200, 150, 300, 150, 150, 200, 150, 300, 150, 200, 200, 160, 200, 150, 300, 150, 200, 150],
  50: [
    200, 150, 200, 150, 300, 150, 150, 200, 150, 300, 150, 200, 150, 200, 200, 150, 300, 150, 200, 150, 150,
    500, 150, 200, 150,
  ],
};

/** Every segment of a wheel, in hundredths. */
export function wheelTable(segments: WheelSegments, risk: WheelRisk): readonly number[] {
  if (!WHEEL_SEGMENTS.includes(segments))
    throw new RangeError(`a wheel has 10..50 segments, got ${segments}`);
  switch (risk) {
    case 'low':
      return Array.from({ length: segments }, (_, i) => LOW_BLOCK[i % 10] ?? 0);
    case 'medium': {
      // Stake's 10-segment medium wheel starts with its blank: 0, 1.9, 0, 1.5, … ; the others with a win
      const paying = MEDIUM_PAYING[segments];
      return segments === 10 ? paying.flatMap((m) => [0, m]) : paying.flatMap((m) => [m, 0]);
    }
    case 'high':
      // one segment pays 0.99 × segments
      return Array.from({ length: segments }, (_, i) => (i === segments - 1 ? 99 * segments : 0));
    default:
      throw new RangeError(`unknown wheel risk ${String(risk)}`);
  }
}

/** Why segments and risk are refused, or null. */
export function wheelParamsError(segments: number, risk: string): string | null {
  if (!(WHEEL_SEGMENTS as readonly number[]).includes(segments))
    return 'Segments must be 10, 20, 30, 40 or 50.';
  if (!(WHEEL_RISKS as readonly string[]).includes(risk)) return 'Risk must be low, medium or high.';
  return null;
}

/** The segment the pointer stops on: pick(0, segments). */
export function wheelSegment(seeds: Seeds, segments: WheelSegments): number {
  return pickAt(seeds, 0, segments);
}

/** The highest multiplier of a wheel, in hundredths: what max profit is checked against. */
export function wheelMaxMultiplier(segments: WheelSegments, risk: WheelRisk): number {
  return Math.max(...wheelTable(segments, risk));
}

export interface WheelOutcome {
  segment: number;
  /** Hundredths (0 on a blank). */
  multiplier: number;
  /** Gross payout in cents. */
  payout: number;
}

/** The settlement of a known segment (for the exact return sums and the verifier). */
export function wheelSettle(
  segment: number,
  bet: number,
  segments: WheelSegments,
  risk: WheelRisk,
): WheelOutcome {
  const multiplier = wheelTable(segments, risk)[segment];
  if (multiplier === undefined) throw new RangeError(`no segment ${segment} on a ${segments}-segment wheel`);
  return { segment, multiplier, payout: floorMulDiv(bet, multiplier, 100) };
}

/** Settles a wheel bet of `bet` cents. Check wheelParamsError first. */
export function wheelOutcome(
  seeds: Seeds,
  bet: number,
  segments: WheelSegments,
  risk: WheelRisk,
): WheelOutcome {
  return wheelSettle(wheelSegment(seeds, segments), bet, segments, risk);
}
