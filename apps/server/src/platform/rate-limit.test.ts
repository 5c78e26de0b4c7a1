import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisPrefix } from '../test-support/redis-prefix.ts';
import { loadLimit, redisRateLimiter, securityLimit } from './rate-limit.ts';

/** Issue 26 items 4 and 5: the shared (several nodes) limiter keeps the same classes and forgiveness. */
describe.runIf(process.env.REDIS_URL)('the Redis limiter', () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(process.env.REDIS_URL ?? '');
    await new Promise<void>((resolve) => redis.once('ready', () => resolve()));
  });
  afterAll(() => redis?.quit());

  it('counts security hits unscaled across two limiters (two nodes), and forgives one', async () => {
    const prefix = `${testRedisPrefix()}rl-test:`;
    const a = redisRateLimiter(redis, 100, { prefix });
    const b = redisRateLimiter(redis, 100, { prefix });
    const spec = securityLimit(10, 60_000);
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await (i % 2 ? a : b).hit('guess', spec));
    expect(answers).toEqual([...Array(10).fill(true), false, false]);
    await a.forgive('guess');
    await b.forgive('guess');
    await a.forgive('guess');
    expect(await redis.get(`${prefix}rl:guess`)).toBe('9');
    // forgiving a counter that is gone makes no negative one
    await a.forgive('never-hit');
    expect(await redis.exists(`${prefix}rl:never-hit`)).toBe(0);
    for (let i = 0; i < 1000; i++) expect(await a.hit('load', loadLimit(10, 60_000))).toBe(true);
    expect(await b.hit('load', loadLimit(10, 60_000))).toBe(false);
  });
});
