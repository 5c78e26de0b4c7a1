import { z } from 'zod';
import { MAX_AMOUNT_CENTS } from '../money.ts';

/** A coin amount as a client sends it: a number (or numeric string) with up to 2 meaningful decimals. */
export const coinAmount = z.coerce
  .number({ error: 'Amount must be a number.' })
  .refine(Number.isFinite, 'Amount must be a number.')
  .refine((v) => v >= 0, 'Amount cannot be negative.')
  .refine((v) => v * 100 <= MAX_AMOUNT_CENTS, 'Amount is too large.');

/** A signed coin amount (admin adjustments). */
export const signedCoinAmount = z.coerce
  .number({ error: 'Amount must be a number.' })
  .refine(Number.isFinite, 'Amount must be a number.')
  .refine((v) => Math.abs(v) * 100 <= MAX_AMOUNT_CENTS, 'Amount is too large.');

export const userId = z.string().regex(/^[0-9]{1,18}$/, 'Invalid user id.');

export const errorBody = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

/** The first issue of a failed parse as one sentence. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request.';
  const msg = issue.message;
  // Our own messages are sentences; zod's defaults ("Invalid input: expected …") are not.
  if (msg.endsWith('.') || msg.endsWith('!')) return msg;
  // Positional socket arguments put an index first; a person thinks in field names.
  const fields = issue.path.filter((p) => typeof p === 'string');
  return fields.length > 0 ? `Invalid ${fields.join('.')}.` : 'Invalid request.';
}
