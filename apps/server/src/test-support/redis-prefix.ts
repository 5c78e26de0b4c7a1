import { randomUUID } from 'node:crypto';

/** Used when no per-file setup ran (a test file run by another config). */
const fallback = `test:${randomUUID().slice(0, 8)}:`;

/**
 * REDIS_PREFIX of the test servers started by the running test file: the nodes of one file share their
 * Redis keys and adapter channels, and files running at the same time, files run one after another in
 * the same worker, and other runs on the same Redis never hear each other's broadcasts or online
 * counts. `file-setup.ts` gives each file its own before the file is loaded.
 */
export function testRedisPrefix(): string {
  return process.env.TEST_REDIS_PREFIX ?? fallback;
}
