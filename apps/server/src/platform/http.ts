import { markAdminRequest } from './audit.ts';
import { firstIssue, SESSION_END_TEXT, type SessionEndReason } from '@coinsite/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from './auth/sessions.ts';
import type { Ctx } from './context.ts';
import { AppError, badTextError, Errors, isConnectionError } from './errors.ts';
import type { LimitSpec } from './rate-limit.ts';

export { loadLimit, securityLimit } from './rate-limit.ts';

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser?: SessionUser | null;
    /** Why the request's token no longer counts (issue 26 §7), when it does not. */
    sessionEnd?: SessionEndReason;
  }
}

/** Parses a body/query with its shared schema; a failure is a 400 with one sentence. */
export function parse<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const res = schema.safeParse(data ?? {});
  if (!res.success) throw new AppError('bad_request', firstIssue(res.error), 400);
  return res.data;
}

export function tokenOf(req: FastifyRequest): string | null {
  const h = req.headers['x-auth-token'];
  const t = Array.isArray(h) ? h[0] : h;
  return t && t.length <= 200 ? t : null;
}

/** The signed-in user of this request, or null; resolved once per request. */
export async function currentUser(ctx: Ctx, req: FastifyRequest): Promise<SessionUser | null> {
  if (req.sessionUser !== undefined) return req.sessionUser;
  const token = tokenOf(req);
  // a read, safe to repeat in any request (a write's session is read before the write starts)
  const found = token ? await readRetried(() => ctx.sessions.lookup(token)) : null;
  if (typeof found === 'string') req.sessionEnd = found;
  req.sessionUser = typeof found === 'string' ? null : found;
  return req.sessionUser;
}

export async function requireUser(ctx: Ctx, req: FastifyRequest): Promise<SessionUser> {
  const user = await currentUser(ctx, req);
  if (!user) {
    // a token that no longer counts: say why (issue 26 §7), so the client signs out with the reason
    const reason = req.sessionEnd;
    if (!reason) throw Errors.unauthorized();
    throw new AppError('unauthorized', SESSION_END_TEXT[reason], 401, { session: reason });
  }
  if (user.banned) throw Errors.banned();
  return user;
}

/** The rank from which a user may use the admin API (/api/external/...). */
export const ADMIN_RANK = 5;

/** Whether a signed-in user may use the admin API (the one rule requireAdmin applies). */
export const isAdmin = (user: Pick<SessionUser, 'rank' | 'banned'> | null): boolean =>
  !!user && !user.banned && user.rank >= ADMIN_RANK;

export async function requireAdmin(ctx: Ctx, req: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(ctx, req);
  if (!isAdmin(user)) throw Errors.forbidden();
  markAdminRequest(req, user.id);
  return user;
}

/**
 * Counts one attempt against a limit; over it, a 429 with a sentence. The spec says whether it is a
 * load limit (scaled by RATE_LIMIT_FACTOR) or a security one (never): `loadLimit` / `securityLimit`.
 */
export async function limit(ctx: Ctx, key: string, spec: LimitSpec, message?: string): Promise<void> {
  if (!(await ctx.limiter.hit(key, spec))) throw Errors.tooMany(message);
}

const MAINTENANCE_EXEMPT = [
  /^\/api\/site$/,
  /^\/api\/user$/,
  // the maintenance page shows the chat (spec-2: "with chat and social links"): its history loads
  /^\/api\/chat\/history$/,
  /^\/api\/auth\//,
  /^\/api\/external\//,
  /^\/api\/callbacks?\//,
];

/**
 * One error handler: AppError → its status and sentence; client mistakes → 4xx; a broken database
 * connection → 503 (a read was retried within a window already; a write may be sent again, idempotency keys make
 * that safe); the rest → 500, logged.
 */
