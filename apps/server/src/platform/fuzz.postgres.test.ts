import { describe } from 'vitest';
import { DB_KINDS } from '../test-support/server.ts';
import { fuzzSuite } from '../test-support/fuzz-suite.ts';

/** Standing check (issue 9) on PostgreSQL when TEST_DATABASE_URL is set (see fuzz-suite.ts). */
describe.runIf(DB_KINDS.includes('postgres'))('on PostgreSQL', () => {
  fuzzSuite('postgres');
});
