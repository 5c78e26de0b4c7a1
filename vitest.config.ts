import { defineConfig } from 'vitest/config';

// One runner for everything: pure unit tests, integration tests against a real server
// on a random port, and browser tests that drive Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // RTP simulations take a few seconds; a loaded 2-core machine must not turn them into timeouts
          testTimeout: 60_000,
          include: [
            'packages/shared/src/**/*.test.ts',
            'apps/server/src/**/*.unit.test.ts',
            'apps/web/src/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'integration',
          // short crash/roulette hash chains: every test server generates its own at boot
          env: { ROUND_CHAIN_LENGTH: '1000' },
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.unit.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          env: { ROUND_CHAIN_LENGTH: '1000' },
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