export function installErrorHandling(app: FastifyInstance, ctx: Ctx): void {
  retryReadsOnBrokenConnection(app);
  app.setErrorHandler((err: unknown, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ error: err.message, ...err.extra });
    }
    if (isConnectionError(err)) {
      req.log.warn({ err }, 'database connection broke during the request');
      const unavailable = Errors.databaseUnavailable();
      return reply.status(unavailable.status).send({ error: unavailable.message });
    }
    const badText = badTextError(err);
    if (badText) return reply.status(badText.status).send({ error: badText.message });
    const e = err as { statusCode?: number; code?: string; message?: string };
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply.status(413).send({ error: 'Request body is too large.' });
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      const message =
        e.code?.startsWith('FST_ERR_CTP') || e.code === 'FST_ERR_VALIDATION'
          ? 'Invalid request body.'
          : e.message;
      return reply.status(e.statusCode).send({ error: message ?? 'Invalid request.' });
    }
    req.log.error({ err }, 'request failed');
    return reply.status(500).send({ error: 'Something went wrong on our side. Please try again later.' });
  });

  // CORS for a separately hosted client: only the configured origins. First of the hooks, so its
  // headers are on every answer (maintenance 503s and errors too) and a preflight is answered
  // before maintenance could refuse it (PROTOCOL §1).
  app.addHook('onRequest', async (req, reply) => {
    const origin = req.headers.origin;
    if (!origin || !ctx.config.corsOrigins.includes(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('vary', 'Origin');
    reply.header('access-control-allow-headers', 'x-auth-token, content-type');
    reply.header('access-control-allow-methods', 'GET, POST, PUT');
    if (req.method === 'OPTIONS') return reply.status(204).send();
  });

  // Maintenance: 503 for everyone but admins, except the routes the client needs to get in.
  app.addHook('onRequest', async (req) => {
    // a preflight is never refused by maintenance: the browser must be able to read the 503 itself
    if (!req.url.startsWith('/api/') || req.method === 'OPTIONS') return;
    const urlPath = req.url.split('?')[0] ?? '';
    if (urlPath !== '/api/site' && MAINTENANCE_EXEMPT.some((re) => re.test(urlPath))) return;
    if (!(await readRetried(() => ctx.controls.isEnabled('maintenance')))) return;
    const user = await currentUser(ctx, req);
    if (user && user.rank >= 5) return;
    throw Errors.maintenance();
  });
}

/**
 * A terminated server ends every pooled connection at once; the pool drops its idle ones as their
 * error arrives, so a read that failed waits a little (socket events; 100 ms covers a loaded machine)
 * and runs again on a live connection. A failover or a second cut may break the retry too: a read is
 * repeated as long as its first failure is less than READ_RETRY_WINDOW_MS old, then answers 503.
 */
const BROKEN_CONNECTION_SETTLE_MS = 100;
const READ_RETRY_WINDOW_MS = 1500;

function settleBrokenConnections(): Promise<void> {
  return new Promise((r) => setTimeout(r, BROKEN_CONNECTION_SETTLE_MS));
}

/** Runs a read (safe to repeat) again while its database connection breaks, within the window. */
async function readRetried<T>(
  read: () => Promise<T>,
  opts: { mayRetry?: () => boolean; onRetry?: (err: unknown) => void } = {},
): Promise<T> {
  let firstFailure = 0;
  for (;;) {
    try {
      return await read();
    } catch (err) {
      if (!isConnectionError(err)) throw err;
      const now = Date.now();
      if (!firstFailure) firstFailure = now;
      if (now - firstFailure >= READ_RETRY_WINDOW_MS || opts.mayRetry?.() === false) throw err;
      opts.onRetry?.(err);
      await settleBrokenConnections();
    }
  }
}

/**
 * A GET (a read, safe to repeat) whose database connection broke (a terminated backend, a restarted
 * server) runs again on another pooled connection. Registered before the routes (onRoute).
 */
function retryReadsOnBrokenConnection(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (![route.method].flat().every((m) => m === 'GET' || m === 'HEAD')) return;
    const handler = route.handler;
    route.handler = async function (this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
      return readRetried(async () => handler.call(this, req, reply), {
        mayRetry: () => !reply.sent, // never a second answer
        onRetry: (err) => req.log.warn({ err }, 'database connection broke; reading again'),
      });
    };
  });
}
