import type { Socket } from 'socket.io-client';
import io from 'socket-io-client-2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../test-support/server.ts';

type Legacy = ReturnType<typeof io>;

/** Collects every payload of `event` a socket (either client generation) receives, in order. */
function collect(s: { on(event: string, fn: (...args: unknown[]) => void): unknown }, event: string) {
  const got: unknown[] = [];
  s.on(event, (payload: unknown) => got.push(payload));
  return got;
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Issue 10, speed: broadcasts are written straight to each websocket's TCP socket
 * (write-batching.ts, directBroadcasts). The same frames must reach Socket.IO 4 clients and the
 * original's Engine.IO 3 client, whatever the payload's length form (7-bit, 16-bit, 64-bit), in
 * order with what the same turn sent the usual way.
 */
describe('broadcasts written straight to the socket', () => {
  let server: TestServer;
  const modern: Socket[] = [];
  let legacy: Legacy;

  beforeAll(async () => {
    server = await startServer({ db: 'pglite' });
    const u = await server.newUser();
    modern.push(await server.socket('chat', u.token), await server.socket('chat'));
    legacy = io(`${server.url}/chat`, { transports: ['websocket'], forceNew: true, reconnection: false });
    await new Promise((resolve) => legacy.once('connect', resolve));
  });
  afterAll(async () => {
    for (const s of modern) s.close();
    legacy.close();
    await server.close();
  });

  /** Waits until no connection has a write of its own in flight (the greeting, users-online). */
  async function idle(): Promise<void> {
    const { realtime } = server.site.ctx;
    await until(
      () =>
        [...realtime.ns('chat').sockets.values()].every(
          (s) =>
            s.conn.transport.writable &&
            (s.conn as unknown as { writeBuffer: unknown[] }).writeBuffer.length === 0,
        ),
      'idle connections',
    );
  }

  it('reach every client generation intact, for short, 16-bit and 64-bit frame lengths', async () => {
    const { realtime } = server.site.ctx;
    await idle();
    const stats = realtime.writes.stats;
    const before = stats.direct;
    const got = [...modern, legacy].map((s) => collect(s, 'notification'));
    const payloads = ['short', `é${'x'.repeat(300)}`, 'y'.repeat(70_000), 'last'];
    for (const p of payloads) realtime.ns('chat').emit('notification', p);
    await until(() => got.every((g) => g.length === payloads.length), 'every broadcast');
    for (const g of got) expect(g).toEqual(payloads);
    // three clients × four broadcasts, none of them queued behind anything
    expect(stats.direct - before).toBe(12);
  });

  it("keeps a turn's order when a packet to one socket went the usual way first", async () => {
    const { realtime } = server.site.ctx;
    const [a] = modern;
    if (!a) throw new Error('no socket');
    const order: string[] = [];
    a.on('notify-success', (m: string) => order.push(`own:${m}`));
    a.on('notification', (m: string) => order.push(`all:${m}`));
    const target = [...realtime.ns('chat').sockets.values()].find((s) => s.id === a.id);
    if (!target) throw new Error('socket not found on the server');
    await idle();
    const before = realtime.writes.stats.direct;
    target.emit('notify-success', '1');
    realtime.ns('chat').emit('notification', '2');
    target.emit('notify-success', '3');
    realtime.ns('chat').emit('notification', '4');
    await until(() => order.length === 4, 'four packets');
    expect(order).toEqual(['own:1', 'all:2', 'own:3', 'all:4']);
    // `a`'s own packet was still being written: its broadcasts queued behind it the usual way,
    // while the other two clients took the direct way
    expect(realtime.writes.stats.direct - before).toBe(4);
  });
});
