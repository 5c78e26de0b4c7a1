/**
 * npm run bench:bets — dice bets over the socket against PostgreSQL, next to pgbench on the same database.
 *
 *   BENCH_CLIENTS (64)   socket clients, each betting as fast as its last result comes back
 *   BENCH_SECONDS (20)   how long they bet
 *   BENCH_PACE_MS (15)   a client's least time between two of its bets (the protocol drops events under
 *                        10 ms apart on arrival, and arrivals bunch): the ceiling is clients × 1000 ÷ it
 *   BENCH_PG_URL         a PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
 *                        a fresh database is created there and dropped afterwards
 *   BACKOFFICE_ROLLUP    passed to the server: false runs it without the back office's leader loop
 *                        (issue 31: the figure with and without the rollups; BENCH_SECONDS=75 or more
 *                        so a minute's rollup and the first ledger check fall inside the run)
 *
 * The server runs as its own process (node --import tsx apps/server/src/main.ts). Prints bets/s, p50 and
 * p99 latency, the bets per statement of the group commit (mean and max, from the server's /metrics;
 * BET_GROUP_MAX and BET_GROUP_IN_FLIGHT pass through to the server), pgbench's TPC-B-like TPS and the
 * ratio (issue 18 goal: at least 1.5× pgbench with bet p99 under 30 ms; raise BENCH_CLIENTS past the
 * clients' 15 ms pacing: 64 clients cannot bet faster than 4,266 a second).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { call, dbUrl, freePort, percentile, pgRun, signIn, waitForHttp, requireWork } from './support.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** A client's least time between two of its bets (BENCH_PACE_MS, 15): the cap is clients × 1000 ÷ it. */
const PACE_MS = Number(process.env.BENCH_PACE_MS ?? 15);

/**
 * A betting client speaking the Engine.IO 4 / Socket.IO 5 frames over plain `ws` (open, namespace
 * connect, ping/pong, events), as bench/crash-clients.ts does: on two shared cores socket.io-client
 * costs more per message than the server, and pgbench's C client costs next to nothing.
 */
interface BetClient {
  emit(event: string, ...args: unknown[]): void;
  /** The event name, and the raw frame (parsed only for errors). */
  onEvent: (event: string, frame: string) => void;
  close(): void;
}

function betClient(base: string, ns: string, token: string): Promise<BetClient> {
  const prefix = `42${ns},`;
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, {
    perMessageDeflate: false,
  });
  const client: BetClient = {
    emit: (event, ...args) => ws.send(prefix + JSON.stringify([event, ...args])),
    onEvent: () => {},
    close: () => ws.close(),
  };
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.on('message', (data: Buffer) => {
      const text = data.toString();
      if (text === '2') return ws.send('3'); // ping → pong
      if (text.startsWith('0{')) return ws.send(`40${ns},`); // open → connect the namespace
      if (text.startsWith(`40${ns},`)) return client.emit('auth', token);
      if (!text.startsWith(prefix)) return;
      // the event name is the first string of the array: no need to parse the whole frame
      const end = text.indexOf('"', prefix.length + 2);
      const event = text.slice(prefix.length + 2, end);
      if (event === 'authenticated') resolve(client);
      else client.onEvent(event, text);
    });
  });
}

/** The server's Prometheus text. */
async function scrape(base: string): Promise<string> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer bench-metrics-token' } });
  return res.text();
}

