/**
 * How test code is named (issue 30): *.test.ts(x), *.test-support.ts, *-test-kit.ts, *.fixture.ts,
 * and everything under a test-support/ folder. The source scans (test boundary, ledger kinds) use it.
 */
export const TEST_CODE =
  /(\.test\.tsx?|\.test-support\.ts|-test-kit\.ts|\.fixture\.ts)$|[\\/]test-support[\\/]/;
