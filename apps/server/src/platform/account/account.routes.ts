import {
  ACCOUNT_TEXT,
  changeEmailBody,
  changePasswordBody,
  breakBody,
  emailLinkBody,
  realityCheckBody,
  setLimitBody,
  type SessionView,
  sessionIdParams,
  TWO_FACTOR_TEXT,
  twoFactorDisableBody,
  twoFactorEnableBody,
} from '@coinsite/shared';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.ts';
import { Errors } from '../errors.ts';
import { limit, loadLimit, parse, requireAdmin, requireUser, securityLimit } from '../http.ts';
import { ageStatus, recordAge } from './age.service.ts';
import { deviceName, securityMail } from './notify.ts';
import { rgView, setLimit, setRealityCheck, startBreak } from './rg.service.ts';
import {
  changePassword,
  confirmEmailLink,
  requestEmailChange,
  sendVerificationMail,
} from './email-password.service.ts';
import {
  disableTwoFactor,
  enableTwoFactor,
  requireSecondFactor,
  setupTwoFactor,
  twoFactorStatus,
} from './two-factor.service.ts';
import type { Feature } from '../feature.ts';
import { realityChecksOf } from './reality-check.ts';

/** Issue 16: the signed-in player's own security settings (2FA, sessions). */
export function accountRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/api/account/security', async (req) => {
    const user = await requireUser(ctx, req);
    const row = await ctx.db
      .selectFrom('users')
      .select(['email', 'email_verified_at', 'password_hash'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    return {
      twoFactor: await twoFactorStatus(ctx, user.id),
      email: row.email,
      emailVerified: row.email_verified_at !== null,
      hasPassword: row.password_hash !== null,
    };
  });

  app.post('/api/account/password', async (req) => {
    const user = await requireUser(ctx, req);
    const body = parse(changePasswordBody, req.body);
    // the current password is guessed here: per session (another session, the owner's, is not held up)
    await limit(ctx, `password-change:${user.id}:${user.sessionId}`, securityLimit(10, 10 * 60_000));
    await changePassword(ctx, user, body);
    return { message: ACCOUNT_TEXT.passwordChanged };
  });

  app.post('/api/account/email', async (req) => {
    const user = await requireUser(ctx, req);
    const body = parse(changeEmailBody, req.body);
    await limit(ctx, `email-change:${user.id}:${user.sessionId}`, securityLimit(5, 60 * 60_000));
    await requestEmailChange(ctx, user, body);
    return { message: ACCOUNT_TEXT.emailChangeSent };
  });

  app.post('/api/account/verify-email/resend', async (req) => {
    const user = await requireUser(ctx, req);
    await limit(ctx, `verify-resend:${user.id}`, loadLimit(3, 60 * 60_000));
    await sendVerificationMail(ctx, user.id);
    return { message: ACCOUNT_TEXT.verificationSent };
  });

  // the mailed link: no sign-in needed (the mailbox proves ownership)
  app.post('/api/account/verify-email', async (req) => {
    await limit(ctx, `verify-email:ip:${req.ip}`, loadLimit(30, 10 * 60_000));
    const { token } = parse(emailLinkBody, req.body);
    return confirmEmailLink(ctx, token);
  });

  app.post('/api/account/2fa/setup', async (req) => {
    const user = await requireUser(ctx, req);
    await limit(ctx, `2fa-setup:${user.id}`, loadLimit(10, 10 * 60_000));
    return setupTwoFactor(ctx, user.id);
  });

  app.post('/api/account/2fa/enable', async (req) => {
    const user = await requireUser(ctx, req);
    const { code } = parse(twoFactorEnableBody, req.body);
    const recoveryCodes = await enableTwoFactor(ctx, user, code);
    await securityMail(ctx, user.id, 'Two-factor authentication turned on', [
      'Two-factor authentication was turned on for your account. Sign-ins, withdrawals and account changes now ask for a code.',
    ]);
    return { message: TWO_FACTOR_TEXT.enabled, recoveryCodes };
  });

  app.post('/api/account/2fa/disable', async (req) => {
    const user = await requireUser(ctx, req);
    const { twoFactorCode } = parse(twoFactorDisableBody, req.body);
    if (!(await twoFactorStatus(ctx, user.id)).enabled) throw Errors.badRequest(TWO_FACTOR_TEXT.notOn);
    await requireSecondFactor(ctx, user.id, twoFactorCode, { session: user.sessionId });
    await disableTwoFactor(ctx, user.id);
    await securityMail(ctx, user.id, 'Two-factor authentication turned off', [
      'Two-factor authentication was turned off for your account.',
    ]);
    return { message: TWO_FACTOR_TEXT.disabled };
  });

  // issue 26 item 6: the web client asks an account without a birth date once (age.service.ts)
  app.get('/api/account/age', async (req) => {
    const user = await requireUser(ctx, req);
    return ageStatus(ctx, user.id);
  });

  app.post('/api/account/age', async (req) => {
    const user = await requireUser(ctx, req);
    await limit(ctx, `age:${user.id}`, loadLimit(20, 10 * 60_000));
    return recordAge(ctx, user.id, req.body);
  });

  // issue 16 §4: responsible gaming (the Settings tab)
  app.get('/api/account/limits', async (req) => {
    const user = await requireUser(ctx, req);
    return rgView(ctx, user.id);
  });

  app.post('/api/account/limits', async (req) => {
    const user = await requireUser(ctx, req);
    const body = parse(setLimitBody, req.body);
    await limit(ctx, `rg:${user.id}`, loadLimit(60, 10 * 60_000));
    await setLimit(ctx, user.id, body);
    return rgView(ctx, user.id);
  });

  app.post('/api/account/reality-check', async (req) => {
    const user = await requireUser(ctx, req);
    const { minutes } = parse(realityCheckBody, req.body);
    await setRealityCheck(ctx, user.id, minutes);
    return rgView(ctx, user.id);
  });

  app.post('/api/account/break', async (req) => {
    const user = await requireUser(ctx, req);
    const body = parse(breakBody, req.body);
    await limit(ctx, `rg:${user.id}`, loadLimit(60, 10 * 60_000));
    await startBreak(ctx, user.id, body);
    return rgView(ctx, user.id);
  });

  // the admin sees a player's limits and break (read only: a player's own choice)
  app.get('/api/external/v1/users/:id/responsible-gaming', async (req) => {
    await requireAdmin(ctx, req);
    const id = Number(parse(sessionIdParams, req.params).id);
    const exists = await ctx.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
    if (!exists) throw Errors.notFound('User not found.');
    return rgView(ctx, id);
  });

  app.get('/api/account/sessions', async (req) => {
    const user = await requireUser(ctx, req);
    const rows = await ctx.sessions.list(user.id);
    const sessions: SessionView[] = rows.map((s) => ({
      id: s.id,
      device: deviceName(s.user_agent),
      ip: s.ip,
      created: s.created_at.toISOString(),
      lastSeen: s.last_seen_at.toISOString(),
      current: s.id === user.sessionId,
    }));
    return { sessions };
  });

  app.post('/api/account/sessions/:id/revoke', async (req) => {
    const user = await requireUser(ctx, req);
    const id = Number(parse(sessionIdParams, req.params).id);
    if (!(await ctx.sessions.revokeById(user.id, id))) throw Errors.notFound('That session is not active.');
    return { success: true };
  });

  app.post('/api/account/sessions/revoke-others', async (req) => {
    const user = await requireUser(ctx, req);
    const ids = await ctx.sessions.revokeOthers(user.id, user.sessionId, 'revoked');
    return { revoked: ids.length };
  });
}

/** The signed-in user's account settings. */
export const feature: Feature = {
  name: 'account',
  routes: accountRoutes,
  // the reality check's timers follow the sockets of every node (issue 26 §8)
  sockets: (ctx) => realityChecksOf(ctx).start(),
};