async function main() {
  const name = `bench_${Date.now()}`;
  await pgRun(BASE, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = dbUrl(BASE, name);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
      '--import',
      'tsx',
      'apps/server/src/main.ts',
    ],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        // BENCH_PG_SOCKET=/var/run/postgresql makes the server talk over the Unix socket
        DATABASE_URL: process.env.BENCH_PG_SOCKET ? `${url}?host=${process.env.BENCH_PG_SOCKET}` : url,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-')),
        LOG_LEVEL: 'warn',
        RATE_LIMIT_FACTOR: '100000',
        SERVE_WEB: 'false',
        ADMIN_EMAIL: 'bench-admin@example.com',
        ADMIN_PASSWORD: 'bench-admin-password',
        METRICS_TOKEN: 'bench-metrics-token',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  try {
    await waitForHttp(base, server);
    const admin = await signIn(base, 'bench-admin@example.com', 'bench-admin-password');
    const sockets: BetClient[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const token = await signIn(base, `b${i}@example.com`, 'bench-password', `bench_${i}`);
      const me = (await (await fetch(`${base}/api/user`, { headers: { 'x-auth-token': token } })).json()) as {
        user: { _id: string };
      };
      await call(
        base,
        'POST',
        `/api/external/v1/users/${me.user._id}/balance`,
        { amount: 1_000_000, reason: 'bench' },
        admin,
      );
      sockets.push(await betClient(base, '/dice', token));
    }

    // a first scrape: the event-loop histogram starts over at each one, and GC counts from here
    const before = await scrape(base);
    console.log(`betting with ${CLIENTS} clients for ${SECONDS} s…`);
    const latencies: number[] = [];
    let errors = 0;
    const errorTexts = new Map<string, number>();
    const end = Date.now() + SECONDS * 1000;
    await Promise.all(
      sockets.map(
        (s) =>
          new Promise<void>((resolve) => {
            let sentAt = 0;
            let lastSend = 0;
            // one bet in flight per client: a refusal can come as two events (game-creation-error and
            // notify-error), and answering both would put a second bet in flight, then a fourth…
            let inFlight = false;
            const send = () => {
              if (Date.now() >= end) return resolve();
              inFlight = true;
              // the protocol drops events under 10 ms apart from one socket, measured on arrival: a busy
              // server may read one bet late and the next on time, so 11 ms here was not enough
              const wait = Math.max(0, lastSend + PACE_MS - Date.now());
              setTimeout(() => {
                sentAt = performance.now();
                lastSend = Date.now();
                s.emit('dice:bet', { amount: 0.01, multiplier: 2, rangeData: 50 });
              }, wait);
            };
            s.onEvent = (event, frame) => {
              if (!inFlight) return;
              if (event === 'dice:result') latencies.push(performance.now() - sentAt);
              else if (event === 'game-creation-error' || event === 'notify-error') {
                errors++;
                const text = String((JSON.parse(frame.slice(frame.indexOf('['))) as unknown[])[1]);
                errorTexts.set(text, (errorTexts.get(text) ?? 0) + 1);
              } else return;
              inFlight = false;
              send();
            };
            send();
          }),
      ),
    );
    for (const s of sockets) s.close();
    latencies.sort((a, b) => a - b);
    const betsPerSecond = latencies.length / SECONDS;
    console.log(
      `bets: ${latencies.length} in ${SECONDS} s = ${betsPerSecond.toFixed(0)} bets/s (${errors} errors)`,
    );
    for (const [text, n] of errorTexts) console.log(`  ${n} × ${text}`);
    console.log(
      `latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
    );

    // group commit (issue 18): bets per statement, from the server's own metrics
    const metrics = await scrape(base);
    const metric = (name: string) =>
      Number(new RegExp(`^${name} ([0-9.e+-]+)$`, 'm').exec(metrics)?.[1] ?? NaN);
    const statements = metric('coinsite_bet_group_size_count');
    console.log(
      `bet statements: ${statements} carrying ${metric('coinsite_bet_group_size_sum')} bets: ` +
        `mean ${(metric('coinsite_bet_group_size_sum') / statements).toFixed(2)}, ` +
        `max ${metric('coinsite_bet_group_size_max')} bets per statement ` +
        `(BET_GROUP_MAX ${process.env.BET_GROUP_MAX ?? 'default'}, BET_GROUP_IN_FLIGHT ${process.env.BET_GROUP_IN_FLIGHT ?? 'default'})`,
    );
    // what in the server stretches the tail: its event loop's delays and its GC pauses during the run
    const gc = (text: string) => {
      const out = { minor: 0, major: 0, other: 0, pauses: 0 };
      for (const m of text.matchAll(
        /^coinsite_nodejs_gc_duration_seconds_(sum|count)\{kind="(\w+)"\} (\S+)$/gm,
      )) {
        const value = Number(m[3]);
        if (m[1] === 'count') out.pauses += value;
        else if (m[2] === 'minor' || m[2] === 'major') out[m[2]] += value * 1000;
        else out.other += value * 1000;
      }
      return out;
    };
    const [gc0, gc1] = [gc(before), gc(metrics)];
    const lag = (name: string) => (metric(`coinsite_nodejs_eventloop_lag_${name}_seconds`) * 1000).toFixed(1);
    console.log(
      `server during the run: event-loop delay p50 ${lag('p50')} ms, p99 ${lag('p99')} ms, max ${lag('max')} ms; ` +
        `GC ${gc1.pauses - gc0.pauses} pauses, ${(gc1.minor - gc0.minor).toFixed(0)} ms minor, ` +
        `${(gc1.major - gc0.major).toFixed(0)} ms major, ${(gc1.other - gc0.other).toFixed(0)} ms other`,
    );
    console.log(
      `bet statement time: mean ${((metric('coinsite_bet_group_duration_seconds_sum') / statements) * 1000).toFixed(1)} ms ` +
        `(from sending to answer, pool wait included)`,
    );

    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));

    // the books after the run: npm run ledger:check on the bench database, and every nonce taken once
    const check = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/platform/ledger-check.ts'],
      {
        encoding: 'utf8',
        env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' },
      },
    );
    // (ledger:check exits non-zero on a mismatch, which throws here: the bench fails loudly)
    console.log(check.trim());
    const reused = await pgRun(url, (c) =>
      c.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM (SELECT 1 FROM bets GROUP BY seed_pair_id, nonce HAVING count(*) > 1) d',
      ),
    );
    console.log(`nonces taken twice: ${reused.rows[0]?.n}`);

    const u = new URL(url);
    const pgArgs = ['-h', u.hostname, '-p', u.port || '5432', '-U', u.username || 'postgres'];
    execFileSync('pgbench', [...pgArgs, '-i', '-q', '-s', '10', name], { stdio: 'ignore' });
    // start pgbench from a clean checkpoint, as the bets started from a fresh database
    await pgRun(BASE, (c) => c.query('CHECKPOINT'));
    const out = execFileSync(
      'pgbench',
      [...pgArgs, '-c', '8', '-j', '2', '-T', String(Math.min(SECONDS, 15)), name],
      {
        encoding: 'utf8',
      },
    );
    const tps = Number(/tps = ([0-9.]+)/.exec(out)?.[1] ?? 0);
    console.log(`pgbench TPC-B-like (8 clients, simple protocol): ${tps.toFixed(0)} TPS`);
    console.log(
      `ratio bets/s ÷ pgbench TPS = ${(betsPerSecond / tps).toFixed(2)} (goal ≥ 1.50 with p99 < 30 ms)`,
    );
    requireWork([
      [
        latencies.length >= CLIENTS * SECONDS,
        `${latencies.length} bets settled by ${CLIENTS} clients in ${SECONDS} s`,
      ],
      [errors <= latencies.length * 0.001, `${errors} bets refused of ${latencies.length + errors}`],
      [Number(reused.rows[0]?.n) === 0, `${reused.rows[0]?.n} nonces taken twice`],
      [tps > 0, 'pgbench printed no TPS'],
    ]);
  } finally {
    if (server.exitCode === null) server.kill('SIGKILL');
    await pgRun(BASE, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}

await main();
