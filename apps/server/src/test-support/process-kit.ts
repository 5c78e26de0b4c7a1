/**
 * Helpers for tests that run real server processes (node-process.ts) on one PostgreSQL database:
 * a scratch database, players made through the real routes, and crash sockets.
 */
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';

export const PROCESS_ADMIN = { email: 'admin@example.com', password: 'admin-password' };

/** A database of its own on TEST_DATABASE_URL's server (dropped by `drop`), with a client on it. */
export async function scratchDatabase(prefix: string) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(process.env.TEST_DATABASE_URL ?? '');
  u.pathname = `/${name}`;
  const url = u.toString();
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  return {
    url,
    db,
    async drop() {
      await db.end().catch(() => {});
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export async function call<T>(
  url: string,
  method: string,
  p: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers['x-auth-token'] = token;
  const res = await fetch(url + p, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as T;
}

export async function signIn(
  url: string,
  email: string,
  password: string,
  username?: string,
): Promise<string> {
  const route = username ? 'register' : 'login';
  const r = await call<{ redirect?: string }>(url, 'POST', `/api/auth/registration/${route}`, {
    email,
    password,
    username,
  });
  const code = r.redirect?.split('token=')[1];
  if (!code) throw new Error(`sign-in failed: ${JSON.stringify(r)}`);
  return (await call<{ token: string }>(url, 'POST', '/api/auth/exchange-token', { token: code })).token;
}

/**
 * A player with coins, through the admin route (a ledger row like any other). `adminToken`: an admin
 * session already signed in (each sign-in hashes the password again).
 */
export async function processPlayer(url: string, name: string, coins: number, adminToken?: string) {
  const token = await signIn(url, `${name}@example.com`, 'correct horse', name);
  const me = await call<{ user: { _id: string } }>(url, 'GET', '/api/user', undefined, token);
  const admin = adminToken ?? (await signIn(url, PROCESS_ADMIN.email, PROCESS_ADMIN.password));
  await call(
    url,
    'POST',
    `/api/external/v1/users/${me.user._id}/balance`,
    { amount: coins, reason: 'test' },
    admin,
  );
  return { token, id: Number(me.user._id) };
}

export function crashSocket(url: string, token?: string): Promise<Socket> {
  const s = io(`${url}/crash`, { transports: ['websocket'], forceNew: true, reconnection: false });
  return new Promise((resolve, reject) => {
    s.once('connect_error', reject);
    s.once('connect', () => {
      if (!token) return resolve(s);
      s.once('authenticated', () => resolve(s));
      s.emit('auth', token);
    });
  });
}

export function waitFor<T = unknown[]>(
  s: Socket,
  event: string,
  pred: (...args: unknown[]) => boolean,
  ms = 90_000,
) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      s.off(event, on);
      reject(new Error(`timed out waiting for ${event}`));
    }, ms);
    const on = (...args: unknown[]) => {
      if (!pred(...args)) return;
      clearTimeout(timer);
      s.off(event, on);
      resolve(args as T);
    };
    s.on(event, on);
  });
}

/** Every user whose balance differs from the sum of their ledger rows. */
export async function ledgerMismatches(db: pg.Client): Promise<unknown[]> {
  const r = await db.query(
    `SELECT u.id FROM users u LEFT JOIN (SELECT user_id, SUM(delta) s FROM ledger_entries GROUP BY user_id) l
     ON l.user_id = u.id WHERE u.balance <> COALESCE(l.s, 0)`,
  );
  return r.rows;
}
