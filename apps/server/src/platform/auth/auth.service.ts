import type { PublicUser, RegisterBody } from '@coinsite/shared';
import { centsToCoins } from '@coinsite/shared';
import { sql } from 'kysely';
import type { Ctx } from '../context.ts';
import { AppError, Errors } from '../errors.ts';
import { sendVerificationMail } from '../account/email-password.service.ts';
import { deviceName, securityMail, whereFrom } from '../account/notify.ts';
import { requireSecondFactor } from '../account/two-factor.service.ts';
import { pgErrorCode } from '../tx.ts';
import { securityLimit } from '../rate-limit.ts';
import { countGuess, type Guess, GUESS_TEXT, isProofNeeded } from './guess-limit.ts';
import type { SessionDevice } from './sessions.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './tokens.ts';

const CREDENTIALS = 'Invalid email or password.';
const USERNAME_TAKEN = 'This username is already taken.';

/** A mailed sign-up link (REGISTER_CONFIRM_EMAIL) is valid this long; the pending account holds its username meanwhile. */
export const SIGNUP_LINK_TTL_MS = 24 * 60 * 60_000;

/** Where registration sends the client when the account waits for its mailed link. */
export const CHECK_MAIL_REDIRECT = '/register/check-mail';

function byEmail(ctx: Ctx, email: string) {
  return ctx.db.selectFrom('users').where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()));
}

/** How long a sign-in link mailed by a tripped guess backstop stays valid. */
export const UNLOCK_LINK_TTL_MS = 15 * 60_000;
/** At most this many such links per account and window (the owner retrying; never a mail bomb). */
const UNLOCK_MAILS = securityLimit(3, 15 * 60_000);

const unlockAnswer = () => new AppError('unlock_sent', GUESS_TEXT.unlockSent, 400, { unlockSent: true });

/**
 * Login: returns the one-time code for the redirect. Every failure is one sentence; an account whose
 * email is not confirmed yet answers exactly like a wrong password.
 * Issue 26 item 5: password and code guesses are counted per account and client address
 * (guess-limit.ts). Once the account's backstop has tripped, a request without the bot check does
 * not sign in: when its password (and code) were right a sign-in link is mailed to the account, and
 * the answer is the same sentence either way.
 */
export async function login(
  ctx: Ctx,
  email: string,
  password: string,
  twoFactorCode: string | undefined,
  client: { ip: string; botChecked: boolean },
): Promise<string> {
  const by = { ip: client.ip, botChecked: client.botChecked };
  let guess: Guess | null = null;
  try {
    guess = await countGuess(ctx, 'password', email.trim().toLowerCase(), by);
  } catch (err) {
    if (!isProofNeeded(err)) throw err;
  }
  const proofNeeded = guess === null;
  const user = await byEmail(ctx, email)
    .select(['id', 'password_hash', 'banned', 'rank', 'email_confirmed_at'])
    .executeTakeFirst();
  const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), password);
  if (!user || !ok || user.email_confirmed_at === null)
    throw proofNeeded ? unlockAnswer() : Errors.badRequest(CREDENTIALS);
  // the right password was no guess: the owner's own sign-ins never use up the limit
  await guess?.right();
  if (user.banned) throw Errors.banned();
  if (user.rank < 5 && !(await ctx.controls.isEnabled('login'))) throw Errors.disabled('Login');
  if (proofNeeded) {
    await mailUnlockLink(ctx, user.id);
    throw unlockAnswer();
  }
  // issue 16: after the password (only its owner learns that 2FA is on), the second factor
  try {
    await requireSecondFactor(ctx, user.id, twoFactorCode, by);
  } catch (err) {
    if (!isProofNeeded(err)) throw err;
    await mailUnlockLink(ctx, user.id);
    throw unlockAnswer();
  }
  return ctx.sessions.createLoginCode(user.id, undefined, true);
}

