import type { Redis } from 'ioredis';

/**
 * What a limit is for, decided where it is declared (`loadLimit` / `securityLimit`), never by the
 * caller of the limiter:
 * - `load`: protects the site from volume (bets per second, sign-ups per address). RATE_LIMIT_FACTOR
 *   multiplies it: many players can share an address (a NAT), and load tests need headroom.
 * - `security`: bounds how often a secret can be guessed (passwords, 2FA and recovery codes, reset
 *   codes, gift card and coupon codes). Never scaled: the factor is for load, and a guess limit
 *   multiplied by 100 is no limit (issue 26 item 4).
 */
export type LimitKind = 'load' | 'security';

export interface LimitSpec {
  readonly kind: LimitKind;
  /** Hits allowed per window (before the factor, for a load limit). */
  readonly max: number;
  readonly windowMs: number;
}

/** A limit on volume: × RATE_LIMIT_FACTOR. */
export const loadLimit = (max: number, windowMs: number): LimitSpec => ({ kind: 'load', max, windowMs });

/** A limit on guessing a secret: exactly `max` per window whatever RATE_LIMIT_FACTOR says. */
export const securityLimit = (max: number, windowMs: number): LimitSpec => ({
  kind: 'security',
  max,
  windowMs,
});

/** The one place the factor is applied: to load limits only. */
export function allowedHits(spec: LimitSpec, factor: number): number {
  return spec.kind === 'security' ? spec.max : Math.ceil(spec.max * factor);
}

/**
 * Fixed-window counters. In-process by default; shared through Redis when REDIS_URL is set so that
 * every node counts the same attempts. RATE_LIMIT_FACTOR multiplies the load limits only.
 */
export interface RateLimiter {
  /** Counts one hit; false when the key has used up its hits in the current window. */
  hit(key: string, spec: LimitSpec): Promise<boolean>;
  /**
   * Takes one hit of the current window back (never below zero; nothing once the window is over):
   * a guess that turned out right was no guess (guess-limit.ts).
   */
  forgive(key: string): Promise<void>;
}

export function memoryRateLimiter(factor: number, now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; count: number; windowMs: number }>();
  let lastSweep = now();
  return {
    async hit(key, spec) {
      const t = now();
      if (t - lastSweep > 60_000) {
        for (const [k, w] of windows) if (t - w.start >= w.windowMs) windows.delete(k);
        lastSweep = t;
      }
      const w = windows.get(key);
      if (!w || t - w.start >= spec.windowMs) {
        windows.set(key, { start: t, count: 1, windowMs: spec.windowMs });
        return 1 <= allowedHits(spec, factor);
      }
      w.count++;
      return w.count <= allowedHits(spec, factor);
    },
    async forgive(key) {
      const w = windows.get(key);
      if (w && w.count > 0 && now() - w.start < w.windowMs) w.count--;
    },
  };
}

/** DECR only an existing counter above zero (a missing one would be made -1, without expiry). */
const FORGIVE_SCRIPT = `local n = tonumber(redis.call('get', KEYS[1]) or '0')
if n > 0 then return redis.call('decr', KEYS[1]) end
return 0`;

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
    async hit(key, spec) {
      if (redis.status !== 'ready') return local.hit(key, spec);
      const k = `${opts.prefix ?? ''}rl:${key}`;
      try {
        const res = await withTimeout(
          redis.multi().incr(k).pexpire(k, spec.windowMs, 'NX').exec(),
          timeoutMs,
        );
        const count = Number(res?.[0]?.[1] ?? 0);
        return count <= allowedHits(spec, factor);
      } catch {
        return local.hit(key, spec);
      }
    },
    async forgive(key) {
      await local.forgive(key);
      if (redis.status !== 'ready') return;
      try {
        await withTimeout(redis.eval(FORGIVE_SCRIPT, 1, `${opts.prefix ?? ''}rl:${key}`), timeoutMs);
      } catch {
        // best effort: the hit stays counted until its window ends
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
