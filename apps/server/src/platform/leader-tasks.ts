import type { Ctx } from './context.ts';

/** Anything the leader runs and stops: round loops, rain, trivia, giveaways. */
export interface LeaderTask {
  start(): void;
  stop(): Promise<void>;
}

const leaderTasks = new WeakMap<Ctx, Map<string, LeaderTask>>();

/** The app's leader tasks by name (tests stop the ones they do not exercise). */
export function leaderTasksOf(ctx: Ctx): ReadonlyMap<string, LeaderTask> {
  return leaderTasks.get(ctx) ?? new Map();
}

/**
 * Runs the tasks (by name) while this node leads: started on winning leadership, stopped on losing
 * it and at close.
 */
export function runWhileLeader(ctx: Ctx, named: Record<string, LeaderTask>): void {
  const registry = leaderTasks.get(ctx) ?? new Map<string, LeaderTask>();
  leaderTasks.set(ctx, registry);
  for (const [name, task] of Object.entries(named)) registry.set(name, task);
  const tasks = Object.values(named);
  ctx.leadership.onLeader(() => {
    for (const task of tasks) task.start();
  });
  ctx.leadership.onFollower(() => {
    for (const task of tasks) void task.stop();
  });
  ctx.onClose.push(async () => {
    await Promise.all(tasks.map((task) => task.stop()));
  });
}
