import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { installAuditHook } from './platform/audit.ts';
import { chooseLogFormat, createLogger } from './platform/logger.ts';
import { registerFeatures } from './features.ts';
import { installNativeHash } from './games/fairness/native-hash.ts';
import { OnlineCounter } from './platform/online.ts';
import { createCaptcha } from './integrations/captcha.ts';
import { createMailer } from './integrations/mail.ts';
import { assetUrls } from './platform/assets.ts';
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
import { openRedis, type RedisClients } from './platform/redis.ts';
import { resyncOf } from './platform/resync.ts';
import { createWallet } from './platform/wallet.ts';
import { Metrics, metricsRoute } from './platform/metrics.ts';
import { healthRoute } from './platform/health.ts';
import { registerApiDocs } from './platform/api-docs.ts';

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface App {
  app: FastifyInstance;
  ctx: Ctx;
  /** Every registered HTTP route (method and URL pattern), as Fastify's onRoute hook saw it. */
  routes: ReadonlyArray<{ method: string; url: string }>;
  /** The Redis connections when REDIS_URL is set (tests watch them come back). */
  redis?: RedisClients;
  /** Listens and returns the bound port (0 in config picks a random one). */
  listen(): Promise<number>;
  close(): Promise<void>;
}

/** Boot order: config → db → http → sockets → features. Tests build the same app on a random port. */
export async function buildApp(
  config: Config,
  /** holdClock: times held-back wins' update-wallet (Realtime); the wall clock unless a test sets it */
  opts: { log?: Logger; clock?: Clock; holdClock?: Clock } = {},
): Promise<App> {
  const log = opts.log ?? createLogger(config.LOG_LEVEL, chooseLogFormat(process.stdout, process.env));
  const bootStart = Date.now();
  installNativeHash();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
    log,
  });
  log.info(`database ready in ${Date.now() - bootStart} ms`);

  const app = Fastify({
    loggerInstance: log,
    bodyLimit: 64 * 1024,
    trustProxy: config.TRUST_PROXY,
  }) as unknown as FastifyInstance;
  // the route table, for tests that must reach every route (the fuzz suite)
  const routes: Array<{ method: string; url: string }> = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  // every successful admin change lands in the audit log, even from a route that forgot to write it
  installAuditHook(app, database.db);

  const redis = config.REDIS_URL ? openRedis(config.REDIS_URL, log, config.REDIS_PREFIX) : undefined;

  const clock = opts.clock ?? systemClock;
  // filled in below: every revoked session's sockets are told why and closed (issue 26 §7)
  let realtimeRef: Realtime | undefined;
  const sessions = new Sessions(database.db, {
    now: () => clock.now(),
    ended: ({ sessionIds, reason }) => realtimeRef?.endSessions(sessionIds, reason),
  });
  // filled in below: the collectors read leadership and sockets only when scraped
  let leadership: Ctx['leadership'] | undefined;
  const metrics = new Metrics({
    database,
    isLeader: () => leadership?.isLeader() ?? false,
    sockets: () => realtimeRef?.connectionCounts() ?? new Map(),
    socketWrites: () => realtimeRef?.writes.stats ?? { flushes: 0, writes: 0, direct: 0 },
  });
  metrics.instrumentHttp(app);
  const realtime = new Realtime(app.server, {
    corsOrigins: config.corsOrigins,
    publicUrl: config.publicUrl,
    resolveSession: (token) => sessions.lookup(token),
    clock,
    log,
    redis,
    trustProxy: config.TRUST_PROXY,
    rateFactor: config.RATE_LIMIT_FACTOR,
    now: () => clock.now(),
    holdClock: opts.holdClock,
    onEvent: (namespace, event) => metrics.socketEvents.inc({ namespace, event }),
  });
  realtimeRef = realtime;
  const ctx: Ctx = {
    config,
    assets: assetUrls(config),
    log,
    database,
    db: database.db,
    wallet: metrics.instrumentWallet(
      createWallet(realtime, database, {
        maxGroup: config.BET_GROUP_MAX,
        maxInFlight: Math.min(config.BET_GROUP_IN_FLIGHT, config.DATABASE_POOL_SIZE),
        onGroup: (size, seconds) => metrics.betGroup(size, seconds),
      }),
    ),
    realtime,
    controls: new Controls(database.db),
    sessions,
    limiter: redis
      ? redisRateLimiter(redis.pub, config.RATE_LIMIT_FACTOR, { prefix: redis.prefix })
      : memoryRateLimiter(config.RATE_LIMIT_FACTOR),
    nodeLimiter: memoryRateLimiter(config.RATE_LIMIT_FACTOR),
    mailer: createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: path.join(config.DATA_DIR, 'outbox'),
    }),
    captcha: createCaptcha({ secret: config.RECAPTCHA_SECRET, verifyUrl: config.RECAPTCHA_VERIFY_URL }),
    clock,
    leadership:
      database.kind === 'postgres' && config.DATABASE_URL
        ? postgresLeadership({ url: config.DATABASE_URL, log, leaseMs: config.LEADER_LEASE_MS })
        : embeddedLeadership(),
    metrics,
    onClose: [],
  };
  leadership = ctx.leadership;
  // first: the document generator must see every route registered after it
  await registerApiDocs(app, ctx);
  metricsRoute(app, metrics, config.METRICS_TOKEN);
  healthRoute(app, ctx, redis);

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
    // only a site served over https may pin browsers to https; subdomains are the operator's own business
    hsts: config.publicUrl.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
  installErrorHandling(app, ctx);

  const featuresStart = Date.now();
  await registerFeatures(app, ctx);
  // issue 26: when this node's Redis link comes back, every node's clients load what they missed
  if (redis) resyncOf(ctx).watch(redis.link);
  const online = new OnlineCounter(realtime, redis?.pub, Date.now, redis?.prefix);
  online.start();
  ctx.onClose.push(() => online.stop());
  log.info(`features ready in ${Date.now() - featuresStart} ms`);

  const serveWeb = config.SERVE_WEB && existsSync(path.join(WEB_DIST, 'index.html'));
  // wildcard: files are looked up per request, so a rebuilt dist is served without a restart
  // preCompressed: the build's .br/.gz beside each file go to browsers that accept them; the hashed
  // assets never change under their names (a year, immutable), index.html is asked again every time
  if (serveWeb)
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      wildcard: true,
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
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
    routes,
    redis,
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
