import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, Socket as NetSocket } from 'node:net';

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const addr = srv.address();
  await new Promise((r) => srv.close(r));
  return typeof addr === 'object' && addr ? addr.port : 0;
}

/** A Redis of the test's own on `port`, answering once it accepts connections. */
export async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 200; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const s = new NetSocket();
      s.once('connect', () => resolve(true));
      s.once('error', () => resolve(false));
      s.connect(port, '127.0.0.1');
    }).catch(() => false);
    if (up) return child;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('redis-server did not start');
}

export async function stopRedis(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}
