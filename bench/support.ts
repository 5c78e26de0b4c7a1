/**
 * What the benchmarks share: a free port, a throwaway PostgreSQL connection, JSON calls and sign-in
 * through the real routes, waiting for a server child to answer, /proc readings and percentiles.
 */
import { type ChildProcess, type Serializable, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Kernel clock ticks per second (USER_HZ), the unit of /proc/<pid>/stat times. */
const CLK_TCK = 100;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const now = () => performance.timeOrigin + performance.now();
export const fmt = (v: number, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : '–');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** Runs fn on a fresh client of `url`, closed afterwards. */
export async function pgRun<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** `base` with its database name replaced. */
export function dbUrl(base: string, name: string): string {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function call<T>(
  base: string,
  method: string,
  p: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(base + p, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'x-auth-token': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as T;
}

/** Registers (with a username) or signs in, and exchanges the one-time code for a session token. */
export async function signIn(
  base: string,
  email: string,
  password: string,
  username?: string,
): Promise<string> {
  const route = username ? 'register' : 'login';
  const r = await call<{ redirect?: string }>(base, 'POST', `/api/auth/registration/${route}`, {
    email,
    password,
    username,
  });
  const code = r.redirect?.split('token=')[1];
  if (!code) throw new Error(`sign-in failed: ${JSON.stringify(r)}`);
  return (await call<{ token: string }>(base, 'POST', '/api/auth/exchange-token', { token: code })).token;
}

/** A process's CPU time in user space and in the kernel, in seconds (Linux /proc). */
export function cpuTimes(pid: number): { user: number; sys: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) / CLK_TCK, sys: Number(fields[12]) / CLK_TCK };
}

/** utime + stime of a process, in seconds (Linux /proc). */
export function cpuSeconds(pid: number): number {
  const { user, sys } = cpuTimes(pid);
  return user + sys;
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Waits up to two minutes for a server child to answer /api/site. */
export async function waitForHttp(base: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('server exited during boot');
    try {
      if ((await fetch(`${base}/api/site`)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error('server did not start');
}

/** The p-th percentile of an ascending list (NaN for none, which fmt shows as '–'). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
}

/** A fan-out run's figures, ours or the bare Socket.IO baseline's. */
export interface FanoutRow {
  clients: number;
  server: string;
  connected: number;
  p50: number;
  p99: number;
  max: number;
  cpu: number;
  rss: number;
  errors: number;
}

/**
 * Prints the runs as a table (client count, server, connected, the bench's own columns, latencies,
 * CPU, memory, errors), then ours against the baseline per client count with the 5,000-client goal:
 * p99 under 150 ms and at most 1.20× the bare server's.
 */
export function printFanout<R extends FanoutRow>(
  rows: R[],
  counts: number[],
  extra: Array<[header: string, show: (r: R) => string, at: 'middle' | 'end']>,
): void {
  const columns: Array<[string, (r: R) => string]> = [
    ['connected', (r) => String(r.connected)],
    ...extra.filter((c) => c[2] === 'middle').map(([h, f]) => [h, f] as [string, (r: R) => string]),
    ['p50 ms', (r) => fmt(r.p50)],
    ['p99 ms', (r) => fmt(r.p99)],
    ['max ms', (r) => fmt(r.max)],
    ['cpu %', (r) => fmt(r.cpu, 0)],
    ['rss MB', (r) => fmt(r.rss, 0)],
    ...extra.filter((c) => c[2] === 'end').map(([h, f]) => [h, f] as [string, (r: R) => string]),
    ['errors', (r) => String(r.errors)],
  ];
  console.log(`\n${'clients'.padEnd(8)} ${'server'.padEnd(15)} ${columns.map(([h]) => h).join('  ')}`);
  for (const r of rows)
    console.log(
      `${String(r.clients).padEnd(8)} ${r.server.padEnd(15)} ${columns.map(([h, f]) => f(r).padStart(h.length)).join('  ')}`,
    );
  console.log('');
  for (const clients of counts) {
    const a = rows.find((r) => r.clients === clients && r.server === 'coinsite');
    const b = rows.find((r) => r.clients === clients && r.server !== 'coinsite');
    if (!a || !b) continue;
    const ratio = a.p99 / b.p99;
    const goal =
      clients === 5000
        ? ` (goal: p99 < 150 ms and ≤ 1.20× → ${a.p99 < 150 && ratio <= 1.2 ? 'met' : 'not met'})`
        : '';
    console.log(
      `${clients} clients: p99 ${fmt(a.p99)} ms vs baseline ${fmt(b.p99)} ms = ${fmt(ratio, 2)}×${goal}`,
    );
  }
}

/** A helper process of a bench (clients, a bare baseline server), talked to over IPC. */
export interface BenchChild {
  child: ChildProcess;
  /** The next IPC message of this type. */
  next<T>(type: string): Promise<T>;
  send(msg: unknown): void;
  exited(): Promise<void>;
}

/**
 * BENCH_CPU_PROF=<dir>: every process a bench starts (our server, the bare one, the clients) writes
 * a V8 CPU profile there when it ends (stopServer for the servers).
 */
function profiling(): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

export function benchChild(script: string, env: NodeJS.ProcessEnv = process.env): BenchChild {
  const child = spawn(process.execPath, [...profiling(), '--import', 'tsx', script], {
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return {
    child,
    next: <T>(type: string) =>
      new Promise<T>((resolve) => {
        const on = (m: unknown) => {
          if ((m as { type?: string }).type !== type) return;
          child.off('message', on);
          resolve(m as T);
        };
        child.on('message', on);
      }),
    send: (msg) => child.send(msg as Serializable),
    exited: () =>
      new Promise<void>((resolve) =>
        child.exitCode === null ? child.once('exit', () => resolve()) : resolve(),
      ),
  };
}

/**
 * Our server on `port` against the PostgreSQL database at `databaseUrl`, as an operator would run
 * it minus the web app, with the rate limits opened for the bench's load.
 */
export function benchServer(
  port: number,
  databaseUrl: string,
  env: Record<string, string> = {},
): ChildProcess {
  return spawn(process.execPath, [...profiling(), '--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-')),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_FACTOR: '100000',
      SERVE_WEB: 'false',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** Stops a server child: SIGTERM (so a CPU profile is written), SIGKILL after 10 s. */
export async function stopServer(child: ChildProcess | undefined | null): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** A bare baseline server (bench/*-bare.ts) and the port it listens on. */
export async function bareServer(script: string): Promise<{ child: ChildProcess; port: number }> {
  const bare = benchChild(script, { ...process.env, PORT: '0' });
  const { port } = await bare.next<{ port: number }>('listening');
  return { child: bare.child, port };
}

/** Our server and a bare baseline server, both answering, on a fresh database. */
export interface BenchServers {
  /** our server's address */
  base: string;
  ours: ChildProcess;
  databaseUrl: string;
  bareUrl: string;
  barePid: number;
}

/**
 * Creates a fresh database `<prefix>_<now>` on `pgBase`, starts our server on it (with `env`) and the
 * bare baseline `bareScript`, and runs `body` once our server answers; afterwards (also on failure)
 * stops both and drops the database.
 */
export async function withBenchServers<T>(
  pgBase: string,
  prefix: string,
  bareScript: string,
  env: Record<string, string>,
  body: (servers: BenchServers) => Promise<T>,
): Promise<T> {
  const dbName = `${prefix}_${Date.now()}`;
  await pgRun(pgBase, (c) => c.query(`CREATE DATABASE ${dbName}`));
  const databaseUrl = dbUrl(pgBase, dbName);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const ours = benchServer(port, databaseUrl, env);
  const bare = bareServer(bareScript);
  try {
    const { port: barePort, child: bareChild } = await bare;
    await waitForHttp(base, ours);
    return await body({
      base,
      ours,
      databaseUrl,
      bareUrl: `http://127.0.0.1:${barePort}`,
      barePid: bareChild.pid ?? 0,
    });
  } finally {
    const spawned = (await bare.catch(() => null))?.child;
    await Promise.all([ours, spawned].map(stopServer));
    await pgRun(pgBase, (c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  }
}

/**
 * Opens `count` clients, 250 at a time (`open(i)` answers null for one that failed): the clients of
 * a bench child, connected in waves so the server's accept queue is not flooded at once.
 */
export async function connectInBatches<T>(
  count: number,
  open: (i: number) => Promise<T | null>,
): Promise<{ opened: T[]; failed: number }> {
  const opened: T[] = [];
  let failed = 0;
  const batch = 250;
  for (let i = 0; i < count; i += batch) {
    const wave = await Promise.all(Array.from({ length: Math.min(batch, count - i) }, (_, j) => open(i + j)));
    for (const client of wave) {
      if (client) opened.push(client);
      else failed++;
    }
  }
  return { opened, failed };
}

/**
 * Every bench ends here: it states the work each run did, and exits non-zero naming what did not
 * happen (a load that never ran prints figures that mean nothing; issue 29 item 4).
 */
export function requireWork(checks: Array<[ok: boolean, problem: string]>): void {
  const problems = checks.filter(([ok]) => !ok).map(([, problem]) => problem);
  if (problems.length === 0) {
    console.log('work check: every run did the work it was meant to');
    return;
  }
  console.error(`BENCH FAILED: the load did not happen as meant:\n  - ${problems.join('\n  - ')}`);
  process.exit(1);
}
