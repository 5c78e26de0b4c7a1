import type { Ctx } from '../context.ts';
import { AppError, Errors } from '../errors.ts';
import { type LimitSpec, securityLimit } from '../rate-limit.ts';

const MIN = 60_000;

/** What is being guessed. */
export type GuessScope = 'password' | 'second-factor' | 'reset-code';

/**
 * Issue 26 item 5: guesses of a secret are counted per account *and* client, so a guesser locks out
 * only itself; a slower count per account (the backstop) catches a guesser spread over many
 * addresses. A tripped backstop never refuses the owner: it asks for proof a guesser does not have
 * (the bot check, or a link mailed to the account). All `security` limits: RATE_LIMIT_FACTOR never
 * scales them. Numbers and reasons: docs/decisions/security-limits.md.
 */
export const GUESS_LIMITS: Record<GuessScope, { perClient: LimitSpec; perAccount: LimitSpec | null }> = {
  password: { perClient: securityLimit(10, 15 * MIN), perAccount: securityLimit(50, 60 * MIN) },
  'second-factor': { perClient: securityLimit(10, 15 * MIN), perAccount: securityLimit(30, 60 * MIN) },
  // a 50-bit code valid 15 minutes: the per-client count is enough (see the decisions file)
  'reset-code': { perClient: securityLimit(10, 15 * MIN), perAccount: null },
};

/**
 * Who is guessing:
 * - a signed-in session (withdrawal, 2FA off, email or password change): it holds a session of the
 *   account already, so it is counted on its own and never trips the account's backstop;
 * - a client address signing in: `botChecked` when this request passed the bot check, `unlockLink`
 *   when it carries a sign-in link that was mailed to the account.
 */
export type Guesser = { session: number } | { ip: string; botChecked: boolean; unlockLink?: boolean };

export const GUESS_TEXT = {
  tooMany: 'Too many attempts, please wait a few minutes and try again.',
  tooManyCodes: 'Too many codes tried, please wait a few minutes.',
  /** The tripped backstop at sign-in without a bot check: the same answer whether the password was right. */
  unlockSent:
    'Too many sign-in attempts were made on this account. If your password was right, we have emailed you a link to sign in.',
  /** The tripped backstop where no link can be offered (a Steam sign-in's code). */
  signInByMail:
    'Too many codes were tried on this account. Sign in with your email and password to get a sign-in link by mail.',
} as const;

/** The tripped backstop: the caller answers with the proof it can ask for. */
export const proofNeeded = () => new AppError('proof_needed', GUESS_TEXT.signInByMail, 429);
export const isProofNeeded = (err: unknown) => err instanceof AppError && err.code === 'proof_needed';

/** A counted guess: `right()` takes it back once the secret turned out right (the owner is not counted). */
export interface Guess {
  right(): Promise<void>;
}

/**
 * Counts one guess of `scope` on `account` (before the secret is checked, so guesses sent at once
 * are all counted). Over the per-client limit: 429 for that client only. Over the account's
 * backstop: passes when this request brought proof (bot check, mailed link), otherwise throws
 * `proofNeeded()` for the caller to turn into the right question.
 */
export async function countGuess(ctx: Ctx, scope: GuessScope, account: string, by: Guesser): Promise<Guess> {
  const limits = GUESS_LIMITS[scope];
  const tooMany = scope === 'second-factor' ? GUESS_TEXT.tooManyCodes : GUESS_TEXT.tooMany;
  const client = 'session' in by ? `session:${by.session}` : `ip:${by.ip}`;
  const keys = [`guess:${scope}:${account}:${client}`];
  const right = async () => {
    for (const key of keys) await ctx.limiter.forgive(key);
  };
  if (!(await ctx.limiter.hit(keys[0] as string, limits.perClient))) throw Errors.tooMany(tooMany);
  if ('session' in by || !limits.perAccount) return { right };
  keys.push(`guess:${scope}:${account}`);
  const open = await ctx.limiter.hit(`guess:${scope}:${account}`, limits.perAccount);
  if (open || by.botChecked || by.unlockLink) return { right };
  throw proofNeeded();
}
