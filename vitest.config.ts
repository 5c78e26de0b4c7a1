import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Unit and integration files run at once: TEST_FILE_WORKERS (default 3). Files are isolated from each
 * other (own server, own database or PGlite copy, own REDIS_PREFIX). At two, the integration files
 * left a quarter of a slow 2-core machine idle (the process tests wait on real rounds): 433 s at 75 %
 * busy; at three 343 and 365 s, 92–95 % (stop 43). The server processes those tests start run at a
 * higher priority (test-support/node-process.ts), so their lease timings stay theirs. On a machine
 * already busy with other work, TEST_FILE_WORKERS=1 keeps files from starving each other into
 * timeouts (docs/decisions/testing.md, "Test suite speed").
 */
const filesAtOnce = (value: string | undefined, fallback: number) => {
  const n = Math.max(1, Number(value ?? fallback) || 1);
  return { fileParallelism: n > 1, maxWorkers: n };
};
const parallel = filesAtOnce(process.env.TEST_FILE_WORKERS, 3);
/**
 * Browser files at once: E2E_FILE_WORKERS (default 3). Each test's pages close when it ends and the
 * browser files run on PostgreSQL when TEST_DATABASE_URL is set (tests/e2e/support/site.ts). With the
 * full browser two at once already kept both cores busy (92 %); the headless shell (global-setup.ts)
 * costs a quarter less CPU and left them 77 % busy at two, so a third file fills the gap: 388 → 317 s
 * (stop 41, docs/decisions/testing.md). The files that measure a page's pace (turbo's bets a second
 * and long frames) run alone after them, in the `e2e-solo` project: beside another file their
 * figures measure the other file (stop 37).
 */
const SOLO_E2E = ['tests/e2e/turbo-autobet.test.ts', 'tests/e2e/long-frames.test.ts'];
const browserParallel = filesAtOnce(process.env.E2E_FILE_WORKERS, 3);

/**
 * The files of a worker share its process (`isolate: false`): each file no longer imports the whole
 * server and its kits anew (an 8-file browser sample: module import 32 → 12 s, wall 97 → 87 s). What a
 * file changes in the process is undone by the per-file setup (test-support/file-setup.ts).
 */
const sharedWorker = {
  isolate: false,
  setupFiles: ['apps/server/src/test-support/file-setup.ts'],
};

/** What every browser project shares: one Chromium for all files (global setup), short hash chains. */
const browserProject = {
  env: { ROUND_CHAIN_LENGTH: '1000' },
  globalSetup: ['tests/e2e/support/global-setup.ts'],
  ...sharedWorker,
  setupFiles: [...sharedWorker.setupFiles, 'tests/e2e/support/file-setup.ts'],
  // a limit for a hung test, not a pace: a loaded machine stretches a 40 s test past 60 s
  testTimeout: 120_000,
  hookTimeout: 120_000,
};

/**
 * Files that run long for what they wait on (real rounds at their real pace in child processes, the
 * HTTP fuzz): started first, so they run beside the short files instead of after them. Vitest orders
 * by the durations of its last run when it has them and by file size when it does not: on a fresh
 * clone these small files came last, and the HTTP fuzz ran 38 s alone after every other file had
 * ended (integration 233 s, measured on stop 40's VM). Only an order: a file missing here still runs.
 */
const LONG_FILES = [
  'apps/server/src/games/rounds/rounds.process.test.ts',
  'apps/server/src/platform/fuzz.test.ts',
  'apps/server/src/games/crash/crash-stall.process.test.ts',
  'apps/server/src/chat/rain/rain.process.test.ts',
];
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = LONG_FILES.findIndex((name) => f.moduleId.endsWith(name));
      return i === -1 ? LONG_FILES.length : i;
    };
    const sorted = await super.sort(files);
    // projects keep Vitest's order; inside each, the long files first, then the rest as Vitest put them
    const projects = [...new Set(sorted.map((f) => f.project.name))];
    const project = (f: TestSpecification) => projects.indexOf(f.project.name);
    return sorted.sort((a, b) => project(a) - project(b) || rank(a) - rank(b));
  }
}

// One runner for everything: pure unit tests, integration tests against a real server
// on a random port, and browser tests that drive Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        test: {
          name: 'unit',
          // RTP simulations take a few seconds; a loaded 2-core machine must not turn them into timeouts
          testTimeout: 60_000,
          ...parallel,
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
          ...parallel,
          ...sharedWorker,
        },
      },
      {
        test: {
          name: 'e2e',
          ...browserProject,
          include: ['tests/e2e/**/*.test.ts'],
          exclude: SOLO_E2E,
          // each of the files at once has its own server and browser contexts on the one Chromium
          ...browserParallel,
        },
      },
      {
        test: {
          name: 'e2e-solo',
          ...browserProject,
          include: SOLO_E2E,
          fileParallelism: false,
          maxWorkers: 1,
        },
      },
    ],
  },
});
