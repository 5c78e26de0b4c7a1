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
  benchChild,
  cpuSeconds,
  now,
  rssMb,
  signIn,
  sleep,
  printFanout,
  requireWork,
  withBenchServers,
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
  let last = '';
  let counting = false;
  let counted = 0;
  let ended = 0;
  socket.on('game-start', (e: { _id?: string }) => {
    round = String(e?._id ?? '');
    last = '';
  });
  socket.on('game-end', () => {
    if (counting && round) ended++;
  });
  // keyed as the clients key them (bench/crash-clients.ts): round and multiplier, repeats skipped
  socket.on('game-tick', (m: number) => {
    const value = JSON.stringify(m);
    if (!round || !counting || value === last) return;
    last = value;
    arrivals[`${round}:${value}`] = now();
    counted++;
  });
  return {
    ready: new Promise<void>((resolve) => socket.once('connect', () => resolve())),
    measure: () => {
      counting = true;
    },
    counted: () => counted,
    /** rounds that ended while measuring (bettors bet in every round) */
    ended: () => ended,
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
  /** betting players among the clients */
  bettors: number;
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
  // the ticks asked for, and (with bettors) two whole rounds for their bets and cash-outs
  const enough = () => p.counted() >= TICKS && (tokens.length === 0 || p.ended() >= 2);
  while (!enough() && Date.now() < deadline) {
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
  return { ...r, server, clients, bettors: tokens.length, cpu, rss, seconds };
}

async function main() {
  const env = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  await withBenchServers(PG_BASE, 'bench_crash', 'bench/crash-bare.ts', env, async (servers) => {
    const { base } = servers;
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
      rows.push(await run('coinsite', base, servers.ours.pid ?? 0, clients, share));
      rows.push(await run('bare socket.io', servers.bareUrl, servers.barePid, clients, []));
    }

    printFanout(rows, COUNTS, [
      ['ticks', (r) => String(r.ticks), 'middle'],
      ['bets', (r) => String(r.bets), 'end'],
      ['cash-outs', (r) => String(r.cashouts), 'end'],
    ]);
    requireWork(
      rows.flatMap((r) => {
        const run = `${r.server} at ${r.clients} clients`;
        const checks: Array<[boolean, string]> = [
          [r.connected >= r.clients, `${run}: ${r.connected} of ${r.clients} clients connected`],
          [r.ticks >= TICKS * 0.9, `${run}: ${r.ticks} of ${TICKS} ticks measured`],
        ];
        if (r.bettors > 0)
          checks.push(
            [r.bets > 0, `${run}: ${r.bettors} players were to bet every round, ${r.bets} bets placed`],
            [r.cashouts > 0, `${run}: ${r.bets} bets and no cash-out`],
            [r.errors === 0, `${run}: ${r.errors} bets or cash-outs refused`],
          );
        return checks;
      }),
    );
  });
}

await main();
process.exit(0);
