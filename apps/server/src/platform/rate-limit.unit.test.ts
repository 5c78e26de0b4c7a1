import { describe, expect, it } from 'vitest';
import { allowedHits, loadLimit, memoryRateLimiter, securityLimit } from './rate-limit.ts';

/** Issue 26 item 4: the factor scales load limits only; a security limit is what it says. */
describe('rate limit classes', () => {
  it('RATE_LIMIT_FACTOR multiplies a load limit and never a security one', () => {
    expect(allowedHits(loadLimit(10, 60_000), 100)).toBe(1000);
    expect(allowedHits(loadLimit(3, 60_000), 0.5)).toBe(2);
    expect(allowedHits(securityLimit(10, 60_000), 100)).toBe(10);
    expect(allowedHits(securityLimit(10, 60_000), 0.1)).toBe(10);
  });

  it('the in-process limiter: ten security hits at factor 100, then refused until the window ends', async () => {
    let t = 1_000_000;
    const limiter = memoryRateLimiter(100, () => t);
    const spec = securityLimit(10, 60_000);
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await limiter.hit('k', spec));
    expect(answers).toEqual([...Array(10).fill(true), false, false]);
    // a load limit of the same numbers takes 1,000
    for (let i = 0; i < 1000; i++) expect(await limiter.hit('load', loadLimit(10, 60_000))).toBe(true);
    expect(await limiter.hit('load', loadLimit(10, 60_000))).toBe(false);
    t += 60_000;
    expect(await limiter.hit('k', spec)).toBe(true);
  });

  it('forgive takes one hit back, never below zero, and only within the window', async () => {
    let t = 0;
    const limiter = memoryRateLimiter(1, () => t);
    const spec = securityLimit(2, 1000);
    await limiter.hit('k', spec);
    await limiter.hit('k', spec);
    await limiter.forgive('k');
    expect(await limiter.hit('k', spec)).toBe(true);
    expect(await limiter.hit('k', spec)).toBe(false);
    await limiter.forgive('nobody');
    t += 1000;
    await limiter.forgive('k');
    expect(await limiter.hit('k', spec)).toBe(true);
    expect(await limiter.hit('k', spec)).toBe(true);
    expect(await limiter.hit('k', spec)).toBe(false);
  });
});
