import { TWO_FACTOR_TEXT, type TwoFactorSetup, type TwoFactorStatus } from '@coinsite/shared';
import QRCode from 'qrcode';
import type { Ctx } from '../context.ts';
import { AppError, Errors } from '../errors.ts';
import { countGuess, type Guesser } from '../auth/guess-limit.ts';
import { hashToken, newResetCode } from '../auth/tokens.ts';
import { matchTotp, newTotpSecret, otpauthUri } from '../auth/totp.ts';

export const RECOVERY_CODE_COUNT = 10;

/** The answer when a guarded action lacks a valid second factor: 400 with `twoFactor: true`. */
export const twoFactorError = (message: string = TWO_FACTOR_TEXT.required) =>
  new AppError('two_factor', message, 400, { twoFactor: true });

/** `ABCDE-23456`: 50 random bits from the reset code alphabet. */
function newRecoveryCode(): string {
  const c = newResetCode();
  return `${c.slice(0, 5)}-${c.slice(5)}`;
}
const normalizeRecovery = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

export async function twoFactorEnabled(ctx: Ctx, userId: number): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('users')
    .select('totp_secret')
    .where('id', '=', userId)
    .executeTakeFirst();
  return !!row?.totp_secret;
}

export async function twoFactorStatus(ctx: Ctx, userId: number): Promise<TwoFactorStatus> {
  const enabled = await twoFactorEnabled(ctx, userId);
  const left = await ctx.db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { enabled, recoveryCodesLeft: enabled ? Number(left.n) : 0 };
}

/** Step 1: a fresh secret, kept pending until a code from it confirms it; shown as a QR code. */
export async function setupTwoFactor(ctx: Ctx, userId: number): Promise<TwoFactorSetup> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['username', 'email', 'totp_secret'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (user.totp_secret) throw Errors.badRequest(TWO_FACTOR_TEXT.alreadyOn);
  const secret = newTotpSecret();
  await ctx.db.updateTable('users').set({ totp_pending_secret: secret }).where('id', '=', userId).execute();
  const issuer = new URL(ctx.config.publicUrl).host || 'CoinSite';
  const otpauthUrl = otpauthUri(issuer, user.email ?? user.username, secret);
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** Step 2: a code from the pending secret turns 2FA on; answers the ten recovery codes (shown once). */
export async function enableTwoFactor(
  ctx: Ctx,
  who: { id: number; sessionId: number },
  code: string,
): Promise<string[]> {
  const userId = who.id;
  const guess = await countGuess(ctx, 'second-factor', String(userId), { session: who.sessionId });
  const user = await ctx.db
    .selectFrom('users')
    .select(['totp_secret', 'totp_pending_secret'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (user.totp_secret) throw Errors.badRequest(TWO_FACTOR_TEXT.alreadyOn);
  if (!user.totp_pending_secret) throw Errors.badRequest(TWO_FACTOR_TEXT.noSetup);
  const step = matchTotp(user.totp_pending_secret, code, ctx.clock.now());
  if (step === null) throw twoFactorError(TWO_FACTOR_TEXT.invalid);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const on = await ctx.db.transaction().execute(async (tx) => {
    const res = await tx
      .updateTable('users')
      .set({ totp_secret: user.totp_pending_secret, totp_pending_secret: null, totp_last_step: step })
      .where('id', '=', userId)
      .where('totp_secret', 'is', null)
      .where('totp_pending_secret', '=', user.totp_pending_secret)
      .executeTakeFirst();
    if (res.numUpdatedRows === 0n) return false;
    await tx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await tx
      .insertInto('recovery_codes')
      .values(codes.map((c) => ({ user_id: userId, code_hash: hashToken(normalizeRecovery(c)) })))
      .execute();
    return true;
  });
  if (!on) throw Errors.badRequest(TWO_FACTOR_TEXT.noSetup);
  await guess.right();
  return codes;
}

/** Turns 2FA off (the caller has checked the second factor with requireSecondFactor). */
export async function disableTwoFactor(ctx: Ctx, userId: number): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    await tx
      .updateTable('users')
      .set({ totp_secret: null, totp_pending_secret: null })
      .where('id', '=', userId)
      .execute();
    await tx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  });
}

/**
 * The guard of every protected action (sign-in, withdrawal, email or password change, turning 2FA
 * off): a no-op when 2FA is off; otherwise the code must be a fresh authenticator code (a time
 * step newer than the last one accepted, taken atomically) or an unused recovery code (used up).
 * Guesses (authenticator and recovery codes alike) are counted per account and guesser
 * (`countGuess`): a sign-in per client address with the account's backstop, a signed-in action per
 * session.
 */
export async function requireSecondFactor(
  ctx: Ctx,
  userId: number,
  code: string | null | undefined,
  by: Guesser,
): Promise<void> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['totp_secret', 'totp_last_step'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user?.totp_secret) return;
  const given = (code ?? '').trim();
  if (!given) throw twoFactorError();
  const guess = await countGuess(ctx, 'second-factor', String(userId), by);
  if (/^\d{6}$/.test(given)) {
    const step = matchTotp(user.totp_secret, given, ctx.clock.now());
    if (step !== null) {
      const taken = await ctx.db
        .updateTable('users')
        .set({ totp_last_step: step })
        .where('id', '=', userId)
        .where('totp_secret', '=', user.totp_secret)
        .where('totp_last_step', '<', step)
        .executeTakeFirst();
      if (taken.numUpdatedRows > 0n) return guess.right();
    }
    throw twoFactorError(TWO_FACTOR_TEXT.invalid);
  }
  const used = await ctx.db
    .updateTable('recovery_codes')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashToken(normalizeRecovery(given)))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (used.numUpdatedRows === 0n) throw twoFactorError(TWO_FACTOR_TEXT.invalid);
  await guess.right();
}
