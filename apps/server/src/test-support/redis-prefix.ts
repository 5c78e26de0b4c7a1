import { randomUUID } from 'node:crypto';

/**
 * REDIS_PREFIX of the test servers started by this test file (each file evaluates it afresh): the
 * nodes of one file share their Redis keys and adapter channels, and files running at the same time
 * (or other runs on the same Redis) never hear each other's broadcasts or online counts.
 */
export const TEST_REDIS_PREFIX = `test:${randomUUID().slice(0, 8)}:`;
