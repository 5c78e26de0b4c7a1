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
  /** Whether this node can reach the other nodes, and when that was lost and came back. */
  link: RedisLink;
}

/**
 * This node's link to the other nodes through Redis (issue 26 item 10). It is lost at the first sign
 * (a client's connection closed, or a publish failed: a hang times out) and back once both clients are
 * ready again and the subscriber has answered a PING sent after its SUBSCRIBE replay, i.e. the
 * adapter hears the other nodes again. Between the two, broadcasts crossed neither way.
 */
export class RedisLink {
  private away = false;
  private checking = false;
  private stopped = false;
  private readonly lostFns: Array<() => void> = [];
  private readonly backFns: Array<() => void> = [];

  constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly log: Logger,
  ) {
    for (const client of [pub, sub]) {
      client.on('close', () => this.lost());
      client.on('ready', () => this.check());
    }
  }

  get isAway(): boolean {
    return this.away;
  }

  onLost(fn: () => void): void {
    this.lostFns.push(fn);
  }

  onBack(fn: () => void): void {
    this.backFns.push(fn);
  }

  /** The node is closing: its own disconnect is no outage. */
  stop(): void {
    this.stopped = true;
  }

  lost(): void {
    if (this.away || this.stopped) return;
    this.away = true;
    this.log.warn('redis link lost: broadcasts do not cross between nodes until it is back');
    for (const fn of this.lostFns) fn();
  }

  /** A publish went through: if the link was lost (a hang), see whether it is whole again. */
  published(): void {
    if (this.away) this.check();
  }

  private check(): void {
    if (!this.away || this.checking || this.stopped) return;
    if (this.pub.status !== 'ready' || this.sub.status !== 'ready') return;
    this.checking = true;
    // ioredis emits 'ready' and then sends the subscriber's SUBSCRIBE replay in the same turn: the
    // PING goes after it, so its answer means the subscriptions are in place again
    setImmediate(() => {
      this.sub.ping().then(
        () => {
          this.checking = false;
          if (!this.away || this.stopped) return;
          if (this.pub.status !== 'ready' || this.sub.status !== 'ready') return;
          this.away = false;
          this.log.warn('redis link back: clients resync');
          for (const fn of this.backFns) fn();
        },
        () => {
          this.checking = false;
        },
      );
    });
  }
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
  const link = new RedisLink(pub, sub, log);
  dropFailedPublishes(pub, log, link);
  catchFailedUnsubscribes(sub, log);
  // The adapter of each namespace ('/' and the ten) adds its own 'error' listener on both clients and
  // its own message listeners on the subscriber; with ours that is one more per client. Exactly that
  // many: an adapter created twice (a real leak) still warns.
  const listeners = NAMESPACES.length + 2;
  pub.setMaxListeners(listeners);
  sub.setMaxListeners(listeners);
  return { pub, sub, prefix, link };
}

/**
 * The adapter publishes without awaiting: a publish that fails (Redis away) is counted and dropped,
 * never an unhandled rejection in the round loop; the count is logged once Redis is back.
 */
function dropFailedPublishes(pub: Redis, log: Logger, link: RedisLink): void {
  const publish = pub.publish.bind(pub) as (
    channel: string | Buffer,
    message: string | Buffer,
  ) => Promise<number>;
  let dropped = 0;
  (pub as unknown as { publish: typeof publish }).publish = (channel, message) =>
    publish(channel, message).then(
      (n) => {
        link.published();
        return n;
      },
      () => {
        dropped++;
        link.lost();
        return 0;
      },
    );
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
