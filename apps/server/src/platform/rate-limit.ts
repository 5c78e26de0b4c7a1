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

export function redisRateLimiter(redis: Redis, factor: number): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const k = `rl:${key}`;
      const res = await redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec();
      const count = Number(res?.[0]?.[1] ?? 0);
      return count <= Math.ceil(limit * factor);
    },
  };
}
