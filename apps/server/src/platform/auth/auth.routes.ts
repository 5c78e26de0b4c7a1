import {
  exchangeTokenBody,
  forgotPasswordBody,
  loginBody,
  registerBodyFor,
  resetPasswordBody,
} from '@coinsite/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Ctx } from '../context.ts';
import { AppError, Errors } from '../errors.ts';
import { currentUser, limit, loadLimit, parse, requireUser, securityLimit, tokenOf } from '../http.ts';
import {
  CHECK_MAIL_REDIRECT,
  exchangeCode,
  forgotPassword,
  login,
  publicUser,
  register,
  resetPassword,
} from './auth.service.ts';
import { countGuess } from './guess-limit.ts';
import type { SessionDevice } from './sessions.ts';
import type { Feature } from '../feature.ts';

const MIN = 60_000;

/**
 * The original client expects the registration routes to answer 200 with `{ error }` on failure;
 * rate limits stay a 429 with a sentence.
 */
async function asErrorBody<T>(fn: () => Promise<T>): Promise<T | Record<string, unknown>> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError && err.status !== 429) return { error: err.message, ...err.extra };
    throw err;
  }
}

/** The device a request comes from (the sessions list, the new-device mail). */
export function deviceOf(req: FastifyRequest): SessionDevice {
  const ua = req.headers['user-agent'];
  return { userAgent: (Array.isArray(ua) ? ua[0] : ua) ?? '', ip: req.ip };
}

async function checkCaptcha(ctx: Ctx, req: FastifyRequest, token: string | null | undefined): Promise<void> {
  if (!(await ctx.captcha.verify(token, req.ip))) throw Errors.captcha();
}

export function authRoutes(app: FastifyInstance, ctx: Ctx): void {
  const tooMany = 'Too many attempts, please wait a few minutes and try again.';

  app.post('/api/auth/registration/login', async (req) => {
    await limit(ctx, `login:ip:${req.ip}`, loadLimit(30, 10 * MIN), tooMany);
    return asErrorBody(async () => {
      const body = parse(loginBody, req.body);
      await checkCaptcha(ctx, req, body.recaptcha);
      // guesses are counted per account and address, with the account's backstop (guess-limit.ts)
      const code = await login(ctx, body.email, body.password, body.twoFactorCode, {
        ip: req.ip,
        botChecked: ctx.captcha.enabled,
      });
      return { redirect: `/login/local?token=${code}` };
    });
  });

  app.post('/api/auth/registration/register', async (req) => {
    await limit(ctx, `register:ip:${req.ip}`, loadLimit(10, 60 * MIN), tooMany);
    return asErrorBody(async () => {
      // issue 26 item 6: any birth date or region given obeys the form's rules (one shared schema)
      const body = parse(
        registerBodyFor({ now: ctx.clock.now(), refusedRegions: ctx.config.refusedRegions }),
        req.body,
      );
      await checkCaptcha(ctx, req, body.recaptcha);
      const code = await register(ctx, body);
      // REGISTER_CONFIRM_EMAIL: the same answer for a new and a known email (the link comes by mail)
      return { redirect: code === null ? CHECK_MAIL_REDIRECT : `/login/local?token=${code}` };
    });
  });

  app.post('/api/auth/registration/forgot_password', async (req) => {
    await limit(ctx, `forgot:ip:${req.ip}`, loadLimit(10, 60 * MIN), tooMany);
    return asErrorBody(async () => {
      const body = parse(forgotPasswordBody, req.body);
      // mails to one address: 3 per client address, 10 an hour in all (a reset request is no guess)
      const email = body.email.trim().toLowerCase();
      await limit(ctx, `forgot:acct:${email}:ip:${req.ip}`, securityLimit(3, 15 * MIN), tooMany);
      await limit(ctx, `forgot:acct:${email}`, securityLimit(10, 60 * MIN), tooMany);
      await checkCaptcha(ctx, req, body.recaptcha);
      await forgotPassword(ctx, body.email);
      return { success: true };
    });
  });

  app.post('/api/auth/registration/reset_password', async (req) => {
    await limit(ctx, `reset:ip:${req.ip}`, loadLimit(20, 60 * MIN), tooMany);
    return asErrorBody(async () => {
      const body = parse(resetPasswordBody, req.body);
      await checkCaptcha(ctx, req, body.recaptcha);
      const guess = await countGuess(ctx, 'reset-code', body.email.trim().toLowerCase(), {
        ip: req.ip,
        botChecked: ctx.captcha.enabled,
      });
      await resetPassword(ctx, body.email, body.code, body.password);
      await guess.right();
      return { success: true };
    });
  });

  app.post('/api/auth/exchange-token', async (req) => {
    await limit(ctx, `exchange:ip:${req.ip}`, loadLimit(60, 10 * MIN), tooMany);
    const { token, twoFactorCode } = parse(exchangeTokenBody, req.body);
    const session = await exchangeCode(ctx, token, deviceOf(req), twoFactorCode);
    if (!session)
      throw Errors.badRequest('This sign-in link is invalid or has expired. Please sign in again.');
    return { token: session };
  });

  app.post('/api/auth/logout', async (req) => {
    const token = tokenOf(req);
    // its other tabs are told (Sessions → Realtime.endSessions)
    if (token) await ctx.sessions.revoke(token);
    return { success: true };
  });

  app.get('/api/user', async (req) => {
    const user = await requireUser(ctx, req);
    return { user: await publicUser(ctx, user.id), token: tokenOf(req) };
  });

  app.get('/api/auth/isAuthenticated', async (req) => {
    const user = await currentUser(ctx, req);
    if (!user) throw Errors.unauthorized();
    if (user.banned) throw Errors.banned();
    return { authenticated: true, user: await publicUser(ctx, user.id) };
  });
}

/** Sign-up, sign-in, sessions, password reset. */
export const feature: Feature = { name: 'auth', routes: authRoutes };
