import { fuzzSuite } from '../test-support/fuzz-suite.ts';
import { DB_KINDS } from '../test-support/server.ts';

/**
 * Standing check (issue 9) on the test database: PostgreSQL when TEST_DATABASE_URL is set, else
 * PGlite (see fuzz-suite.ts). Bad input is refused before it reaches SQL, the same on either
 * database; it ran on both until stop 39 (docs/decisions/testing.md, "One database per integration file").
 */
fuzzSuite(DB_KINDS[0] ?? 'pglite');
