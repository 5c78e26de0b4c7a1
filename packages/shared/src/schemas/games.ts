import { z } from 'zod';
import { coinAmount } from './common.ts';

/** 1–64 printable characters (fairness.md §1). */
export const clientSeed = z
  .string({ error: 'Please enter a client seed.' })
  .trim()
  .min(1, 'Please enter a client seed.')
  .max(64, 'Client seed must be at most 64 characters.')
  .regex(/^[\x20-\x7E]+$/, 'Client seed may only contain printable characters.');

export const updateSeedBody = z.object({ newClientSeed: clientSeed });

/** dice:bet {amount, multiplier, rangeData}: win if roll < rangeData (a percentage, 0.10–99.90). */
export const diceBetPayload = z.tuple([
  z.object({
    amount: coinAmount,
    multiplier: z.unknown().optional(),
    rangeData: z.coerce
      .number({ error: 'Invalid roll under.' })
      .refine(Number.isFinite, 'Invalid roll under.'),
  }),
]);

/** limbo:bet {amount, multiplier}: the target multiplier, 1.01–1,000,000. */
export const limboBetPayload = z.tuple([
  z.object({
    amount: coinAmount,
    multiplier: z.coerce
      .number({ error: 'Invalid target multiplier.' })
      .refine(Number.isFinite, 'Invalid target multiplier.'),
  }),
]);

export const minesBetPayload = z.tuple([
  z.object({
    amount: coinAmount,
    minescount: z.coerce.number({ error: 'Invalid mines count.' }).int('Invalid mines count.'),
  }),
]);
export const minesRevealPayload = z.tuple([
  z.object({
    tileIndex: z.coerce.number().int('Invalid tile.').min(0, 'Invalid tile.').max(24, 'Invalid tile.'),
  }),
]);
export const noPayload = z.array(z.unknown()).max(1);

/** upgrader:attempt betAmount, item ({name, price, color, image} or an item id), isUnder */
export const upgraderAttemptPayload = z.tuple([
  coinAmount,
  z.union(
    [
      z.coerce.number().int().positive(),
      z
        .string()
        .regex(/^[0-9]{1,18}$/)
        .transform(Number),
      z.object({ id: z.coerce.number().int().positive() }).transform((o) => o.id),
    ],
    { error: 'Please choose an item.' },
  ),
  z.coerce.boolean(),
]);

/** One bet as the live feed and the history show it. */
export interface BetView {
  id: string;
  game: string;
  user: { id: string; username: string; avatar: string };
  amount: number;
  payout: number;
  multiplier: number;
  created: string;
}
