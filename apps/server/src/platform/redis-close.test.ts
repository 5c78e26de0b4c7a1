import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { NAMESPACES } from '@coinsite/shared';
import { createAdapter } from '@socket.io/redis-adapter';
import pino from 'pino';
import { Server } from 'socket.io';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startRedis, stopRedis } from '../test-support/redis.ts';
import { openRedis } from './redis.ts';

/**
 * Issue 20: a node closing while its Redis is down. The adapters' (p)unsubscribe on the subscriber
 * reject "Connection is closed"; nobody awaits them (Socket.IO's close does not), so they must be
 * caught, as failed publishes are, never an unhandled rejection.
 */
describe('closing a node while Redis is down', () => {
  let redis: ChildProcess | undefined;
  afterAll(() => stopRedis(redis));

  it('leaves no unhandled rejection', async () => {
    const port = await freePort();
    redis = await startRedis(port);
    const clients = openRedis(`redis://127.0.0.1:${port}`, pino({ level: 'silent' }));
    await Promise.all([clients.pub, clients.sub].map((c) => new Promise((r) => c.once('ready', r))));
    const io = new Server(createServer());
    io.adapter(createAdapter(clients.pub, clients.sub));
    for (const ns of NAMESPACES) io.of(`/${ns}`);
    await new Promise((r) => setTimeout(r, 50)); // the adapters' subscriptions
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      await stopRedis(redis);
      // the app's close: the clients are disconnected, then Socket.IO closes its adapters
      clients.pub.disconnect();
      clients.sub.disconnect();
      await new Promise<void>((r) => io.close(() => r()));
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      process.off('unhandledRejection', onRejection);
    }
    expect(rejections.map(String)).toEqual([]);
  });
});
