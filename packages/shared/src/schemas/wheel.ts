import { z } from 'zod';
import { WHEEL_RISKS, WHEEL_SEGMENTS, type WheelRisk, type WheelSegments } from '../fairness/wheel.ts';
import { coinAmount, INTEGER_STRING, wireNumber } from './common.ts';

const SEGMENTS_ERROR = 'Segments must be 10, 20, 30, 40 or 50.';

/**
 * The /wheel namespace (issue 32). Client → server: wheel:bet {amount, risk, segments[, instant]}.
 * Server → client: wheel:result (WheelResultView) or game-creation-error (a sentence), as dice.
 * `instant` (our client's instant mode) reveals the win at once instead of after the spin.
 */
export const wheelBetPayload = z.tuple([
  z.object({
    amount: coinAmount,
    risk: z.enum(WHEEL_RISKS, { error: 'Risk must be low, medium or high.' }),
    segments: wireNumber(
      z
        .number({ error: SEGMENTS_ERROR })
        .refine((n): n is WheelSegments => (WHEEL_SEGMENTS as readonly number[]).includes(n), SEGMENTS_ERROR),
      INTEGER_STRING,
    ).transform((n) => n as WheelSegments),
    instant: z.boolean({ error: 'Invalid play options.' }).optional(),
  }),
]);

/** The wheel turns this long on our screen: the win's update-wallet and the live feed wait for it. */
export const WHEEL_SPIN_MS = 3000;

export const WHEEL_EVENTS = {
  bet: 'wheel:bet',
  result: 'wheel:result',
  error: 'game-creation-error',
} as const;

/** wheel:result: the bet's id (GET /api/bets/:id), the segment the pointer stops on and what it paid. */
export interface WheelResultView {
  betId: string;
  segment: number;
  /** e.g. 0, 1.5, 49.5 */
  multiplier: number;
  /** gross coins credited (0 on a blank) */
  payout: number;
  risk: WheelRisk;
  segments: WheelSegments;
}