/**
 * The tripped backstop's proof without a bot check: a sign-in link to the account's address. It
 * still asks for the second factor when 2FA is on (then counted per address only).
 */
async function mailUnlockLink(ctx: Ctx, userId: number): Promise<void> {
  if (!(await ctx.limiter.hit(`unlock-mail:${userId}`, UNLOCK_MAILS))) return;
  const user = await ctx.db
    .selectFrom('users')
    .select(['email', 'username'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (!user.email) return;
  const code = await ctx.sessions.createLoginCode(userId, UNLOCK_LINK_TTL_MS, false, true);
  await ctx.mailer.send({
    to: user.email,
    subject: 'Your sign-in link',
    text: [
      `Hi ${user.username},`,
      '',
      'Many wrong passwords or codes were tried on your account recently, so signing in with your',
      'password alone is paused for a while. You entered the right password: open this link to sign in.',
      `${ctx.config.publicUrl}/login?token=${code}`,
      '',
      'It is valid for 15 minutes and can be used once.',
      "If it wasn't you who just signed in, someone knows your password: change it once you are in.",
    ].join('\n'),
  });
}

/**
 * Registration. With REGISTER_CONFIRM_EMAIL off the account signs in at once: returns the one-time
 * code. With it on, returns null whatever the email (see registerByMail): the caller answers the same.
 */
export async function register(ctx: Ctx, body: RegisterBody): Promise<string | null> {
  if (!(await ctx.controls.isEnabled('login'))) throw Errors.disabled('Registration');
  // issue 16 §5 / 26 item 6: the age and region rules are the body's schema (registerBodyFor)
  // hashed on every path, so the time taken says nothing about the email
  const passwordHash = await hashPassword(body.password);
  if (ctx.config.registerConfirmEmail) {
    await registerByMail(ctx, body, passwordHash);
    return null;
  }
  try {
    const user = await ctx.db
      .insertInto('users')
      .values({
        email: body.email,
        username: body.username,
        password_hash: passwordHash,
        email_verified_at: null,
        birth_date: body.birthDate ?? null,
        region: body.region?.toUpperCase() ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // issue 16: the account plays at once; the mailed link confirms the address (for withdrawals)
    await sendVerificationMail(ctx, user.id);
    return ctx.sessions.createLoginCode(user.id);
  } catch (err) {
    if (pgErrorCode(err) === '23505') {
      const detail = String((err as { constraint?: string }).constraint ?? '');
      if (detail.includes('email')) throw Errors.badRequest('This email is already registered.');
      throw Errors.badRequest(USERNAME_TAKEN);
    }
    throw err;
  }
}

/**
 * The non-enumerable registration: the username check comes first (usernames are public); then
 * exactly one mail goes to the address and nothing in the answer depends on it.
 * - a new address: an unconfirmed account and a 24 h link that confirms it and signs in;
 * - an unconfirmed one: that pending account takes this request's username and password, earlier
 *   links are voided and a fresh one is sent (only the mailbox owner can use it);
 * - a confirmed one: a note to the owner, nothing else changes.
 */
async function registerByMail(ctx: Ctx, body: RegisterBody, passwordHash: string): Promise<void> {
  await claimUsername(ctx, body.username);
  const existing = await byEmail(ctx, body.email)
    .select(['id', 'email', 'username', 'email_confirmed_at'])
    .executeTakeFirst();
  if (existing?.email && existing.email_confirmed_at !== null) {
    await mailSignUpAttempt(ctx, existing.email, existing.username);
    return;
  }
  let userId: number;
  try {
    if (existing) {
      const updated = await ctx.db
        .updateTable('users')
        .set({ username: body.username, password_hash: passwordHash })
        .where('id', '=', existing.id)
        .where('email_confirmed_at', 'is', null)
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) {
        // confirmed in the meantime
        await mailSignUpAttempt(ctx, existing.email ?? body.email, existing.username);
        return;
      }
      await ctx.sessions.voidLoginCodes(existing.id);
      userId = existing.id;
    } else {
      const user = await ctx.db
        .insertInto('users')
        .values({
          email: body.email,
          username: body.username,
          password_hash: passwordHash,
          email_confirmed_at: null,
          email_verified_at: null,
          birth_date: body.birthDate ?? null,
          region: body.region?.toUpperCase() ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userId = user.id;
    }
  } catch (err) {
    if (pgErrorCode(err) !== '23505') throw err;
    // a concurrent registration of the same address sends its own mail; answer the same
    if (String((err as { constraint?: string }).constraint ?? '').includes('email')) return;
    throw Errors.badRequest(USERNAME_TAKEN);
  }
  const code = await ctx.sessions.createLoginCode(userId, SIGNUP_LINK_TTL_MS);
  await ctx.mailer.send({
    to: body.email,
    subject: 'Finish signing up',
    text: [
      `Hi ${body.username},`,
      '',
      `Someone (we hope you) signed up with this address as "${body.username}".`,
      'Open this link to confirm your email and sign in:',
      `${ctx.config.publicUrl}/login?token=${code}`,
      '',
      'It is valid for 24 hours and can be used once.',
      "If you didn't sign up, or that is not the username you chose, ignore this mail: nothing happens without the link.",
    ].join('\n'),
  });
}

/**
 * Refuses a username that is held. A pending sign-up holds its username while its link lives; once
 * every link has expired the username is free again: the pending account is renamed to
 * `~pending-<id>` (no one can register that) and keeps only its email, so the owner can still sign up.
 */
async function claimUsername(ctx: Ctx, username: string): Promise<void> {
  const holder = await ctx.db
    .selectFrom('users')
    .select(['id', 'email_confirmed_at'])
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
  if (!holder) return;
  if (holder.email_confirmed_at !== null || (await ctx.sessions.hasLiveLoginCode(holder.id)))
    throw Errors.badRequest(USERNAME_TAKEN);
  await ctx.db
    .updateTable('users')
    .set({ username: `~pending-${holder.id}` })
    .where('id', '=', holder.id)
    .where('email_confirmed_at', 'is', null)
    .execute();
}

async function mailSignUpAttempt(ctx: Ctx, email: string, username: string): Promise<void> {
  const site = ctx.config.publicUrl;
  await ctx.mailer.send({
    to: email,
    subject: 'Someone tried to sign up with your address',
    text: [
      `Hi ${username},`,
      '',
      'Someone tried to create a new account with this email address. It already belongs to your',
      'account, so nothing was created and nothing changed.',
      '',
      `If it was you, sign in instead: ${site}/home?login`,
      `Forgot your password? Reset it here: ${site}/home?email=${encodeURIComponent(email)}`,
      '',
      "If it wasn't you, you can ignore this mail.",
    ].join('\n'),
  });
}

/**
 * Exchanges a one-time sign-in code for a session. Only the mailbox owner can hold a code for an
 * unconfirmed account (the mailed link), so using one confirms the email.
 */
export async function exchangeCode(
  ctx: Ctx,
  code: string,
  device: SessionDevice,
  twoFactorCode?: string,
): Promise<string | null> {
  // issue 16: a code made without the second factor (Steam) asks for it here; the code stays unused
  const pending = await ctx.sessions.peekLoginCode(code);
  if (pending && !pending.secondFactor)
    await requireSecondFactor(ctx, pending.userId, twoFactorCode, {
      ip: device.ip,
      botChecked: false,
      unlockLink: pending.unlock,
    });
  const userId = await ctx.sessions.consumeCode(code, 'login');
  if (!userId) return null;
  await ctx.db
    .updateTable('users')
    .set({ email_confirmed_at: new Date(), email_verified_at: new Date() })
    .where('id', '=', userId)
    .where('email_confirmed_at', 'is', null)
    .execute();
  // issue 16 §6: a sign-in from a device (user agent) this account never used before is mailed
  // (not the very first session: that is the registration itself)
  const hadSessions = await ctx.sessions.knownDevice(userId, null);
  const known = await ctx.sessions.knownDevice(userId, device.userAgent);
  const token = await ctx.sessions.create(userId, device);
  if (hadSessions && !known)
    await securityMail(ctx, userId, 'New sign-in to your account', [
      `Your account was just signed in to from a new device: ${whereFrom(deviceName(device.userAgent), device.ip)}.`,
      'You can see and sign out every session in your profile settings.',
    ]);
  return token;
}

/** Mails a reset code when the account exists; says nothing either way (no account enumeration). */
export async function forgotPassword(ctx: Ctx, email: string): Promise<void> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'email', 'username'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  if (!user?.email) return;
  const code = await ctx.sessions.createResetCode(user.id);
  const link = `${ctx.config.publicUrl}/home?email=${encodeURIComponent(user.email)}&code=${code}`;
  await ctx.mailer.send({
    to: user.email,
    subject: 'Your password reset code',
    text: [
      `Hi ${user.username},`,
      '',
      `Your security code is: ${code}`,
      '',
      'It is valid for 15 minutes and can be used once. You can also open this link:',
      link,
      '',
      "If you didn't ask to reset your password, you can ignore this mail.",
    ].join('\n'),
  });
}

/** Sets a new password with a valid code and revokes every session of the account. */
export async function resetPassword(ctx: Ctx, email: string, code: string, password: string): Promise<void> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  const userId = user ? await ctx.sessions.consumeCode(code, 'reset', user.id) : null;
  if (!userId)
    throw new AppError('bad_code', 'The security code is invalid or has expired.', 400, { code: true });
  await ctx.db
    .updateTable('users')
    // the code came by mail, so a pending sign-up is confirmed too
    .set({
      password_hash: await hashPassword(password),
      email_confirmed_at: sql`coalesce(email_confirmed_at, now())`,
    })
    .where('id', '=', userId)
    .execute();
  await ctx.sessions.revokeAll(userId, 'password_changed');
}

export async function publicUser(ctx: Ctx, userId: number): Promise<PublicUser> {
  const u = await ctx.db
    .selectFrom('users')
    .select(['id', 'username', 'avatar', 'rank', 'balance', 'wager', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    _id: String(u.id),
    username: u.username,
    avatar: ctx.assets.avatar(u.avatar),
    rank: u.rank,
    wallet: centsToCoins(u.balance),
    wager: centsToCoins(u.wager),
    created: u.created_at.toISOString(),
  };
}

/** ADMIN_EMAIL / ADMIN_PASSWORD: make sure that account exists with rank 5. */
export async function ensureAdmin(ctx: Ctx, email: string, password: string): Promise<void> {
  const existing = await ctx.db
    .selectFrom('users')
    .select(['id', 'email_confirmed_at'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  if (existing) {
    // a pending sign-up of that address was not made by the operator: it gets the operator's password
    const pending =
      existing.email_confirmed_at === null
        ? { password_hash: await hashPassword(password), email_confirmed_at: new Date() }
        : {};
    await ctx.db
      .updateTable('users')
      .set({ rank: 5, ...pending })
      .where('id', '=', existing.id)
      .execute();
    return;
  }
  const base = (email.split('@')[0] ?? 'admin').replace(/[^A-Za-z0-9_]/g, '').slice(0, 12) || 'admin';
  for (let i = 0; i < 20; i++) {
    const username = i === 0 ? base.padEnd(3, '_') : `${base.slice(0, 11)}_${i}`;
    try {
      await ctx.db
        .insertInto('users')
        .values({ email, username, password_hash: await hashPassword(password), rank: 5 })
        .execute();
      return;
    } catch (err) {
      if (pgErrorCode(err) !== '23505') throw err;
    }
  }
  throw new Error('could not create the admin account: no free username');
}
