/**
 * A real server process (node --import tsx apps/server/src/main.ts) for tests and benchmarks of
 * what only separate processes show: kill -9, SIGTERM hand-over, several nodes on one database.
 * Its JSON log lines are read for "became leader".
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { setPriority } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { testRedisPrefix } from './redis-prefix.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface NodeProcess {
  proc: ChildProcess;
  url: string;
  /** Resolves with the epoch ms of the node's "became leader" log line. */
  leads: Promise<number>;
  /** Whether that line has been seen. */
  leading: boolean;
  /** The epoch ms of every "became leader" line so far (a node may lead more than once). */
  leaderTimes: number[];
  /** Its log lines about leadership and the lease (for a test to print when it fails). */
  leaderLog: string[];
  /** Its last warnings and errors (level 40 and up, at most 50), for a test to print when it fails. */
  problems: string[];
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function freeTcpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts a node on a free port and resolves once it answers HTTP. */
export async function spawnNode(opts: {
  databaseUrl: string;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<NodeProcess> {
  const port = await freeTcpPort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: opts.databaseUrl,
      REDIS_URL: '',
      REDIS_PREFIX: testRedisPrefix(),
      DATA_DIR: opts.dataDir,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      SERVE_WEB: 'false',
      // a short chain keeps the first boot quick on a busy machine; the 10^6 default takes ~1 s of CPU
      ROUND_CHAIN_LENGTH: '10000',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  // the node under test before the test files beside it (three at once keep both cores busy): the
  // lease and takeover timings these tests assert are the node's, not the machine's load. Needs root
  // (as in CI); elsewhere the node keeps the usual priority.
  try {
    if (proc.pid) setPriority(proc.pid, -5);
  } catch {
    // not permitted here
  }
  const url = `http://127.0.0.1:${port}`;
  const node: NodeProcess = {
    proc,
    url,
    leads: Promise.resolve(0),
    leading: false,
    leaderTimes: [],
    leaderLog: [],
    problems: [],
  };
  node.leads = new Promise((resolve) => {
    createInterface({ input: proc.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      if (/leader|lease|fenced/.test(line)) node.leaderLog.push(line);
      if (/"level":(4|5|6)\d/.test(line)) {
        node.problems.push(line.slice(0, 600));
        if (node.problems.length > 50) node.problems.shift();
      }
      if (!line.includes('"became leader"')) return;
      node.leading = true;
      let time = Date.now();
      try {
        time = (JSON.parse(line) as { time?: number }).time ?? time;
      } catch {
        // not JSON: the time it was read
      }
      node.leaderTimes.push(time);
      resolve(time);
    });
  });
  for (let i = 0; i < 300; i++) {
    if (proc.exitCode !== null) throw new Error(`node exited with ${proc.exitCode}`);
    try {
      if ((await fetch(`${url}/api/site`)).ok) return node;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error('node did not start');
}

/** Sends `signal` (SIGKILL by default) and resolves when the process is gone. */
export function stopNode(node: NodeProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  return new Promise((resolve) => {
    if (node.proc.exitCode !== null || node.proc.signalCode !== null) return resolve();
    node.proc.once('exit', () => resolve());
    node.proc.kill(signal);
  });
}
