// Mutation testing: `npm run test:mutation` (not part of `npm test`: it takes long). StrykerJS 9.6
// (10.x needs Node 22) with its vitest runner, in place because npm workspaces link
// @coinsite/shared into node_modules and a sandbox copy would test the unmutated package.
// In place means the sources are mutated on disk while it runs: let it finish, or stop it with
// Ctrl-C once (it restores the files), and commit nothing meanwhile.
// A narrower run: npx stryker run --mutate 'packages/shared/src/money.ts,packages/shared/src/fairness/*.ts'
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts' },
  inPlace: true,
  mutate: [
    'packages/shared/src/**/*.ts',
    '!packages/shared/src/**/*.test.ts',
    '!packages/shared/src/**/*.fixture.ts',
    '!packages/shared/src/**/index.ts',
    'apps/server/src/economy/wager-hooks.ts',
    'apps/server/src/games/cases/case-tables.ts',
    'apps/server/src/platform/config.ts',
    'apps/server/src/games/engine/live-feed.ts',
    'apps/server/src/chat/rain/rain-split.ts',
    'apps/web/src/features/autobet/autobet.ts',
  ],
  coverageAnalysis: 'perTest',
  // Static mutants (module-level code: constants, the zod schemas' definitions) cannot be tied to a
  // test, so Stryker reloads and runs every test for each; across this scope (about 1,100 in
  // schemas/** alone) that is many hours. They are reported as Ignored and left out of the score;
  // measure a file's static mutants too with a narrow run:
  // STRYKER_STATIC=1 npx stryker run --mutate <file>
  ignoreStatic: process.env.STRYKER_STATIC !== '1',
  // vitest strips types without checking them, so no need to add "// @ts-nocheck" to every file
  // (in place, that would rewrite the whole tree while the run lasts)
  disableTypeChecks: false,
  // two cores shared with other work: one test process
  concurrency: 1,
  // added to the covering tests' own time: a mutant that loops forever costs this much, not a minute
  timeoutMS: 10_000,
  incremental: false,
  // clear-text prints the score of every file; the HTML report lists each survivor
  reporters: ['clear-text', 'progress', 'html', 'json'],
  clearTextReporter: { allowEmojis: false, logTests: false, reportScoreTable: true, reportMutants: true },
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  thresholds: { high: 90, low: 75, break: null },
};
