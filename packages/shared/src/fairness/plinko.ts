/**
 * Plinko (issue 32; fairness.md §2 "Plinko"). Stake's published translation: row i (0-based) reads
 * the i-th u32 of the stream; a float below 0.5 falls left, from 0.5 right. pick(k, 2) is that test
 * in integers (u32 ≥ 2^31 is right). The ball ends in slot = number of rights (0 = far left), and
 * the slot's multiplier is read from the table of the bet's rows and risk. Units:
 * - path: one 0 (left) or 1 (right) per row;
 * - multiplier: hundredths (0.2x → 20, 1000x → 100000); payout floor(bet × multiplier / 100).
 */
import { type Seeds, pick, u32s } from './bytes.ts';
import { assertIntegerIn, floorMulDiv } from './integer.ts';

export const PLINKO_ROWS_MIN = 8;
export const PLINKO_ROWS_MAX = 16;
export const PLINKO_RISKS = ['low', 'medium', 'high'] as const;
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];

/**
 * Each table from its edge slot to its centre slot, in hundredths; the other half mirrors it.
 * Stake's published tables, except where their exact return is above 99 %: there one multiplier
 * (and its mirror) is lowered by the least that brings the table to at most 99 %
 * (docs/decisions/originals-plinko-wheel.md lists the 13 changes). Every table returns 98.90–99.00 %.
 */
const HALF_TABLES: Record<number, Record<PlinkoRisk, readonly number[]>> = {
  8: { low: [560, 210, 110, 100, 50], medium: [1300, 300, 130, 70, 40], high: [2890, 400, 150, 30, 20] },
  9: {
    low: [560, 200, 160, 100, 70],
    medium: [1760, 400, 170, 90, 50],
    high: [4280, 700, 200, 60, 20],
  },
  10: {
    low: [880, 300, 140, 110, 100, 50],
    medium: [2200, 500, 200, 140, 60, 40],
    high: [7560, 1000, 300, 90, 30, 20],
  },
  11: {
    low: [830, 300, 190, 130, 100, 70],
    medium: [2370, 600, 300, 180, 70, 50],
    high: [12000, 1380, 520, 140, 40, 20],
  },
  12: {
    low: [1000, 300, 160, 140, 110, 100, 50],
    medium: [3300, 1100, 400, 200, 110, 60, 30],
    high: [17000, 2380, 810, 200, 70, 20, 20],
  },
  13: {
    low: [810, 400, 300, 190, 120, 90, 70],
    medium: [4300, 1300, 600, 300, 130, 70, 40],
    high: [26000, 3670, 1100, 400, 100, 20, 20],
  },
  14: {
    low: [700, 400, 190, 140, 130, 110, 100, 50],
    medium: [5800, 1500, 700, 400, 190, 100, 50, 20],
    high: [42000, 5600, 1800, 500, 190, 30, 20, 20],
  },
  15: {
    low: [1500, 790, 300, 200, 150, 110, 100, 70],
    medium: [8800, 1800, 1100, 500, 300, 130, 50, 30],
    high: [62000, 8270, 2700, 800, 300, 50, 20, 20],
  },
  16: {
    low: [1600, 900, 200, 140, 140, 120, 110, 100, 50],
    medium: [11000, 4100, 1000, 500, 300, 150, 100, 50, 30],
    high: [100000, 13000, 2600, 900, 400, 200, 20, 20, 20],
  },
};

/** The rows × risk table, slot 0 (far left) to slot `rows` (far right), in hundredths. */
export function plinkoTable(rows: number, risk: PlinkoRisk): readonly number[] {
  assertIntegerIn(rows, PLINKO_ROWS_MIN, PLINKO_ROWS_MAX, 'plinko rows');
  const half = HALF_TABLES[rows]?.[risk];
  if (!half) throw new RangeError(`unknown plinko risk ${risk}`);
  // an even row count has an odd number of slots: the centre slot is the half's last entry, once
  const mirrored = rows % 2 === 0 ? half.slice(0, -1) : half;
  return [...half, ...[...mirrored].reverse()];
}

/** Why rows and risk are refused, or null. */
export function plinkoParamsError(rows: number, risk: string): string | null {
  if (!Number.isSafeInteger(rows) || rows < PLINKO_ROWS_MIN || rows > PLINKO_ROWS_MAX) {
    return 'Rows must be a whole number from 8 to 16.';
  }
  if (!(PLINKO_RISKS as readonly string[]).includes(risk)) return 'Risk must be low, medium or high.';
  return null;
}

/** The ball's path: one direction per row, 1 = right (the i-th u32 ≥ 2^31). */
export function plinkoPath(seeds: Seeds, rows: number): number[] {
  assertIntegerIn(rows, PLINKO_ROWS_MIN, PLINKO_ROWS_MAX, 'plinko rows');
  return u32s(seeds, rows).map((u) => pick(u, 2));
}

/** The slot a path ends in: its number of rights. */
export function plinkoSlot(path: readonly number[]): number {
  return path.reduce((sum, step) => sum + step, 0);
}

/** The highest multiplier of a table (the far slots), in hundredths: what max profit is checked against. */
export function plinkoMaxMultiplier(rows: number, risk: PlinkoRisk): number {
  return Math.max(...plinkoTable(rows, risk));
}

export interface PlinkoOutcome {
  path: number[];
  slot: number;
  /** Hundredths. */
  multiplier: number;
  /** Gross payout in cents. */
  payout: number;
}

/** The settlement of a known path (for the exact return sums and the verifier). */
export function plinkoSettle(
  path: readonly number[],
  bet: number,
  rows: number,
  risk: PlinkoRisk,
): PlinkoOutcome {
  if (path.length !== rows) throw new RangeError(`a ${rows}-row path has ${rows} steps, got ${path.length}`);
  const slot = plinkoSlot(path);
  const multiplier = plinkoTable(rows, risk)[slot] ?? 0;
  return { path: [...path], slot, multiplier, payout: floorMulDiv(bet, multiplier, 100) };
}

/** Settles a plinko bet of `bet` cents. Check plinkoParamsError first: this throws on bad rows. */
export function plinkoOutcome(seeds: Seeds, bet: number, rows: number, risk: PlinkoRisk): PlinkoOutcome {
  return plinkoSettle(plinkoPath(seeds, rows), bet, rows, risk);
}

/**
 * The exact return of a table, as a fraction of the stake: Σ C(rows, k) × multiplier_k / (100 × 2^rows).
 * Each direction is exactly even (2^31 of the 2^32 u32 values go each way), so this is exact.
 */
export function plinkoReturn(rows: number, risk: PlinkoRisk): { numerator: bigint; denominator: bigint } {
  let numerator = 0n;
  let ways = 1n; // C(rows, k)
  for (const [k, m] of plinkoTable(rows, risk).entries()) {
    numerator += ways * BigInt(m);
    ways = (ways * BigInt(rows - k)) / BigInt(k + 1);
  }
  return { numerator, denominator: 100n * 2n ** BigInt(rows) };
}
