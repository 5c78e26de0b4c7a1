import { fuzzSuite } from '../test-support/fuzz-suite.ts';

/** Standing check (issue 9) on PGlite; fuzz.postgres.test.ts runs it on PostgreSQL (see fuzz-suite.ts). */
fuzzSuite('pglite');
