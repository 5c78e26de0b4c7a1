import { firstIssue } from '@coinsite/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from './auth/sessions.ts';
import type { Ctx } from './context.ts';
import { AppError, Errors } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser?: SessionUser | null;
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
  req.sessionUser = token ? await ctx.sessions.resolve(token) : null;
  return req.sessionUser;
}

export async function requireUser(ctx: Ctx, req: FastifyRequest): Promise<SessionUser> {
  const user = await currentUser(ctx, req);
  if (!user) throw Errors.unauthorized();
  if (user.banned) throw Errors.banned();
  return user;
}

export async function requireAdmin(ctx: Ctx, req: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(ctx, req);
  if (user.rank < 5) throw Errors.forbidden();
  return user;
}

/** Counts one attempt against a limit; over it, a 429 with a sentence. */
export async function limit(
  ctx: Ctx,
  key: string,
  max: number,
  windowMs: number,
  message?: string,
): Promise<void> {
  if (!(await ctx.limiter.hit(key, max, windowMs))) throw Errors.tooMany(message);
}

const MAINTENANCE_EXEMPT = [
  /^\/api\/site$/,
  /^\/api\/user$/,
  /^\/api\/auth\//,
  /^\/api\/external\//,
  /^\/api\/callbacks?\//,
];

/** One error handler: AppError → its status and sentence; client mistakes → 4xx; the rest → 500, logged. */
export function installErrorHandling(app: FastifyInstance, ctx: Ctx): void {
  app.setErrorHandler((err: unknown, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ error: err.message, ...err.extra });
    }
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

  // Maintenance: 503 for everyone but admins, except the routes the client needs to get in.
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    const urlPath = req.url.split('?')[0] ?? '';
    if (urlPath !== '/api/site' && MAINTENANCE_EXEMPT.some((re) => re.test(urlPath))) return;
    if (!(await ctx.controls.isEnabled('maintenance'))) return;
    const user = await currentUser(ctx, req);
    if (user && user.rank >= 5) return;
    throw Errors.maintenance();
  });

  // CORS for a separately hosted client: only the configured origins.
  app.addHook('onRequest', async (req, reply) => {
    const origin = req.headers.origin;
    if (!origin || !ctx.config.corsOrigins.includes(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('vary', 'Origin');
    reply.header('access-control-allow-headers', 'x-auth-token, content-type');
    reply.header('access-control-allow-methods', 'GET, POST, PUT');
    if (req.method === 'OPTIONS') return reply.status(204).send();
  });
}
