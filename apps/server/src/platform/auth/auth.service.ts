import type { PublicUser, RegisterBody } from '@coinsite/shared';
import { centsToCoins } from '@coinsite/shared';
import type { Ctx } from '../context.ts';
import { AppError, Errors } from '../errors.ts';
import { pgErrorCode } from '../tx.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './tokens.ts';

const CREDENTIALS = 'Invalid email or password.';

/** Login: returns the one-time code for the redirect. Every failure is one sentence. */
export async function login(ctx: Ctx, email: string, password: string): Promise<string> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'password_hash', 'banned', 'rank'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), password);
  if (!user || !ok) throw Errors.badRequest(CREDENTIALS);
  if (user.banned) throw Errors.banned();
  if (user.rank < 5 && !(await ctx.controls.isEnabled('login'))) throw Errors.disabled('Login');
  return ctx.sessions.createLoginCode(user.id);
}

export async function register(ctx: Ctx, body: RegisterBody): Promise<string> {
  if (!(await ctx.controls.isEnabled('login'))) throw Errors.disabled('Registration');
  const passwordHash = await hashPassword(body.password);
  try {
    const user = await ctx.db
      .insertInto('users')
      .values({ email: body.email, username: body.username, password_hash: passwordHash })
      .returning('id')
      .executeTakeFirstOrThrow();
    return ctx.sessions.createLoginCode(user.id);
  } catch (err) {
    if (pgErrorCode(err) === '23505') {
      const detail = String((err as { constraint?: string }).constraint ?? '');
      if (detail.includes('email')) throw Errors.badRequest('This email is already registered.');
      throw Errors.badRequest('This username is already taken.');
    }
    throw err;
  }
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
    .set({ password_hash: await hashPassword(password) })
    .where('id', '=', userId)
    .execute();
  for (const sessionId of await ctx.sessions.revokeAll(userId)) ctx.realtime.kickSession(sessionId);
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
    avatar: u.avatar,
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
    .select(['id'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  if (existing) {
    await ctx.db.updateTable('users').set({ rank: 5 }).where('id', '=', existing.id).execute();
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
