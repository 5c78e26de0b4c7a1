import { z } from 'zod';
import { PLINKO_RISKS, PLINKO_ROWS_MAX, PLINKO_ROWS_MIN, type PlinkoRisk } from '../fairness/plinko.ts';
import { coinAmount, INTEGER_STRING, wireNumber } from './common.ts';

/**
 * The /plinko namespace (issue 32). Client → server: plinko:bet {amount, risk, rows[, instant]}.
 * Server → client: plinko:result (PlinkoResultView) or game-creation-error (a sentence), as dice.
 * `instant` (our client's instant mode) reveals the win at once instead of after the ball's fall.
 */
export const plinkoBetPayload = z.tuple([
  z.object({
    amount: coinAmount,
    risk: z.enum(PLINKO_RISKS, { error: 'Risk must be low, medium or high.' }),
    rows: wireNumber(
      z
        .number({ error: 'Rows must be a whole number from 8 to 16.' })
        .int('Rows must be a whole number from 8 to 16.')
        .min(PLINKO_ROWS_MIN, 'Rows must be a whole number from 8 to 16.')
        .max(PLINKO_ROWS_MAX, 'Rows must be a whole number from 8 to 16.'),
      INTEGER_STRING,
    ),
    instant: z.boolean({ error: 'Invalid play options.' }).optional(),
  }),
]);

/**
 * How long the ball takes to fall through `rows` rows on our screen: the win's update-wallet and the
 * live feed wait this long (0 in instant mode), so the balance moves when the ball lands.
 */
export function plinkoRevealMs(rows: number): number {
  return PLINKO_DROP_START_MS + PLINKO_ROW_MS * rows;
}
export const PLINKO_DROP_START_MS = 250;
export const PLINKO_ROW_MS = 200;

export const PLINKO_EVENTS = {
  bet: 'plinko:bet',
  result: 'plinko:result',
  error: 'game-creation-error',
} as const;

/** plinko:result: the bet's id (GET /api/bets/:id), the path (1 = right), its slot and what it paid. */
export interface PlinkoResultView {
  betId: string;
  path: Array<0 | 1>;
  slot: number;
  /** e.g. 0.2, 1.1, 1000 */
  multiplier: number;
  /** gross coins credited (stake × multiplier, floored to the cent) */
  payout: number;
  risk: PlinkoRisk;
  rows: number;
}
