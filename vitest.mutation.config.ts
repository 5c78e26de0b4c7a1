import { defineConfig } from 'vitest/config';
import LoadFailureReporter from './tests/mutation/load-failure-reporter.ts';

// The unit tests that cover what `npm run test:mutation` mutates (stryker.config.mjs): the shared
// package and the pure server modules. One project, so Stryker's per-test coverage maps cleanly.
export default defineConfig({
  test: {
    include: [
      'packages/shared/src/**/*.test.ts',
      'apps/server/src/economy/wager-hooks.unit.test.ts',
      'apps/server/src/games/cases/case-catalogue.unit.test.ts',
      'apps/server/src/platform/config.unit.test.ts',
      'apps/server/src/games/engine/live-feed.unit.test.ts',
      'apps/server/src/chat/rain/rain-split.unit.test.ts',
      'apps/web/src/features/autobet/autobet.test.ts',
    ],
    testTimeout: 60_000,
    reporters: ['default', new LoadFailureReporter()],
  },
});
