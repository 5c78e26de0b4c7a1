import { io } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
import { nextEvent, type TestServer, useTwoNodes, twoNodesEnabled } from '../test-support/server.ts';
import { inTransaction } from './tx.ts';

/** Two nodes on one PostgreSQL with REDIS_URL: an event raised on one reaches sockets on the other. */
describe.runIf(twoNodesEnabled)('two nodes with the Redis adapter', () => {
  const nodes = useTwoNodes();

  it('update-wallet committed on node A reaches the tab connected to node B', async () => {
    const { a, b } = nodes;
    const user = await a.newUser();
    const tabOnB = await b.socket('chat', user.token);
    const got = nextEvent(tabOnB, 'update-wallet');
    await inTransaction(a.site.ctx.db, (unit) =>
      a.site.ctx.wallet.apply(unit, {
        userId: user.id,
        delta: 250,
        kind: 'admin',
        idempotencyKey: `redis-${user.id}`,
      }),
    );
    expect(await got).toEqual([2.5]);
  });

  it('a logout on node A kicks the socket held by node B', async () => {
    const { a, b } = nodes;
    const user = await a.newUser();
    const tabOnB = await b.socket('roulette', user.token);
    const kicked = nextEvent(tabOnB, 'connection_kicked');
    await a.api('POST', '/api/auth/logout', {}, user.token);
    await kicked;
  });
  it('users-online is the site-wide count: the people on both nodes', async () => {
    const { a, b } = nodes;
    const heard = (server: TestServer) => {
      const s = io(`${server.url}/chat`, { transports: ['websocket'], forceNew: true, reconnection: false });
      const values: number[] = [];
      s.on('users-online', (n: number) => values.push(n));
      return { s, values };
    };
    const onA = heard(a);
    const onB = heard(b);
    const player = await a.newUser();
    const tabOnB = await b.socket('chat', player.token);
    // each node sends the sum of both nodes' figures once the next ticks have shared them
    await vi.waitFor(
      () => {
        const last = onA.values.at(-1) ?? 0;
        expect(last).toBeGreaterThanOrEqual(3);
        expect(onB.values.at(-1)).toBe(last);
      },
      { timeout: 8000, interval: 100 },
    );
    const before = onA.values.at(-1) ?? 0;
    tabOnB.disconnect();
    onB.s.disconnect();
    await vi.waitFor(() => expect(onA.values.at(-1)).toBe(before - 2), { timeout: 8000, interval: 100 });
    onA.s.disconnect();
  });

  it('every adapter channel and key is under REDIS_PREFIX (the test kits give each file its own)', async () => {
    const { a, b } = nodes;
    const redis = a.site.redis;
    if (!redis) throw new Error('node A has no Redis');
    expect(redis.prefix).toMatch(/^test:[0-9a-f]{8}:$/);
    expect(b.site.redis?.prefix).toBe(redis.prefix);
    const channels = (await redis.pub.call('PUBSUB', 'CHANNELS', `${redis.prefix}*`)) as string[];
    expect(channels).toContain(`${redis.prefix}socket.io-request#/chat#`);
    expect(channels).toContain(`${redis.prefix}socket.io-response#/roulette#`);
    // one field per node in the online hash, and the rate-limit counters of the sign-ups above
    await vi.waitFor(
      async () =>
        expect(Object.keys(await redis.pub.hgetall(`${redis.prefix}coinsite:online`))).toHaveLength(2),
      { timeout: 15_000 },
    );
    const limits: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await redis.pub.scan(cursor, 'MATCH', `${redis.prefix}rl:*`, 'COUNT', 1000);
      limits.push(...keys);
      cursor = next;
    } while (cursor !== '0');
    expect(limits.length).toBeGreaterThan(0);
  });
});
