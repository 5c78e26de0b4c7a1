import type { Logger } from 'pino';
import type { Clock } from '../../platform/clock.ts';

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
  ) {}

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
    const cancel = this.clock.setTimeout(() => {
      this.timers.delete(cancel);
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
