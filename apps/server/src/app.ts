import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import { registerFeatures } from './features.ts';
import { OnlineCounter } from './platform/online.ts';
import { createCaptcha } from './integrations/captcha.ts';
import { createMailer } from './integrations/mail.ts';
import { ensureAdmin } from './platform/auth/auth.service.ts';
import { Sessions } from './platform/auth/sessions.ts';
import type { Config } from './platform/config.ts';
import type { Ctx } from './platform/context.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { Controls } from './platform/controls.ts';
import { openDatabase } from './platform/db.ts';
import { installErrorHandling } from './platform/http.ts';
import { embeddedLeadership, postgresLeadership } from './platform/leader.ts';
import { memoryRateLimiter, redisRateLimiter } from './platform/rate-limit.ts';
import { Realtime } from './platform/realtime.ts';
import { createWallet } from './platform/wallet.ts';

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface App {
  app: FastifyInstance;
  ctx: Ctx;
  /** Listens and returns the bound port (0 in config picks a random one). */
  listen(): Promise<number>;
  close(): Promise<void>;
}

/** Boot order: config → db → http → sockets → features. Tests build the same app on a random port. */
export async function buildApp(config: Config, opts: { log?: Logger; clock?: Clock } = {}): Promise<App> {
  const log =
    opts.log ??
    pino({
      level: config.LOG_LEVEL,
      redact: ['req.headers["x-auth-token"]', 'req.headers.authorization', '*.password', '*.token'],
    });
  const bootStart = Date.now();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  log.info(`database ready in ${Date.now() - bootStart} ms`);

  const app = Fastify({
    loggerInstance: log,
    bodyLimit: 64 * 1024,
    trustProxy: config.TRUST_PROXY,
  }) as unknown as FastifyInstance;

  const redis = config.REDIS_URL
    ? { pub: new Redis(config.REDIS_URL, { lazyConnect: false }), sub: new Redis(config.REDIS_URL) }
    : undefined;
  if (redis) {
    redis.pub.on('error', (err) => log.warn({ err }, 'redis'));
    redis.sub.on('error', (err) => log.warn({ err }, 'redis'));
  }

  const sessions = new Sessions(database.db);
  const realtime = new Realtime(app.server, {
    corsOrigins: config.corsOrigins,
    resolveSession: (token) => sessions.resolve(token),
    log,
    redis,
  });
  const ctx: Ctx = {
    config,
    log,
    database,
    db: database.db,
    wallet: createWallet(realtime, database),
    realtime,
    controls: new Controls(database.db),
    sessions,
    limiter: redis
      ? redisRateLimiter(redis.pub, config.RATE_LIMIT_FACTOR)
      : memoryRateLimiter(config.RATE_LIMIT_FACTOR),
    mailer: createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: path.join(config.DATA_DIR, 'outbox'),
    }),
    captcha: createCaptcha({ secret: config.RECAPTCHA_SECRET, verifyUrl: config.RECAPTCHA_VERIFY_URL }),
    clock: opts.clock ?? systemClock,
    leadership:
      database.kind === 'postgres' && config.DATABASE_URL
        ? postgresLeadership({ url: config.DATABASE_URL, log })
        : embeddedLeadership(),
    onClose: [],
  };

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
        frameSrc: [
          "'self'",
          'https://www.google.com/recaptcha/',
          'https://recaptcha.google.com/recaptcha/',
          'https:',
        ],
        imgSrc: ["'self'", 'data:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
  installErrorHandling(app, ctx);

  const featuresStart = Date.now();
  await registerFeatures(app, ctx);
  const online = new OnlineCounter(realtime, redis?.pub);
  online.start();
  ctx.onClose.push(() => online.stop());
  log.info(`features ready in ${Date.now() - featuresStart} ms`);

  const serveWeb = config.SERVE_WEB && existsSync(path.join(WEB_DIST, 'index.html'));
  // wildcard: files are looked up per request, so a rebuilt dist is served without a restart
  if (serveWeb) await app.register(fastifyStatic, { root: WEB_DIST, wildcard: true });
  app.setNotFoundHandler((req, reply) => {
    const urlPath = req.url.split('?')[0] ?? '';
    // API paths and missing files (anything with an extension) are a 404; every other path is the SPA
    const isFile = /\.[a-z0-9]+$/i.test(urlPath);
    if (urlPath.startsWith('/api/') || urlPath === '/api' || isFile || !serveWeb || req.method !== 'GET') {
      return reply.status(404).send({ error: 'Not found.' });
    }
    return reply.type('text/html').sendFile('index.html');
  });

  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD)
    await ensureAdmin(ctx, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);

  return {
    app,
    ctx,
    async listen() {
      await app.listen({ port: config.PORT, host: config.HOST });
      const addr = app.server.address();
      return typeof addr === 'object' && addr ? addr.port : config.PORT;
    },
    async close() {
      for (const stop of ctx.onClose) await stop();
      await ctx.leadership.close();
      await realtime.close();
      await app.close();
      await database.close();
      if (redis) {
        redis.pub.disconnect();
        redis.sub.disconnect();
      }
    },
  };
}
