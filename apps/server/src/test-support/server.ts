import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SOCKET_MIN_INTERVAL_MS } from '@coinsite/shared';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { type App, buildApp } from '../app.ts';
import type { Clock } from '../platform/clock.ts';
import { loadConfig } from '../platform/config.ts';
import { inTransaction } from '../platform/tx.ts';
import { seedPglite } from './pglite-template.ts';
import { testRedisPrefix } from './redis-prefix.ts';

/**
 * The database an integration file's tests run on: PostgreSQL, the site's real database, when
 * TEST_DATABASE_URL is set; else the embedded PGlite. (A list, for `describe.each`.)
 */
export const DB_KINDS: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL
  ? ['postgres']
  : ['pglite'];

/**
 * Both databases, for the files that hold the embedded default to the site's behaviour: boot and
 * migrations, the wallet and its races, every instant game, the round loops on the embedded leader,
 * the original client's wire, provider idempotency, deposits, the back office. PGlite's one way of
 * failing that PostgreSQL does not share, a second connection asked for inside a transaction (it waits
 * forever), is refused on both by the database module itself (platform/db.ts), so the other files
 * need not run twice (docs/decisions/testing.md, "One database per integration file").
 */
export const EVERY_DB: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface TestServer {
  url: string;
  port: number;
  site: App;
  dataDir: string;
  /** JSON call; returns status and parsed body. */
  api<T = Record<string, unknown>>(
    method: string,
    urlPath: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; body: T }>;
  /** Registers and signs in a fresh user; returns its session token and id. */
  newUser(opts?: {
    username?: string;
    email?: string;
    password?: string;
    /** false: leave the email unverified (issue 16); otherwise as if the mailed link was opened. */
    verified?: boolean;
    /**
     * The date of birth our web form sends (with the state CA); null registers as the original
     * client does, with neither (issue 26: our web client then asks before the first bet).
     */
    birthDate?: string | null;
  }): Promise<{ token: string; id: number; email: string; username: string; password: string }>;
  /** Signs an existing account in through the real routes; returns its session token. */
  signIn(email: string, password: string, twoFactorCode?: string): Promise<string>;
  /** Opens a namespace socket, authenticated when a token is given. */
  socket(ns: string, token?: string): Promise<Socket>;
  close(): Promise<void>;
}

let counter = 0;

/**
 * A fresh database on TEST_DATABASE_URL's server: each test server gets one (dropped on close), and
 * tests of several nodes on one database share one.
 */
