/**
 * npm run bench:chat — N websocket clients on /chat while S signed-in senders post R messages a
 * second in total (each message stored in PostgreSQL and broadcast), then the same load against a
 * bare Socket.IO server that only re-broadcasts (bench/chat-bare.ts, the baseline).
 *
 *   BENCH_CLIENTS ("5000")   client counts to run, in order
 *   BENCH_SENDERS (50)       senders among the clients
 *   BENCH_RATE (20)          messages per second, all senders together
 *   BENCH_SECONDS (20)       measuring window per run
 *   BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres)  a fresh database is created and dropped
 *
 * Latency = a message's arrival at a client − the time its sender wrote it (one machine, one clock),
 * so ours includes the rules and the database write. Prints p50/p99, the server's CPU and memory,
 * and our p99 divided by the baseline's. Goal: 5,000 clients, p99 < 150 ms and ≤ 1.2× the baseline.
 */
import {
  benchChild,
  cpuTimes,
  fmt,
  pgRun,
  printFanout,
  requireWork,
  rssMb,
  signIn,
  sleep,
  withBenchServers,
} from './support.ts';

const COUNTS = (process.env.BENCH_CLIENTS ?? '5000').split(',').map(Number);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 50);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PG_BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function register(base: string, i: number): Promise<string> {
  return signIn(base, `chat${i}@example.com`, 'bench-password', `chat_bench_${i}`);
}

interface Result {
  connected: number;
  samples: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** the first client's latency: the rules, the database write and the broadcast's start */
  firstP50: number;
  firstP99: number;
  /** first to last client of one message: the fan-out itself */
  spreadP50: number;
  spreadP99: number;
  sent: number;
  received: number;
  errors: number;
  errorTexts: Record<string, number>;
}

interface Row extends Result {
  server: string;
  clients: number;
  cpu: number;
  /** the server's share of that CPU spent in the kernel (sending) */
  sys: number;
  /** the client process's CPU: near 100 % it is the clients, not the server, that queue */
  clientCpu: number;
  rss: number;
}

async function run(
  server: string,
  url: string,
  pid: number,
  clients: number,
  tokens: string[],
): Promise<Row> {
  const child = benchChild('bench/chat-clients.ts');
  const next = child.next;
  const connected = next<{ connected: number; failed: number }>('connected');
  child.send({ type: 'start', url, clients, tokens, senders: SENDERS, rate: RATE });
  const c = await connected;
  process.stdout.write(`  ${server}: ${c.connected} connected (${c.failed} failed), measuring ${SECONDS} s…`);
  child.send({ type: 'measure' });
  const cpu0 = cpuTimes(pid);
  const clientCpu0 = cpuTimes(child.child.pid ?? 0);
  const t0 = Date.now();
  let rss = rssMb(pid);
  while (Date.now() - t0 < SECONDS * 1000) {
    await sleep(500);
    rss = Math.max(rss, rssMb(pid));
  }
  const seconds = (Date.now() - t0) / 1000;
  const cpu1 = cpuTimes(pid);
  const clientCpu1 = cpuTimes(child.child.pid ?? 0);
  const cpu = ((cpu1.user + cpu1.sys - cpu0.user - cpu0.sys) / seconds) * 100;
  const sys = ((cpu1.sys - cpu0.sys) / seconds) * 100;
  const clientCpu = ((clientCpu1.user + clientCpu1.sys - clientCpu0.user - clientCpu0.sys) / seconds) * 100;
  const result = next<Result>('result');
  child.send({ type: 'stop' });
  const r = await result;
  await child.exited();
  console.log(` p99 ${r.p99.toFixed(1)} ms`);
  for (const [text, n] of Object.entries(r.errorTexts)) console.log(`    refused ${n}×: ${text}`);
  return { ...r, server, clients, cpu, sys, clientCpu, rss };
}

async function main() {
  await withBenchServers(PG_BASE, 'bench_chat', 'bench/chat-bare.ts', {}, async (servers) => {
    const { base, databaseUrl } = servers;
    console.log(`server up; creating ${SENDERS} senders at chat level…`);
    const tokens: string[] = [];
    for (let i = 0; i < SENDERS; i++) tokens.push(await register(base, i));
    // the chat's level gate: give the senders the wager of level 5 (the bench's only direct write)
    await pgRun(databaseUrl, (c) =>
      c.query(`UPDATE users SET wager = 100000 WHERE username LIKE 'chat_bench_%'`),
    );

    const rows: Row[] = [];
    for (const clients of COUNTS) {
      console.log(`${clients} clients:`);
      rows.push(await run('coinsite', base, servers.ours.pid ?? 0, clients, tokens));
      rows.push(await run('bare socket.io', servers.bareUrl, servers.barePid, clients, []));
    }

    printFanout(rows, COUNTS, [
      ['sent', (r) => String(r.sent), 'middle'],
      ['deliveries', (r) => String(r.received), 'middle'],
      ['first p50/p99', (r) => `${fmt(r.firstP50, 0)}/${fmt(r.firstP99, 0)}`, 'middle'],
      ['spread p50/p99', (r) => `${fmt(r.spreadP50, 0)}/${fmt(r.spreadP99, 0)}`, 'middle'],
      ['sys %', (r) => r.sys.toFixed(0), 'end'],
      ['client cpu %', (r) => r.clientCpu.toFixed(0), 'end'],
    ]);
    const expected = RATE * SECONDS;
    requireWork(
      rows.flatMap((r): Array<[boolean, string]> => {
        const run = `${r.server} at ${r.clients} clients`;
        return [
          [r.connected >= r.clients, `${run}: ${r.connected} of ${r.clients} clients connected`],
          [r.sent >= expected * 0.9, `${run}: ${r.sent} messages sent of the ${expected} meant`],
          [r.errors === 0, `${run}: ${r.errors} messages refused`],
          // every message reaches every connected client (a few still in flight at the window's end)
          [
            r.received >= r.sent * r.connected * 0.95,
            `${run}: ${r.received} deliveries of ${r.sent} × ${r.connected} meant`,
          ],
        ];
      }),
    );
  });
}

await main();
process.exit(0);
