import { BATTLE_EVENTS, BATTLE_STATUS, BATTLE_TIMING as T } from '@coinsite/shared';
import { sql } from 'kysely';
import { beaconOf } from '../../integrations/eos/beacon.ts';
import type { Ctx } from '../../platform/context.ts';
import { finishBattle, refundBattle, revealNextRound } from './battles.settle.ts';
import { type BattleRecord, loadBattle } from './battles.views.ts';

/** The loop looks at the table at least this often, so battles filled on another node start promptly. */
const MAX_SLEEP_MS = 1000;

interface LiveRow {
  id: string;
  status: number;
  block_number: number | null;
  block_id: string | null;
  rounds_revealed: number;
  round_count: number;
  next_step_at: number | null;
  locked_ms: number | null;
}

/**
 * Drives every running battle, on the leader only (DESIGN.md §1), from the rows alone so that a
 * restart or a new leader resumes where the last one stopped. Per battle: choose the target block
 * (head + 3) → wait until the beacon has it irreversible → reveal the rounds one by one with the
 * spec's timings → finish and pay. Also refunds battles that can no longer finish: a block that
 * never arrives, a table that cannot be read, a battle left waiting for players too long.
 * Time is ctx.clock, so tests play a battle in milliseconds.
 */
export class BattleLoop {
  private active = false;
  private cancelTimer: (() => void) | null = null;
  private current: Promise<void> | null = null;
  private again = false;

  constructor(private readonly ctx: Ctx) {}

  start(): void {
    if (this.active) return;
    this.active = true;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.active = false;
    this.cancelTimer?.();
    this.cancelTimer = null;
    await this.current;
  }

  /** A battle just filled on this node: look now rather than at the next wake-up. */
  kick(): void {
    if (this.active) this.schedule(0);
  }

  /** Tests: resolves once no pass is running. */
  async idle(): Promise<void> {
    while (this.current) await this.current;
  }

  private schedule(ms: number): void {
    this.cancelTimer?.();
    this.cancelTimer = this.ctx.clock.setTimeout(() => {
      this.cancelTimer = null;
      this.run();
    }, ms);
  }

  private run(): void {
    if (this.current) {
      this.again = true;
      return;
    }
    this.current = (async () => {
      let sleep = MAX_SLEEP_MS;
      try {
        sleep = await this.pass();
      } catch (err) {
        this.ctx.log.error({ err }, 'battle loop pass failed');
      }
      this.current = null;
      if (this.again) {
        this.again = false;
        sleep = 0;
      }
      if (this.active) this.schedule(Math.max(0, Math.min(sleep, MAX_SLEEP_MS)));
    })();
  }

  /** One look at the table; returns how long to sleep. */
  private async pass(): Promise<number> {
    const now = this.ctx.clock.now();
    const rows = await this.ctx.db
      .selectFrom('battles')
      .select([
        'id',
        'status',
        'block_number',
        'block_id',
        'rounds_revealed',
        'round_count',
        'next_step_at',
        'locked_ms',
      ])
      .where((eb) =>
        eb.or([
          eb('status', '=', BATTLE_STATUS.running),
          eb.and([eb('status', '=', BATTLE_STATUS.waiting), eb('created_ms', '<=', now - T.waitingLimitMs)]),
        ]),
      )
      .execute();
    let wake = now + MAX_SLEEP_MS;
    for (const row of rows) {
      if (!this.active) break;
      if (row.status === BATTLE_STATUS.waiting) {
        await this.safely(row.id, () => refundBattle(this.ctx, row.id, 'expired'));
        continue;
      }
      const due = row.next_step_at ?? now;
      const next = due > now ? due : await this.safely(row.id, () => this.step(row, now));
      wake = Math.min(wake, next ?? now + T.beaconPollMs);
    }
    return wake - this.ctx.clock.now();
  }

  private async safely<R>(battleId: string, fn: () => Promise<R>): Promise<R | undefined> {
    try {
      return await fn();
    } catch (err) {
      // transient (database, beacon): the next pass retries
      this.ctx.log.warn({ err, battleId }, 'battle step failed');
      return undefined;
    }
  }

  /** Advances one battle by one step; returns when it is next due. */
  private async step(row: LiveRow, now: number): Promise<number> {
    const beacon = beaconOf(this.ctx);
    // the block never came (or the chain API stayed down): the battle cannot finish
    if (row.block_id === null && row.locked_ms !== null && now - row.locked_ms > T.blockWaitLimitMs) {
      await refundBattle(this.ctx, row.id, 'block');
      return now + MAX_SLEEP_MS;
    }
    if (row.block_number === null) {
      const target = (await beacon.headBlock()) + T.blockLeadBlocks;
      const set = await sql`
        UPDATE battles SET block_number = ${target}, next_step_at = ${now}
        WHERE id = ${row.id} AND status = ${BATTLE_STATUS.running} AND block_number IS NULL`.execute(
        this.ctx.db,
      );
      if (Number(set.numAffectedRows ?? 0) === 1)
        this.emit(BATTLE_EVENTS.expose, { battleId: row.id, blockNumber: target });
      return now + T.beaconPollMs;
    }
    if (row.block_id === null) {
      const blockId = await beacon.irreversibleBlockId(row.block_number);
      if (!blockId) return now + T.beaconPollMs;
      const start = now + T.startDelayMs;
      const set = await sql<{ server_seed: string }>`
        UPDATE battles SET block_id = ${blockId}, next_step_at = ${start}
        WHERE id = ${row.id} AND status = ${BATTLE_STATUS.running} AND block_id IS NULL
        RETURNING server_seed`.execute(this.ctx.db);
      // every seat is taken and the block is fixed, so the outcome can no longer be steered: the
      // seed is revealed now, as the original client expects (PROTOCOL §5)
      const started = set.rows[0];
      if (started)
        this.emit(BATTLE_EVENTS.start, {
          battleId: row.id,
          blockHash: blockId,
          serverSeed: started.server_seed,
        });
      return start;
    }
    const battle = await loadBattle(this.ctx.db, row.id);
    if (!battle || battle.blockId === null) return now + MAX_SLEEP_MS;
    const b = battle as BattleRecord & { blockId: string };
    try {
      if (b.roundsRevealed < b.roundCount) {
        const last = b.roundsRevealed + 1 === b.roundCount;
        const next = now + (last ? T.finishDelayMs : T.roundMs);
        await revealNextRound(this.ctx, b, next);
        return next;
      }
      await finishBattle(this.ctx, b);
    } catch (err) {
      // a table that cannot be read (RangeError from the fairness code) never will be: refund
      if (!(err instanceof RangeError)) throw err;
      this.ctx.log.error({ err, battleId: b.id }, 'battle cannot finish; refunding');
      await refundBattle(this.ctx, b.id, 'broken');
    }
    return now + MAX_SLEEP_MS;
  }

  private emit(event: string, payload: unknown): void {
    this.ctx.realtime.ns('battles').emit(event, payload);
  }
}
