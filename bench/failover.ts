/**
 * npm run bench:failover — leader hand-over times (issue 20 item 4). Two real server processes on
 * one fresh PostgreSQL database; the leader is stopped with SIGTERM (it stops its loops and unlocks)
 * or killed with SIGKILL (the database ends its session), a fresh follower is started each time, and
 * the time from the signal to the follower's "became leader" log line is printed. Goals: under
 * 200 ms after SIGTERM, under 1 s after kill -9. Prints figures; asserts nothing.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { dbUrl, fmt, freePort, percentile, pgRun, waitForHttp } from './support.ts';

const PG_BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

interface Node {
  proc: ChildProcess;
  /** Epoch ms of its "became leader" log line, once it leads. */
  ledAt: Promise<number>;
  leading: boolean;
}

async function startNode(url: string): Promise<Node> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-failover-')),
      LOG_LEVEL: 'info',
      SERVE_WEB: 'false',
      ROUND_CHAIN_LENGTH: '10000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const node: Node = { proc, ledAt: Promise.resolve(0), leading: false };
  node.ledAt = new Promise((resolve) => {
    createInterface({ input: proc.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      try {
        const entry = JSON.parse(line) as { msg?: string; time?: number };
        if (entry.msg === 'became leader') {
          node.leading = true;
          resolve(entry.time ?? Date.now());
        }
      } catch {
        // not a log line
      }
    });
  });
  await waitForHttp(`http://127.0.0.1:${port}`, proc);
  return node;
}

function stop(node: Node, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (node.proc.exitCode !== null || node.proc.signalCode !== null) return resolve();
    node.proc.once('exit', () => resolve());
    node.proc.kill(signal);
  });
}

async function main() {
  const name = `bench_failover_${Date.now()}`;
  await pgRun(PG_BASE, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = dbUrl(PG_BASE, name);
  const nodes: Node[] = [];
  const times: Record<'SIGTERM' | 'SIGKILL', number[]> = { SIGTERM: [], SIGKILL: [] };
  try {
    let leader = await startNode(url);
    nodes.push(leader);
    await leader.ledAt;
    for (let i = 0; i < ROUNDS * 2; i++) {
      const signal = i % 2 === 0 ? 'SIGTERM' : 'SIGKILL';
      const follower = await startNode(url);
      nodes.push(follower);
      if (follower.leading) throw new Error('two leaders');
      const at = Date.now();
      const gone = stop(leader, signal);
      const led = await follower.ledAt;
      await gone;
      times[signal].push(led - at);
      console.log(`${signal.padEnd(7)} hand-over ${fmt(led - at, 0)} ms`);
      leader = follower;
    }
  } finally {
    for (const n of nodes) await stop(n, 'SIGKILL');
    await pgRun(PG_BASE, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
  console.log('\nleader hand-over (signal → the follower leads), ms');
  for (const [signal, goal] of [
    ['SIGTERM', 200],
    ['SIGKILL', 1000],
  ] as const) {
    const v = [...times[signal]].sort((a, b) => a - b);
    console.log(
      `${signal.padEnd(7)} n=${v.length} min ${fmt(v[0] ?? Number.NaN, 0)} p50 ${fmt(percentile(v, 50), 0)} max ${fmt(v.at(-1) ?? Number.NaN, 0)} (goal < ${goal})`,
    );
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
