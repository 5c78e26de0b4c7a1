/**
 * npm run bench:crash — N websocket clients watch crash rounds while some of them bet and cash out,
 * then the same clients watch a bare Socket.IO server broadcasting the same tick (the baseline).
 *
 *   BENCH_CLIENTS ("1000,2500,5000,7500")   client counts to run, in order
 *   BENCH_TICKS (150)                       ticks measured per run
 *   BENCH_BETTORS (2 % of the clients, ≤ 100) signed-in players among them, betting every round
 *   BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres)  a fresh database is created and dropped
 *
 * Three kinds of process: our server (node --import tsx apps/server/src/main.ts) or the bare one
 * (bench/crash-bare.ts); the clients (bench/crash-clients.ts); and this one, which holds an idle
 * probe socket connected before the clients. A tick's latency is its arrival at a client minus its
 * arrival at the probe (the first socket the server writes to). Prints connected clients, p50/p99,
 * the server's CPU and memory over the window, and our p99 divided by the baseline's.
 * Goal: 5,000 clients with p99 under 150 ms and within 1.2× of the baseline.
 */
import { io } from 'socket.io-client';
import {
  call,
  bareServer,
  benchChild,
  benchServer,
  cpuSeconds,
  freePort,
  now,
  pgRun,
  rssMb,
  signIn,
  sleep,
  stopServer,
  waitForHttp,
  printFanout,
} from './support.ts';

const COUNTS = (process.env.BENCH_CLIENTS ?? '1000,2500,5000,7500').split(',').map(Number);
const TICKS = Number(process.env.BENCH_TICKS ?? 150);
const PG_BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password' };

/** The probe: an idle socket, connected first, noting when each tick arrives. */
function probe(url: string) {
  const socket = io(`${url}/crash`, { transports: ['websocket'], forceNew: true, reconnection: false });
  const arrivals: Record<string, number> = {};
  let round = '';
  let n = 0;
  let counting = false;
  let counted = 0;
  socket.on('game-start', (e: { _id?: string }) => {
    round = String(e?._id ?? '');
    n = 0;
  });
  socket.on('game-tick', () => {
    if (!round) return;
    const key = `${round}:${n++}`;
    if (!counting) return;
    arrivals[key] = now();
    counted++;
  });
  return {
    ready: new Promise<void>((resolve) => socket.once('connect', () => resolve())),
    measure: () => {
      counting = true;
    },
    counted: () => counted,
    arrivals,
    close: () => socket.disconnect(),
  };
}

interface Result {
  connected: number;
  ticks: number;
  samples: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  bets: number;
  cashouts: number;
  errors: number;
}

interface Row extends Result {
  server: string;
  clients: number;
  cpu: number;
  rss: number;
  seconds: number;
}

async function run(
  server: string,
  url: string,
  pid: number,
  clients: number,
  tokens: string[],
): Promise<Row> {
  const p = probe(url);
  await p.ready;
  const child = benchChild('bench/crash-clients.ts');
  const next = child.next;
  const connected = next<{ connected: number; failed: number }>('connected');
  child.send({ type: 'start', url, clients, tokens });
  const c = await connected;
  process.stdout.write(
    `  ${server}: ${c.connected} connected (${c.failed} failed), measuring ${TICKS} ticks…`,
  );
  child.send({ type: 'measure' });
  p.measure();
  const cpu0 = cpuSeconds(pid);
  const t0 = Date.now();
  let rss = rssMb(pid);
  const deadline = t0 + 180_000;
  while (p.counted() < TICKS && Date.now() < deadline) {
    await sleep(500);
    rss = Math.max(rss, rssMb(pid));
  }
  const seconds = (Date.now() - t0) / 1000;
  const cpu = ((cpuSeconds(pid) - cpu0) / seconds) * 100;
  const result = next<Result>('result');
  child.send({ type: 'stop', probe: p.arrivals });
  const r = await result;
  p.close();
  await child.exited();
  console.log(` p99 ${r.p99.toFixed(1)} ms`);
  return { ...r, server, clients, cpu, rss, seconds };
}

async function main() {
  const dbName = `bench_crash_${Date.now()}`;
  await pgRun(PG_BASE, (c) => c.query(`CREATE DATABASE ${dbName}`));
  const dbUrl = new URL(PG_BASE);
  dbUrl.pathname = `/${dbName}`;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const ours = benchServer(port, dbUrl.toString(), {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  const bare = bareServer('bench/crash-bare.ts');
  try {
    const { port: barePort, child: bareChild } = await bare;
    await waitForHttp(base, ours);
    console.log('server up; waiting for its first crash round…');
    for (let i = 0; i < 600; i++) {
      const s = await call<{ current: unknown }>(base, 'GET', '/api/crash');
      if (s.current) break;
      await sleep(200);
    }
    const most = Math.max(...COUNTS);
    const bettors = Math.min(
      Number(process.env.BENCH_BETTORS ?? Math.min(100, Math.ceil(most * 0.02))),
      most,
    );
    console.log(`creating ${bettors} betting players…`);
    const admin = await signIn(base, ADMIN.email, ADMIN.password);
    const tokens: string[] = [];
    for (let i = 0; i < bettors; i++) {
      const token = await signIn(base, `crash${i}@example.com`, 'bench-password', `crash_bench_${i}`);
      const me = await call<{ user: { _id: string } }>(base, 'GET', '/api/user', undefined, token);
      await call(
        base,
        'POST',
        `/api/external/v1/users/${me.user._id}/balance`,
        { amount: 100_000, reason: 'bench' },
        admin,
      );
      tokens.push(token);
    }

    const rows: Row[] = [];
    for (const clients of COUNTS) {
      console.log(`${clients} clients:`);
      const share = tokens.slice(0, Math.min(tokens.length, Math.ceil(clients * 0.02)));
      const pid = ours.pid ?? 0;
      rows.push(await run('coinsite', base, pid, clients, share));
      rows.push(await run('bare socket.io', `http://127.0.0.1:${barePort}`, bareChild.pid ?? 0, clients, []));
    }

    printFanout(rows, COUNTS, [
      ['ticks', (r) => String(r.ticks), 'middle'],
      ['bets', (r) => String(r.bets), 'end'],
      ['cash-outs', (r) => String(r.cashouts), 'end'],
    ]);
  } finally {
    const spawned = (await bare.catch(() => null))?.child;
    await Promise.all([ours, spawned].map(stopServer));
    await pgRun(PG_BASE, (c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  }
}

await main();
process.exit(0);