export async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `t_${process.pid}_${Date.now()}_${counter++}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function startServer(
  opts: {
    db?: 'pglite' | 'postgres';
    env?: Record<string, string>;
    clock?: Clock;
    /** Times held-back wins' update-wallet (the wall clock when absent, even with `clock`). */
    holdClock?: Clock;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coinsite-test-'));
  const pgDb = opts.db === 'postgres' ? await createPgDatabase() : null;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false', // browser tests pass SERVE_WEB=true
    // many users come from one test IP; the rate-limit tests start their own server with factor 1
    RATE_LIMIT_FACTOR: '50',
    // the tests share one Redis: this file's nodes hear each other, never another file's
    REDIS_PREFIX: testRedisPrefix(),
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...opts.env,
  });
  // PGlite: a copy of a migrated data directory, not initdb and every migration again
  if (!config.DATABASE_URL) await seedPglite(config.DATA_DIR);
  const site = await buildApp(config, { clock: opts.clock, holdClock: opts.holdClock });
  const port = await site.listen();
  const url = `http://127.0.0.1:${port}`;
  const sockets: Socket[] = [];
  let users = 0;

  const server: TestServer = {
    url,
    port,
    site,
    dataDir,
    async api(method, urlPath, body, token) {
      const headers: Record<string, string> = {};
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (token) headers['x-auth-token'] = token;
      const res = await fetch(url + urlPath, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, body: parsed as never };
    },
    async newUser(o = {}) {
      const n = `${process.pid % 1000}${users++}${Math.floor(Math.random() * 1e4)}`;
      const username = o.username ?? `u_${n}`.slice(0, 16);
      const email = o.email ?? `${username}@example.com`;
      const password = o.password ?? 'correct horse';
      const reg = await server.api<{ redirect?: string; error?: string }>(
        'POST',
        '/api/auth/registration/register',
        {
          email,
          username,
          password,
          ...(o.birthDate === null ? {} : { birthDate: o.birthDate ?? '1990-01-01', region: 'CA' }),
        },
      );
      const code = reg.body.redirect?.split('token=')[1];
      if (!code) throw new Error(`registration failed: ${JSON.stringify(reg.body)}`);
      const ex = await server.api<{ token: string }>('POST', '/api/auth/exchange-token', { token: code });
      const me = await server.api<{ user: { _id: string } }>('GET', '/api/user', undefined, ex.body.token);
      const id = Number(me.body.user._id);
      // issue 16: as if the player opened the mailed verification link (withdrawals need it)
      if (o.verified !== false)
        await site.ctx.db
          .updateTable('users')
          .set({ email_verified_at: new Date() })
          .where('id', '=', id)
          .execute();
      return { token: ex.body.token, id, email, username, password };
    },
    async signIn(email, password, twoFactorCode) {
      const login = await server.api<{ redirect?: string; error?: string }>(
        'POST',
        '/api/auth/registration/login',
        {
          email,
          password,
          twoFactorCode,
        },
      );
      const code = login.body.redirect?.split('token=')[1];
      if (!code) throw new Error(`sign-in failed: ${JSON.stringify(login.body)}`);
      return (await server.api<{ token: string }>('POST', '/api/auth/exchange-token', { token: code })).body
        .token;
    },
    async socket(ns, token) {
      const s = io(`${url}/${ns}`, { transports: ['websocket'], forceNew: true, reconnection: false });
      sockets.push(s);
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
      if (token) {
        const bound = nextEvent(s, 'authenticated');
        s.emit('auth', token);
        await bound;
      }
      return s;
    },
    async close() {
      for (const s of sockets) s.disconnect();
      await site.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** Whether this machine can run two nodes of one site (PostgreSQL and Redis both configured). */
export const twoNodesEnabled = Boolean(process.env.TEST_DATABASE_URL && process.env.REDIS_URL);

/** Two nodes of one site: two servers on one fresh PostgreSQL database, joined by the Redis adapter. */
export interface TwoNodes {
  a: TestServer;
  b: TestServer;
  /** the shared database */
  url: string;
  /** stops both nodes (once; a test may stop them early) */
  stopNodes(): Promise<void>;
  /** stops both nodes and drops the database */
  close(): Promise<void>;
}

/**
 * `env` may name another REDIS_URL (a Redis of the test's own, which it can stop); `clock` is shared
 * by both nodes. Node a is started first (and so is the leader once it has taken the lock).
 */
export async function startTwoNodes(
  env: Record<string, string> = {},
  opts: { clock?: Clock } = {},
): Promise<TwoNodes> {
  const shared = await createPgDatabase();
  const both = { REDIS_URL: process.env.REDIS_URL ?? '', ...env, DATABASE_URL: shared.url };
  const a = await startServer({ env: both, clock: opts.clock });
  const b = await startServer({ env: both, clock: opts.clock });
  let stopped: Promise<void> | undefined;
  const stopNodes = () => {
    stopped ??= a.close().then(() => b.close());
    return stopped;
  };
  return {
    a,
    b,
    url: shared.url,
    stopNodes,
    close: async () => {
      await stopNodes();
      await shared.drop();
    },
  };
}

/**
 * Two nodes for the enclosing describe block: started before its tests, closed after them. The
 * fields are read in the tests (`const { a, b } = nodes`), once the nodes are up.
 */
export function useTwoNodes(): TwoNodes {
  let started: TwoNodes | undefined;
  beforeAll(async () => {
    started = await startTwoNodes();
  });
  afterAll(() => started?.close());
  const get = (): TwoNodes => {
    if (!started) throw new Error('the two nodes are not up yet (read them inside a test)');
    return started;
  };
  return {
    get a() {
      return get().a;
    },
    get b() {
      return get().b;
    },
    get url() {
      return get().url;
    },
    stopNodes: () => get().stopNodes(),
    close: () => get().close(),
  };
}

/**
 * Waits out the protocol's spacing between two events from one socket (SOCKET_MIN_INTERVAL_MS, on the
 * server's wall clock, not its injected one): an event sooner is dropped with "Slow down!". A test
 * that emits again right after an answer and a quick HTTP call can land inside it on a fast machine
 * (stop 41: a coinflip cancel 8 ms after its create, in rg-everywhere).
 */
export function spaced(): Promise<void> {
  return new Promise((r) => setTimeout(r, SOCKET_MIN_INTERVAL_MS + 5));
}

/** Waits for one event on a socket (with a timeout) and returns its arguments. */
export function nextEvent(socket: Socket, event: string, timeoutMs = 15_000): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${event}`)), timeoutMs);
    socket.once(event, (...args: unknown[]) => {
      clearTimeout(timer);
      resolve(args);
    });
  });
}

/**
 * Resolves once each node sees a /chat socket bound (`auth` done) to each of `userIds`: through the
 * Socket.IO adapter's fetchSockets, so with several nodes on Redis this also proves that each node's
 * adapter subscriptions are in place and reach the others. A browser page shows its chat box before
 * its socket has connected and authenticated; a line sent before that is refused ("Please log in"),
 * and a node whose subscription is not ready yet misses the other node's broadcast.
 */
export async function waitForChatSockets(
  nodes: TestServer[],
  userIds: number[],
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let missing: string[] = [];
    for (const node of nodes) {
      const bound = new Set<number>();
      try {
        for (const s of await node.site.ctx.realtime.ns('chat').fetchSockets()) {
          const user = (s.data as { user?: { id: number } }).user;
          if (user) bound.add(user.id);
        }
      } catch {
        // a node's adapter not answering yet (its request timed out): not ready
      }
      missing = missing.concat(
        userIds.filter((id) => !bound.has(id)).map((id) => `user ${id} on ${node.url}`),
      );
    }
    if (missing.length === 0) return;
    if (Date.now() > deadline) throw new Error(`chat sockets not ready: ${missing.join(', ')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A registered player (newUser: with a session token) holding `coins`, credited as an admin adjustment. */
export async function fundedUser(server: TestServer, coins: number) {
  const u = await server.newUser();
  const { ctx } = server.site;
  await inTransaction(ctx.db, (unit) =>
    ctx.wallet.apply(unit, { userId: u.id, delta: coins * 100, kind: 'admin', idempotencyKey: `f:${u.id}` }),
  );
  return u;
}
