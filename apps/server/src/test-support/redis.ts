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

/**
 * A TCP proxy to the Redis on `port`, for a node that alone loses Redis (a partition): `cut()` drops
 * every connection through it and refuses new ones until `restore()`.
 */
export async function startRedisProxy(
  port: number,
): Promise<{ url: string; cut(): void; restore(): void; close(): Promise<void> }> {
  const sockets = new Set<NetSocket>();
  let open = true;
  const server = createServer((client) => {
    if (!open) {
      client.destroy();
      return;
    }
    const upstream = new NetSocket();
    upstream.connect(port, '127.0.0.1');
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', end);
      s.on('close', end);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const own = typeof addr === 'object' && addr ? addr.port : 0;
  const cut = () => {
    open = false;
    for (const s of sockets) s.destroy();
    sockets.clear();
  };
  return {
    url: `redis://127.0.0.1:${own}`,
    cut,
    restore: () => {
      open = true;
    },
    close: async () => {
      cut();
      await new Promise((r) => server.close(r));
    },
  };
}
