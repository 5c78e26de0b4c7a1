import { PollingLoop } from '../games/rounds/round-runner.ts';
import type { Ctx } from '../platform/context.ts';
import { drawGiveaway, openGiveaway } from './giveaway.service.ts';

/** The leader looks at the giveaway rows at least this often (a giveaway may be created on any node). */
export const GIVEAWAY_POLL_MS = 1000;

/**
 * The giveaway's clock on the leader: draws a giveaway whose entries have closed. The draw is a
 * guarded update in one transaction with the payout (once).
 */
export class GiveawayLoop extends PollingLoop {
  constructor(ctx: Ctx) {
    super(ctx, 'giveaway');
  }

  protected async tick(): Promise<number> {
    const g = await openGiveaway(this.ctx.db);
    const now = this.ctx.clock.now();
    if (!g) return GIVEAWAY_POLL_MS;
    if (now < g.ends_at) return Math.min(GIVEAWAY_POLL_MS, g.ends_at - now);
    await drawGiveaway(this.ctx, g.id);
    return GIVEAWAY_POLL_MS;
  }
}
