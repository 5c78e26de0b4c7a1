import { RoundRunner } from '../games/rounds/round-runner.ts';
import type { Ctx } from '../platform/context.ts';
import { drawGiveaway, openGiveaway } from './giveaway.service.ts';

/** The leader looks at the giveaway rows at least this often (a giveaway may be created on any node). */
export const GIVEAWAY_POLL_MS = 1000;

/**
 * The giveaway's clock on the leader, on the shared round lifecycle: draws a giveaway whose entries
 * have closed. Read from the rows on every pass, so a new leader carries on; the draw is a guarded
 * update in one transaction with the payout (once).
 */
export class GiveawayLoop {
  private readonly runner: RoundRunner;

  constructor(private readonly ctx: Ctx) {
    this.runner = new RoundRunner(ctx.clock, ctx.log, 'giveaway');
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
    let next = GIVEAWAY_POLL_MS;
    const g = await openGiveaway(this.ctx.db);
    const now = this.ctx.clock.now();
    if (g) {
      if (now >= g.ends_at) await drawGiveaway(this.ctx, g.id);
      else next = Math.min(next, g.ends_at - now);
    }
    this.runner.after(Math.max(0, next), () => this.runner.step('tick', () => this.tick()));
  }
}
