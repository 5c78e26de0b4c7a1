/**
 * npm run bench:failover — leader hand-over times (issue 20 item 4). Two real server processes on
 * one fresh PostgreSQL database; the leader is stopped with SIGTERM (it stops its loops and unlocks)
 * or killed with SIGKILL (the database ends its session), a fresh follower is started each time, and
 * the time from the signal to the follower's "became leader" log line is printed. Goals: under
 * 200 ms after SIGTERM, under 1 s after kill -9. Prints figures; asserts nothing.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type NodeProcess, spawnNode, stopNode } from '../apps/server/src/test-support/node-process.ts';
import { dbUrl, fmt, percentile, pgRun } from './support.ts';

const PG_BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const startNode = (url: string) =>
  spawnNode({ databaseUrl: url, dataDir: mkdtempSync(path.join(tmpdir(), 'bench-failover-')) });

async function main() {
  const name = `bench_failover_${Date.now()}`;
  await pgRun(PG_BASE, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = dbUrl(PG_BASE, name);
  const nodes: NodeProcess[] = [];
  const times: Record<'SIGTERM' | 'SIGKILL', number[]> = { SIGTERM: [], SIGKILL: [] };
  try {
    let leader = await startNode(url);
    nodes.push(leader);
    await leader.leads;
    for (let i = 0; i < ROUNDS * 2; i++) {
      const signal = i % 2 === 0 ? 'SIGTERM' : 'SIGKILL';
      const follower = await startNode(url);
      nodes.push(follower);
      if (follower.leading) throw new Error('two leaders');
      const at = Date.now();
      const gone = stopNode(leader, signal);
      const led = await follower.leads;
      await gone;
      times[signal].push(led - at);
      console.log(`${signal.padEnd(7)} hand-over ${fmt(led - at, 0)} ms`);
      leader = follower;
    }
  } finally {
    for (const n of nodes) await stopNode(n);
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
