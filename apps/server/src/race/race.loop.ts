import { RoundRunner } from '../games/rounds/round-runner.ts';
import type { Ctx } from '../platform/context.ts';
import { activeRace, ensureRace, foldPending, payRace } from './race.service.ts';

/** The leader folds queued settled stakes and looks at the race rows at least this often. */
export const RACE_POLL_MS = 5000;
/**
 * The payout waits this long after the race's end, so bets taken just before it (their statements
 * still in flight) are in the standings it reads.
 */
export const RACE_SETTLE_GRACE_MS = 2000;

/**
 * The race's clock on the leader, on the shared round lifecycle: starts a race when none runs, folds
 * settled stakes into the entries, and pays a race once its end (plus the grace) has passed, which
 * starts the next one in the same transaction. Everything is read from the rows on every pass, so a
 * new leader carries on; the payout is a guarded update (once).
 */
export class RaceLoop {
  private readonly runner: RoundRunner;

  constructor(private readonly ctx: Ctx) {
    this.runner = new RoundRunner(ctx.clock, ctx.log, 'race');
  }

  start(): void {
    if (this.runner.active) return;
    this.runner.start();
    this.runner.step('tick', () => this.tick());
  }

  stop(): Promise<void> {
    return this.runner.stop();
  }

  /** Resolves when no database step is in flight (tests advance the clock between these). */
  idle(): Promise<void> {
    return this.runner.idle();
  }

  private async tick(): Promise<void> {
    await foldPending(this.ctx);
    let race = await activeRace(this.ctx.db);
    if (!race) race = await ensureRace(this.ctx);
    let next = RACE_POLL_MS;
    if (race) {
      const payAt = race.ends_at + RACE_SETTLE_GRACE_MS;
      const now = this.ctx.clock.now();
      if (now >= payAt) {
        await payRace(this.ctx, race.id);
        next = 0;
      } else next = Math.min(next, payAt - now);
    }
    this.runner.after(next, () => this.runner.step('tick', () => this.tick()));
  }
}
