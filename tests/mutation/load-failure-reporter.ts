import type { Reporter, TestModule } from 'vitest/node';

/** The parts of vitest's internal task tree this reporter reads and extends. */
interface Task {
  type: string;
  name: string;
  mode: string;
  tasks?: Task[];
  result?: { state?: string; errors?: unknown[]; duration?: number };
  file?: Task;
  suite?: Task;
  filepath?: string;
  meta?: object;
}

function hasTests(task: Task): boolean {
  return (task.tasks ?? []).some((t) => t.type === 'test' || hasTests(t));
}

/**
 * StrykerJS's vitest runner builds a mutant's verdict from the tests it collected, and a test file
 * that fails to load (a mutant that throws at import time, say) collects none: the mutant would be
 * scored Survived although the suite catches it (stryker-js issue 6150, open in 9.6 and 10.0). This
 * reporter gives each failed test file that holds no test one failed test carrying the load error,
 * so the runner sees a failure and scores the mutant Killed. Used only by vitest.mutation.config.ts.
 */
export default class LoadFailureReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    for (const testModule of testModules) {
      // `task` is vitest's File task, the object Stryker reads through ctx.state.getFiles()
      const file = (testModule as unknown as { task?: Task }).task;
      if (file?.result?.state !== 'fail' || hasTests(file)) continue;
      file.tasks = [
        ...(file.tasks ?? []),
        {
          type: 'test',
          name: 'the test file loads',
          mode: 'run',
          file,
          suite: file,
          meta: {},
          result: { state: 'fail', errors: file.result.errors ?? [], duration: 0 },
        },
      ];
    }
  }
}
