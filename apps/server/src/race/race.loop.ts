import { PollingLoop } from '../games/rounds/round-runner.ts';
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
 * The race's clock on the leader (a PollingLoop): starts a race when none runs, folds
 * settled stakes into the entries, and pays a race once its end (plus the grace) has passed, which
 * starts the next one in the same transaction. Everything is read from the rows on every pass, so a
 * new leader carries on; the payout is a guarded update (once).
 */
export class RaceLoop extends PollingLoop {
  constructor(ctx: Ctx) {
    super(ctx, 'race');
  }

  protected async tick(): Promise<number> {
    await foldPending(this.ctx);
    const race = (await activeRace(this.ctx.db)) ?? (await ensureRace(this.ctx));
    if (!race) return RACE_POLL_MS;
    const payAt = race.ends_at + RACE_SETTLE_GRACE_MS;
    const now = this.ctx.clock.now();
    if (now < payAt) return Math.min(RACE_POLL_MS, payAt - now);
    await payRace(this.ctx, race.id);
    return 0;
  }
}
