import type { Logger } from 'pino';
import type { Clock } from '../../platform/clock.ts';
import type { Ctx } from '../../platform/context.ts';
import { Fenced, runFenced } from '../../platform/fence.ts';
import type { Leadership } from '../../platform/leader.ts';
import type { LeaderTask } from '../../platform/leader-tasks.ts';

// the registry moved to the platform (features declare their tasks); kept here for old imports
export { type LeaderTask, leaderTasksOf, runWhileLeader } from '../../platform/leader-tasks.ts';

/** A failed step (a database hiccup) is tried again after this long. */
export const STEP_RETRY_MS = 1000;
/** While the node's lease has run out (it stalled) a due timer or step looks again this often. */
export const LEASE_WAIT_MS = 25;

/**
 * The clock and the order of a round loop: timers on the injected clock, and steps (database work)
 * that run one at a time in the order they were asked for. stop() cancels every timer and drops the
 * steps not yet begun, so a loop that lost leadership stops acting; what it already wrote is guarded
 * in SQL, so the next leader carries on from the rows.
 *
 * With a leadership (every loop of the app), a timer or step runs only while the node's lease holds:
 * a node that stalled past it finds out at its first timer, which waits (as every other) until the
 * lease is renewed (then it runs, late: the loop sees how late) or lost (then stop() drops it). Each
 * step runs fenced by the lease term: its transactions write nothing once another node has taken
 * the lease (platform/fence.ts).
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
    private readonly leadership?: Pick<Leadership, 'isLeader' | 'term' | 'leaseMs'>,
  ) {}

  /** The runner of a loop of the app: its clock and log, its lag into the app's metrics, its leadership. */
  static of(ctx: Ctx, name: string): RoundRunner {
    return new RoundRunner(
      ctx.clock,
      ctx.log,
      name,
      (s) => ctx.metrics.loopLag.observe({ loop: name }, s),
      ctx.leadership,
    );
  }

  /** Whether this node's lease holds (always without a leadership: unit tests of the runner). */
  private leads(): boolean {
    return this.leadership?.isLeader() ?? true;
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
    this.arm(generation, ms, this.clock.now() + ms, fn);
  }

  private arm(generation: number, ms: number, due: number, fn: () => void): void {
    const cancel = this.clock.setTimeout(() => {
      this.timers.delete(cancel);
      if (generation !== this.generation) return;
      // the lease ran out (this node stalled): wait for its renewal or its loss
      if (!this.leads()) return this.arm(generation, LEASE_WAIT_MS, due, fn);
      this.onLag?.(Math.max(0, this.clock.now() - due) / 1000);
      fn();
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
        if (!this.leads()) {
          // the lease ran out: the step waits (in order, behind the due timers) for its renewal
          this.arm(generation, LEASE_WAIT_MS, this.clock.now(), () => this.step(label, fn));
          return;
        }
        this.executing = generation;
        try {
          const term = this.leadership?.term() ?? null;
          await runFenced(term, this.leadership?.leaseMs ?? 0, fn);
        } catch (err) {
          if (err instanceof Fenced) {
            // another node holds the lease: this one stops acting (its leadership finds out too)
            this.log.warn({ loop: this.name, step: label, err: err.message }, 'round step fenced');
            return;
          }
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
