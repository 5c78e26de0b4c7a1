import { PollingLoop } from '../games/rounds/round-runner.ts';
import { beaconOf } from '../integrations/eos/beacon.ts';
import type { Ctx } from '../platform/context.ts';
import { drawGiveaway, fixGiveawayBlock, type GiveawayRow, openGiveaway } from './giveaway.service.ts';

/** The leader looks at the giveaway rows at least this often (a giveaway may be created on any node). */
export const GIVEAWAY_POLL_MS = 1000;
/** The public value is the id of the block this many blocks past the head when entries close. */
export const GIVEAWAY_BLOCK_LEAD = 3;
/** While waiting for that block, the beacon is asked this often (a block takes 0.5 s). */
export const GIVEAWAY_BEACON_POLL_MS = 500;
/**
 * When the beacon has given no block id this long after entries closed (EOS endpoint down), the
 * giveaway is drawn with the fallback public value (SHA-256 of the entry list) rather than never.
 */
export const GIVEAWAY_BEACON_GIVE_UP_MS = 5 * 60_000;

/**
 * The giveaway's clock on the leader (a PollingLoop): draws a giveaway whose entries have closed.
 * Read from the rows on every pass, so a new leader carries on; the draw is a guarded update in one
 * transaction with the payout (once).
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
    return this.close(g, now);
  }

  /**
   * Entries are closed: fix the block (head + lead), wait until the beacon has it irreversible, draw
   * with its id. The sandbox beacon (default) and the EOS chain API adapter take the same path.
   */
  private async close(g: GiveawayRow, now: number): Promise<number> {
    const beacon = beaconOf(this.ctx);
    try {
      if (g.block_number === null) {
        await fixGiveawayBlock(this.ctx, g.id, (await beacon.headBlock()) + GIVEAWAY_BLOCK_LEAD);
        return GIVEAWAY_BEACON_POLL_MS;
      }
      const blockId = await beacon.irreversibleBlockId(g.block_number);
      if (blockId) {
        await drawGiveaway(this.ctx, g.id, blockId);
        return GIVEAWAY_POLL_MS;
      }
    } catch (err) {
      this.ctx.log.warn({ err, giveawayId: g.id }, 'giveaway beacon unavailable');
    }
    if (now - g.ends_at >= GIVEAWAY_BEACON_GIVE_UP_MS) {
      this.ctx.log.warn({ giveawayId: g.id }, 'giveaway drawn with the fallback public value');
      await drawGiveaway(this.ctx, g.id, null);
      return GIVEAWAY_POLL_MS;
    }
    return GIVEAWAY_BEACON_POLL_MS;
  }
}
