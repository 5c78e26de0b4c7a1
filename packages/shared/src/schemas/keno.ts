import { z } from 'zod';
import { KENO_MAX_PICKS, KENO_NUMBERS, KENO_RISKS } from '../fairness/keno.ts';
import { coinAmount, INTEGER_STRING, playOptions, wireNumber } from './common.ts';

/**
 * The /keno namespace (issue 32). Client → server: keno:bet {amount, risk, picks}[, {instant}].
 * Server → client: keno:result (KenoResult) or game-creation-error (a sentence), as dice.
 */
export const KENO_EVENTS = { bet: 'keno:bet', result: 'keno:result', error: 'game-creation-error' } as const;

const kenoNumber = wireNumber(
  z
    .number({ error: 'Numbers must be from 1 to 40.' })
    .int('Numbers must be from 1 to 40.')
    .min(1, 'Numbers must be from 1 to 40.')
    .max(KENO_NUMBERS, 'Numbers must be from 1 to 40.'),
  INTEGER_STRING,
);

export const kenoBetPayload = z.tuple([
  z.object({
    amount: coinAmount,
    risk: z.enum(KENO_RISKS, { error: 'Choose a risk: classic, low, medium or high.' }),
    picks: z
      .array(kenoNumber, { error: 'Pick from 1 to 10 numbers.' })
      .min(1, 'Pick from 1 to 10 numbers.')
      .max(KENO_MAX_PICKS, 'Pick from 1 to 10 numbers.')
      .refine((p) => new Set(p).size === p.length, 'Pick each number once.'),
  }),
  // our client's play options: `{instant: true}` announces a win without waiting for the draw's reveal
  playOptions,
]);

/** keno:result: the draw in order, the picks it hit, what was paid (gross coins) at what multiplier. */
export interface KenoResult {
  betId: string;
  drawn: number[];
  hits: number[];
  /** e.g. 3.96 (0 when nothing is paid) */
  multiplier: number;
  /** coins, gross (0 on a loss) */
  payout: number;
}
