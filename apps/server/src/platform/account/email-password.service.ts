import { ACCOUNT_TEXT } from '@coinsite/shared';
import { sql } from 'kysely';
import type { Ctx } from '../context.ts';
import { AppError, Errors } from '../errors.ts';
import { hashPassword, hashToken, newToken, verifyPassword } from '../auth/tokens.ts';
import { pgErrorCode } from '../tx.ts';
import { securityMail } from './notify.ts';
import { requireSecondFactor } from './two-factor.service.ts';

/** A verification or email-change link is valid this long. */
export const EMAIL_LINK_TTL_MS = 24 * 60 * 60_000;

async function checkPassword(ctx: Ctx, userId: number, password: string): Promise<void> {
  const user = await ctx.db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (!user.password_hash) throw Errors.badRequest(ACCOUNT_TEXT.noPassword);
  if (!(await verifyPassword(user.password_hash, password)))
    throw new AppError('bad_password', ACCOUNT_TEXT.wrongPassword, 400);
}

async function newEmailCode(
  ctx: Ctx,
  userId: number,
  purpose: 'verify_email' | 'change_email',
  payload: string | null,
): Promise<string> {
  const code = newToken();
  // a new link replaces the earlier unused ones of the same purpose
  await ctx.db
    .updateTable('one_time_codes')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  await ctx.db
    .insertInto('one_time_codes')
    .values({
      code_hash: hashToken(code),
      purpose,
      user_id: userId,
      payload,
      expires_at: new Date(Date.now() + EMAIL_LINK_TTL_MS),
    })
    .execute();
  return code;
}

/** Mails the registration's verification link (an account can play meanwhile, not withdraw). */
export async function sendVerificationMail(ctx: Ctx, userId: number): Promise<void> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['email', 'username', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (!user.email || user.email_verified_at) return;
  const code = await newEmailCode(ctx, userId, 'verify_email', user.email);
  await ctx.mailer.send({
    to: user.email,
    subject: 'Confirm your email address',
    text: [
      `Hi ${user.username},`,
      '',
      'Please confirm that this is your email address by opening this link:',
      `${ctx.config.publicUrl}/verify-email?token=${code}`,
      '',
      'You can play meanwhile; withdrawals need a confirmed address. The link is valid for 24 hours.',
      "If you didn't create an account, you can ignore this mail.",
    ].join('\n'),
  });
}

/** Opens a verification or email-change link (whoever opens it: the mailbox proves ownership). */
export async function confirmEmailLink(ctx: Ctx, token: string): Promise<{ message: string }> {
  const row = await ctx.db
    .updateTable('one_time_codes')
    .set({ used_at: new Date() })
    .where('code_hash', '=', hashToken(token))
    .where('purpose', 'in', ['verify_email', 'change_email'])
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['user_id', 'purpose', 'payload'])
    .executeTakeFirst();
  if (!row?.payload) throw Errors.badRequest(ACCOUNT_TEXT.badLink);
  if (row.purpose === 'verify_email') {
    // only if the address is still the one the link was sent to
    await ctx.db
      .updateTable('users')
      .set({ email_verified_at: new Date() })
      .where('id', '=', row.user_id)
      .where((eb) => eb(eb.fn('lower', ['email']), '=', row.payload?.toLowerCase() ?? ''))
      .where('email_verified_at', 'is', null)
      .execute();
    return { message: ACCOUNT_TEXT.emailVerified };
  }
  const before = await ctx.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', row.user_id)
    .executeTakeFirstOrThrow();
  try {
    await ctx.db
      .updateTable('users')
      .set({
        email: row.payload,
        email_verified_at: new Date(),
        email_confirmed_at: sql`coalesce(email_confirmed_at, now())`,
      })
      .where('id', '=', row.user_id)
      .execute();
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw Errors.badRequest(ACCOUNT_TEXT.emailTaken);
    throw err;
  }
  const lines = [`The email address of your account is now ${row.payload}.`];
  if (before.email)
    await securityMail(ctx, row.user_id, 'Your email address was changed', lines, before.email);
  await securityMail(ctx, row.user_id, 'Your email address was changed', lines, row.payload);
  return { message: ACCOUNT_TEXT.emailChanged };
}

/**
 * Email change: password and second factor, then a link to the new address (it changes only when
 * that link is opened) and a notice to the current one.
 */
export async function requestEmailChange(
  ctx: Ctx,
  user: { id: number; sessionId: number },
  body: { newEmail: string; password: string; twoFactorCode?: string },
): Promise<void> {
  const userId = user.id;
  await checkPassword(ctx, userId, body.password);
  await requireSecondFactor(ctx, userId, body.twoFactorCode, { session: user.sessionId });
  const taken = await ctx.db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', body.newEmail.toLowerCase()))
    .executeTakeFirst();
  if (taken) throw Errors.badRequest(taken.id === userId ? ACCOUNT_TEXT.sameEmail : ACCOUNT_TEXT.emailTaken);
  const row = await ctx.db
    .selectFrom('users')
    .select(['email', 'username'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const code = await newEmailCode(ctx, userId, 'change_email', body.newEmail);
  await ctx.mailer.send({
    to: body.newEmail,
    subject: 'Confirm your new email address',
    text: [
      `Hi ${row.username},`,
      '',
      'You asked to use this address for your account. Open this link to confirm it:',
      `${ctx.config.publicUrl}/verify-email?token=${code}`,
      '',
      'The link is valid for 24 hours. Until then your account keeps its current address.',
    ].join('\n'),
  });
  if (row.email)
    await securityMail(ctx, userId, 'Email change requested', [
      `Someone signed in to your account asked to change its email address to ${body.newEmail}.`,
      'Nothing changes unless the link we sent to that address is opened.',
    ]);
}

/** Password change while signed in: the current password and second factor; other sessions end. */
export async function changePassword(
  ctx: Ctx,
  user: { id: number; sessionId: number },
  body: { currentPassword: string; newPassword: string; twoFactorCode?: string },
): Promise<void> {
  await checkPassword(ctx, user.id, body.currentPassword);
  await requireSecondFactor(ctx, user.id, body.twoFactorCode, { session: user.sessionId });
  await ctx.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(body.newPassword) })
    .where('id', '=', user.id)
    .execute();
  await ctx.sessions.revokeOthers(user.id, user.sessionId, 'password_changed');
  await securityMail(ctx, user.id, 'Your password was changed', [
    'The password of your account was just changed. Every other session was signed out.',
  ]);
}

/** Withdrawals need a verified address (issue 16 §2). */
export async function requireVerifiedEmail(ctx: Ctx, userId: number): Promise<void> {
  const row = await ctx.db
    .selectFrom('users')
    .select('email_verified_at')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (row && row.email_verified_at === null)
    throw new AppError('email_unverified', ACCOUNT_TEXT.verifyFirst, 403, { emailUnverified: true });
}
