import { sql } from 'kysely';
import { PollingLoop } from '../games/rounds/round-runner.ts';
import type { Ctx } from '../platform/context.ts';
import { checkLedger, ledgerReport } from '../platform/ledger.ts';
import { refreshStats } from './stats.rollup.ts';

/** The leader brings the rollup up to date this often. */
export const ROLLUP_EVERY_MS = 60_000;
/** And runs the ledger check (balances = ledger sums, no rake on refunds, nothing during a break) this often. */
export const LEDGER_CHECK_EVERY_MS = 15 * 60_000;
/** Health rows kept. */
const HEALTH_KEEP = 200;

/** Runs the ledger check and stores its result for the health tile. */
export async function recordLedgerCheck(ctx: Ctx): Promise<{ ok: boolean; summary: string }> {
  const report = ledgerReport(await checkLedger(ctx.db));
  await sql`INSERT INTO stats_health (ok, summary, problems)
    VALUES (${report.ok}, ${report.summary}, ${JSON.stringify(report.problems.slice(0, 50))}::jsonb)`.execute(
    ctx.db,
  );
  await sql`DELETE FROM stats_health WHERE id <= (SELECT max(id) FROM stats_health) - ${HEALTH_KEEP}`.execute(
    ctx.db,
  );
  if (!report.ok) ctx.log.error({ problems: report.problems.slice(0, 20) }, report.summary);
  return report;
}

/**
 * The back office's leader task (a PollingLoop): the rollup every minute, the ledger check every
 * quarter hour. Both read only rows, so a new leader carries on; a failed run is logged and tried
 * again at the next tick.
 */
export class StatsLoop extends PollingLoop {
  /** The first check runs a minute after the loop starts (not in the busy second of a boot). */
  private lastCheck = this.ctx.clock.now() - LEDGER_CHECK_EVERY_MS + 60_000;
  /**
   * The first run of a new leader rewrites the open day (refreshStats openDay): the later runs add
   * each hour to the player-days once as it closes, from whatever is there; a leader starts from a
   * state it wrote itself (an earlier version kept the open day's player rows whole).
   */
  private firstRun = true;

  constructor(ctx: Ctx) {
    super(ctx, 'backoffice');
  }

  protected async tick(): Promise<number> {
    try {
      const run = await refreshStats(this.ctx.db, { openDay: this.firstRun });
      this.firstRun = false;
      this.ctx.log.debug({ rows: run.rows, ms: Math.round(run.ms) }, 'back office rollup');
    } catch (err) {
      this.ctx.log.warn({ err }, 'back office rollup failed');
    }
    const now = this.ctx.clock.now();
    if (now - this.lastCheck >= LEDGER_CHECK_EVERY_MS) {
      this.lastCheck = now;
      try {
        await recordLedgerCheck(this.ctx);
      } catch (err) {
        this.ctx.log.warn({ err }, 'scheduled ledger check failed');
      }
    }
    return ROLLUP_EVERY_MS;
  }
}
