import { NAMESPACES } from '@coinsite/shared';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** A command on the publishing client (broadcasts, online counts) that has no answer by then fails. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

export interface RedisClients {
  /** Broadcasts, rate-limit counters and online counts; drops commands while disconnected. */
  pub: Redis;
  /** Held in subscribed state by the Socket.IO adapter. */
  sub: Redis;
  /** REDIS_PREFIX: put before every key and adapter channel ('' = the default names). */
  prefix: string;
}

/** The Socket.IO adapter's channel prefix under REDIS_PREFIX (the adapter's own default without one). */
export const adapterKey = (prefix: string): string => `${prefix}socket.io`;

/**
 * The two Redis connections of a node (DESIGN.md: Redis is for scale, not truth). The publisher
 * keeps no offline queue: while Redis is away a broadcast is dropped, not replayed to the other
 * nodes' clients in a burst when it returns (they resync from the next round event), and a command
 * fails at once instead of holding a player's action. The subscriber keeps ioredis' defaults and
 * subscribes again on reconnect.
 */
export function openRedis(url: string, log: Logger, prefix = ''): RedisClients {
  const pub = new Redis(url, {
    enableOfflineQueue: false,
    autoResendUnfulfilledCommands: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  const sub = new Redis(url);
  pub.on('error', (err) => log.warn({ err }, 'redis'));
  sub.on('error', (err) => log.warn({ err }, 'redis'));
  dropFailedPublishes(pub, log);
  catchFailedUnsubscribes(sub, log);
  // The adapter of each namespace ('/' and the ten) adds its own 'error' listener on both clients and
  // its own message listeners on the subscriber; with ours that is one more per client. Exactly that
  // many: an adapter created twice (a real leak) still warns.
  const listeners = NAMESPACES.length + 2;
  pub.setMaxListeners(listeners);
  sub.setMaxListeners(listeners);
  return { pub, sub, prefix };
}

/**
 * The adapter publishes without awaiting: a publish that fails (Redis away) is counted and dropped,
 * never an unhandled rejection in the round loop; the count is logged once Redis is back.
 */
function dropFailedPublishes(pub: Redis, log: Logger): void {
  const publish = pub.publish.bind(pub) as (
    channel: string | Buffer,
    message: string | Buffer,
  ) => Promise<number>;
  let dropped = 0;
  (pub as unknown as { publish: typeof publish }).publish = (channel, message) =>
    publish(channel, message).catch(() => {
      dropped++;
      return 0;
    });
  pub.on('ready', () => {
    if (dropped > 0) log.warn(`redis is back; ${dropped} broadcasts were dropped while it was away`);
    dropped = 0;
  });
}

/**
 * The adapter's close() (p)unsubscribes without awaiting; with Redis away (or the client already
 * disconnected) those reject "Connection is closed". Nothing is left to unsubscribe from then: the
 * rejection is caught and logged at debug level, never unhandled. A caller that awaits still sees it.
 */
function catchFailedUnsubscribes(sub: Redis, log: Logger): void {
  for (const name of ['unsubscribe', 'punsubscribe'] as const) {
    const original = sub[name].bind(sub) as (...args: unknown[]) => Promise<unknown>;
    (sub as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      const p = original(...args);
      p.catch((err: unknown) => log.debug({ err }, `redis ${name} failed`));
      return p;
    };
  }
}
