import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/tx.ts';
import { LeaderLoop } from '../../games/rounds/round-runner.ts';
import { broadcastRainState, closeRain, insertRain, openRain, rainSettings } from './rain.service.ts';

/** While rain is switched off or a step failed, look again this often. */
export const RAIN_WAIT_MS = 5_000;

/**
 * The rain cycle on the leader, on the shared round lifecycle (LeaderLoop): the open rain's row
 * says when its join window opens and when it pays; the loop announces the window, closes (pays)
 * and the close inserts the next rain. After a failover the new leader carries on from the row;
 * a close already done by the old leader is not done again (closeRain's guard).
 */
export class RainLoop extends LeaderLoop {
  constructor(ctx: Ctx) {
    super(ctx, 'rain');
  }

  protected async recover(): Promise<void> {
    const now = this.ctx.clock.now();
    let rain = await openRain(this.ctx.db);
    if (!rain) {
      const settings = await rainSettings(this.ctx.db);
      await inTransaction(this.ctx.db, (unit) => insertRain(unit, settings, now, 0)).catch(() => {
        // another node inserted it first (one-open index): read that one
      });
      rain = await openRain(this.ctx.db);
      if (!rain) {
        this.later(RAIN_WAIT_MS, 'recover', () => this.recover());
        return;
      }
      await broadcastRainState(this.ctx);
    }
    const { id, opens_at, closes_at } = rain;
    if (now < opens_at) this.later(opens_at - now, 'window', () => broadcastRainState(this.ctx));
    this.later(closes_at - now, 'close', () => this.close(id));
  }

  private async close(rainId: number): Promise<void> {
    await closeRain(this.ctx, rainId);
    // paid now or by another node already: either way the next rain's row is there
    await broadcastRainState(this.ctx);
    await this.recover();
  }
}
