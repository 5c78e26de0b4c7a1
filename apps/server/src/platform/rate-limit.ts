import type { Redis } from 'ioredis';

/**
 * Fixed-window counters. In-process by default; shared through Redis when REDIS_URL is set so that
 * every node counts the same attempts. RATE_LIMIT_FACTOR multiplies every limit.
 */
export interface RateLimiter {
  /** Counts one hit; false when the key has used up `limit` hits in the current window. */
  hit(key: string, limit: number, windowMs: number): Promise<boolean>;
}

export function memoryRateLimiter(factor: number, now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();
  return {
    async hit(key, limit, windowMs) {
      const t = now();
      if (t - lastSweep > 60_000) {
        for (const [k, w] of windows) if (t - w.start > 3_600_000) windows.delete(k);
        lastSweep = t;
      }
      const w = windows.get(key);
      if (!w || t - w.start >= windowMs) {
        windows.set(key, { start: t, count: 1 });
        return true;
      }
      w.count++;
      return w.count <= Math.ceil(limit * factor);
    },
  };
}

/**
 * How long a player's bet or cash-out waits for the shared counter before this node counts it alone.
 * A round trip to a healthy Redis takes about a millisecond; a Redis that is away must not hold a
 * player's action (DESIGN.md: Redis is for scale, not truth).
 */
export const REDIS_LIMIT_TIMEOUT_MS = 150;

/**
 * Counters in Redis, shared by every node. While Redis is away (not connected, an error, or no answer
 * within REDIS_LIMIT_TIMEOUT_MS) this node counts on its own, in process, so the limits still hold
 * per node and no action waits on Redis.
 */
export function redisRateLimiter(
  redis: Redis,
  factor: number,
  opts: { timeoutMs?: number; now?: () => number; prefix?: string } = {},
): RateLimiter {
  const local = memoryRateLimiter(factor, opts.now);
  const timeoutMs = opts.timeoutMs ?? REDIS_LIMIT_TIMEOUT_MS;
  return {
    async hit(key, limit, windowMs) {
      if (redis.status !== 'ready') return local.hit(key, limit, windowMs);
      const k = `${opts.prefix ?? ''}rl:${key}`;
      try {
        const res = await withTimeout(redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec(), timeoutMs);
        const count = Number(res?.[0]?.[1] ?? 0);
        return count <= Math.ceil(limit * factor);
      } catch {
        return local.hit(key, limit, windowMs);
      }
    },
  };
}

/** The promise's value, or a rejection once `ms` have passed without one. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A token bucket for per-event limits on this node (socket events are too frequent for a Redis
 * round trip each): `burst` events at once, refilled at `perSecond`.
 */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    now: number,
  ) {
    this.tokens = burst;
    this.at = now;
  }

  /** Takes one token; false when the bucket is empty. */
  take(now: number): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** True once the bucket has refilled completely: it can be forgotten. */
  isFull(now: number): boolean {
    return this.tokens + ((now - this.at) / 1000) * this.perSecond >= this.burst;
  }
}

/** Token buckets by key (e.g. client address), swept of full ones once a minute. */
export class BucketMap {
  private readonly buckets = new Map<string, TokenBucket>();
  private lastSweep: number;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    now: number,
  ) {
    this.lastSweep = now;
  }

  take(key: string, now: number): boolean {
    if (now - this.lastSweep > 60_000) {
      for (const [k, b] of this.buckets) if (b.isFull(now)) this.buckets.delete(k);
      this.lastSweep = now;
    }
    let b = this.buckets.get(key);
    if (!b) {
      b = new TokenBucket(this.burst, this.perSecond, now);
      this.buckets.set(key, b);
    }
    return b.take(now);
  }
}
