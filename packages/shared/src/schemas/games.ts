import { z } from 'zod';
import { MAX_AMOUNT_CENTS } from '../money.ts';
import { coinAmount, INTEGER_STRING, playOptions, wireNumber } from './common.ts';

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
    rangeData: wireNumber(z.number({ error: 'Invalid roll under.' })),
  }),
]);

/** limbo:bet {amount, multiplier}: the target multiplier, 1.01–1,000,000. */
export const limboBetPayload = z.tuple([
  z.object({
    amount: coinAmount,
    multiplier: wireNumber(z.number({ error: 'Invalid target multiplier.' })),
  }),
]);

export const minesBetPayload = z.tuple([
  z.object({
    amount: coinAmount,
    minescount: wireNumber(
      z.number({ error: 'Invalid mines count.' }).int('Invalid mines count.'),
      INTEGER_STRING,
    ),
  }),
]);
export const minesRevealPayload = z.tuple([
  z.object({
    tileIndex: wireNumber(
      z
        .number({ error: 'Invalid tile.' })
        .int('Invalid tile.')
        .min(0, 'Invalid tile.')
        .max(24, 'Invalid tile.'),
      INTEGER_STRING,
    ),
  }),
]);
export const noPayload = z.array(z.unknown()).max(1);

/** The item as the original client sends it: one of its fixed list, matched by name and price (never trusted). */
export interface UpgraderItemRef {
  name: string;
  price: number;
}

/**
 * upgrader:attempt betAmount, item, isUnder[, options]. The item is our id (a number, its string, or
 * `{id}`) or the original client's object `{name, price, color, image, …}` (PROTOCOL §5); the
 * options are our client's `{instant: true}` (common.ts playOptions), absent from the original's.
 */
export const upgraderAttemptPayload = z.tuple([
  coinAmount,
  z.union(
    [
      z.number().int().positive(),
      z
        .string()
        .regex(/^[0-9]{1,18}$/)
        .transform(Number),
      // a named object first: the original's item may carry an id of its own list, never ours
      z
        .object({
          name: z
            .string()
            .trim()
            .min(1)
            .max(100)
            .regex(/^[^\p{Cc}]+$/u),
          price: wireNumber(
            z
              .number()
              .nonnegative()
              .max(MAX_AMOUNT_CENTS / 100),
          ),
        })
        .transform((o): UpgraderItemRef => ({ name: o.name, price: o.price })),
      z.object({ id: wireNumber(z.number().int().positive(), INTEGER_STRING) }).transform((o) => o.id),
    ],
    { error: 'Please choose an item.' },
  ),
  // a boolean, or its spelling; absent is false (z.coerce.boolean made "false" true)
  z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: 'Invalid roll side.' })
    .optional()
    .transform((v) => v === true || v === 'true'),
  // our client's play options: `{instant: true}` skips the dial's spin (schemas/common.ts)
  playOptions,
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
