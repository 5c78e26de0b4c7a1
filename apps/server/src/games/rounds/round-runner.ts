import type { Logger } from 'pino';
import type { Clock } from '../../platform/clock.ts';
import type { Ctx } from '../../platform/context.ts';

/** A failed step (a database hiccup) is tried again after this long. */
export const STEP_RETRY_MS = 1000;

/**
 * The clock and the order of a round loop: timers on the injected clock, and steps (database work)
 * that run one at a time in the order they were asked for. stop() cancels every timer and drops the
 * steps not yet begun, so a loop that lost leadership stops acting; what it already wrote is guarded
 * in SQL, so the next leader carries on from the rows.
 */
export class RoundRunner {
  private generation = 0;
  /** The generation of the step running now: what it schedules belongs to it, not to a later start. */
  private executing: number | null = null;
  private live = false;
  private readonly timers = new Set<() => void>();
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(
    private readonly clock: Clock,
    private readonly log: Logger,
    readonly name: string,
    /** Hears how late each timer fired, in seconds (the metrics' loop lag). */
    private readonly onLag?: (seconds: number) => void,
  ) {}

  /** The runner of a loop of the app: its clock and log, its lag into the app's metrics. */
  static of(ctx: Ctx, name: string): RoundRunner {
    return new RoundRunner(ctx.clock, ctx.log, name, (s) => ctx.metrics.loopLag.observe({ loop: name }, s));
  }

  get active(): boolean {
    return this.live;
  }

  start(): void {
    this.generation++;
    this.live = true;
  }

  async stop(): Promise<void> {
    this.live = false;
    this.generation++;
    for (const cancel of this.timers) cancel();
    this.timers.clear();
    await this.idle();
  }

  /** Whether the caller (a step or timer of `generation`) still belongs to the running loop. */
  private current(): number | null {
    const generation = this.executing ?? this.generation;
    return this.live && generation === this.generation ? generation : null;
  }

  /** Runs fn after ms of clock time, unless the loop stopped (or restarted) meanwhile. */
  after(ms: number, fn: () => void): void {
    const generation = this.current();
    if (generation === null) return;
    const due = this.clock.now() + ms;
    const cancel = this.clock.setTimeout(() => {
      this.timers.delete(cancel);
      this.onLag?.(Math.max(0, this.clock.now() - due) / 1000);
      if (generation === this.generation) fn();
    }, ms);
    this.timers.add(cancel);
  }

  /** Queues a step behind the others; a failing step is logged and queued again after STEP_RETRY_MS. */
  step(label: string, fn: () => Promise<void>): void {
    const generation = this.current();
    if (generation === null) return;
    this.pending++;
    this.tail = this.tail
      .then(async () => {
        if (generation !== this.generation) return;
        this.executing = generation;
        try {
          await fn();
        } catch (err) {
          this.log.error({ err, loop: this.name, step: label }, 'round step failed');
          this.after(STEP_RETRY_MS, () => this.step(label, fn));
        } finally {
          this.executing = null;
        }
      })
      .finally(() => {
        this.pending--;
      });
  }

  /** Resolves once no step is queued or running (tests wait on it between clock advances). */
  async idle(): Promise<void> {
    while (this.pending > 0) await this.tail;
  }
}

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

/**
 * A loop of the leader on one RoundRunner: start() queues recover(), which reads the rows and
 * schedules what comes next; stop() drops every timer and step. Everything is read from the rows,
 * so a new leader carries on where the old one stopped.
 */
export abstract class LeaderLoop implements LeaderTask {
  protected readonly runner: RoundRunner;

  constructor(
    protected readonly ctx: Ctx,
    name: string,
  ) {
    this.runner = RoundRunner.of(ctx, name);
  }

  start(): void {
    if (this.runner.active) return;
    this.runner.start();
    this.runner.step('recover', () => this.recover());
  }

  stop(): Promise<void> {
    return this.runner.stop();
  }

  /** Resolves when no database step is in flight (tests advance the clock between these). */
  idle(): Promise<void> {
    return this.runner.idle();
  }

  /** Queues the step `fn` after `ms` of clock time (at once when ms ≤ 0). */
  protected later(ms: number, label: string, fn: () => Promise<void>): void {
    this.runner.after(Math.max(0, ms), () => this.runner.step(label, fn));
  }

  protected abstract recover(): Promise<void>;
}

/** A leader loop that looks at its rows again and again: tick() does what is due and says when to look next. */
export abstract class PollingLoop extends LeaderLoop {
  protected async recover(): Promise<void> {
    const wait = await this.tick();
    this.later(wait, 'tick', () => this.recover());
  }

  /** Does what is due now; returns the milliseconds until the next look. */
  protected abstract tick(): Promise<number>;
}
