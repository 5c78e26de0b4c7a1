import { randomUUID } from 'node:crypto';
import { afterAll } from 'vitest';

/**
 * Runs before every integration and browser test file. The files of a worker share its process and
 * module cache (`isolate: false` in vitest.config.ts: each file no longer imports the whole server
 * anew), so what one file changes in the process must not reach the next: each file starts from the
 * environment the project gave it (several set ROUND_CHAIN_LENGTH at their top) and gets a Redis
 * prefix of its own (redis-prefix.ts).
 */
const given = { ...process.env };
process.env.TEST_REDIS_PREFIX = `test:${randomUUID().slice(0, 8)}:`;

// registered first, so it runs after the file's own afterAll hooks (vitest runs them as a stack)
afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in given)) delete process.env[key];
  Object.assign(process.env, given);
});
