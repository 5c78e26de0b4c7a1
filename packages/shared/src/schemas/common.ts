import { z } from 'zod';
import { MAX_AMOUNT_CENTS } from '../money.ts';

/** Digits with an optional fraction: how a form field or a decimal column holds a number. */
export const DECIMAL_STRING = /^\d+(\.\d+)?$/;
/** Whole numbers written out in digits (ids, counts, query strings). */
export const INTEGER_STRING = /^\d{1,15}$/;
/** A coin amount written out: digits and at most 2 decimals (PROTOCOL.md amounts are 2-decimal). */
export const MONEY_STRING = /^\d+(\.\d{1,2})?$/;
const SIGNED_MONEY_STRING = /^-?\d+(\.\d{1,2})?$/;

/**
 * A number on the wire: a JSON number, or a string matching `pattern` read as its decimal value.
 * Nothing else is converted, so true, [1], "0x10", "1e3", " 5" and "" fail `inner`'s type check
 * instead of becoming 1, 1, 16, 1000, 5 and 0 as z.coerce would make them.
 */
export function wireNumber<T extends z.ZodType<number>>(inner: T, pattern: RegExp = DECIMAL_STRING) {
  return z.preprocess((v) => (typeof v === 'string' && pattern.test(v) ? Number(v) : v), inner);
}

/** A coin amount as a client sends it: a number with up to 2 meaningful decimals, or a 2-decimal string. */
export const coinAmount = wireNumber(
  z
    .number({ error: 'Amount must be a number.' })
    .refine((v) => v >= 0, 'Amount cannot be negative.')
    .refine((v) => v * 100 <= MAX_AMOUNT_CENTS, 'Amount is too large.'),
  MONEY_STRING,
);

/** A signed coin amount (admin adjustments). */
export const signedCoinAmount = wireNumber(
  z
    .number({ error: 'Amount must be a number.' })
    .refine((v) => Math.abs(v) * 100 <= MAX_AMOUNT_CENTS, 'Amount is too large.'),
  SIGNED_MONEY_STRING,
);

/** C0 controls (NUL, tab, line breaks…), DEL and C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A one-line text field, trimmed, refused with a sentence naming it when it holds a control
 * character: PostgreSQL cannot store NUL, and nothing typed on one line needs the others.
 * Every free-text field of the shared schemas starts here.
 */
export function text(field: string, missing = `Please enter the ${field}.`) {
  return z
    .string({ error: missing })
    .trim()
    .refine((s) => !CONTROL_CHARS.test(s), `The ${field} may only contain printable characters.`);
}

export const userId = z.string().regex(/^[0-9]{1,18}$/, 'Invalid user id.');

/** An id as a string or a JSON number, written out in digits (never an array or a boolean). */
export function wireId(message: string) {
  return z
    .union([z.string(), z.number()], { error: message })
    .transform(String)
    .pipe(z.string().regex(/^[0-9]{1,18}$/, message));
}

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

/**
 * The optional last argument of a game event whose result animates (cases:open, upgrader:attempt):
 * `{instant: true}` when the player's instant mode skips the animation, so the server announces the
 * win (update-wallet and the success toast) without waiting for it. Absent, as the original client
 * sends it, null (an `undefined` argument on the wire) or `{}`: the animated timing. Unknown keys are
 * dropped.
 */
export const playOptions = z
  .object(
    { instant: z.boolean({ error: 'Invalid play options.' }).optional() },
    { error: 'Invalid play options.' },
  )
  .nullish()
  .transform((o) => ({ instant: o?.instant === true }));
export type PlayOptions = z.infer<typeof playOptions>;
