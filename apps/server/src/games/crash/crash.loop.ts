import { CRASH_EVENTS } from '@coinsite/shared';
import { crashPoint } from '@coinsite/shared/fairness';
import { crashElapsedMsFor, crashMultiplierAt } from '@coinsite/shared/games';
import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import { leaseHeld, runFenced } from '../../platform/fence.ts';
import { inTransaction } from '../../platform/tx.ts';
import type { Chains } from '../chains/chain.store.ts';
import { ChainRoundLoop, type IdleLoopState } from '../rounds/chain-round-loop.ts';
import { msSince, sqlNow } from '../rounds/round-time.ts';
import { placeQueuedBets } from './crash.service.ts';
import {
  type AutoCashout,
  announceCashouts,
  finishRound,
  type LiveRound,
  payAutos,
  refundUnstartedRound,
} from './crash.settle.ts';
import { crashHistView } from './crash.views.ts';

/** Betting stays open 9 s (economy.md; the spec's countdown bar is scaled to it). */
export const CRASH_BETTING_MS = 9_000;
/** The multiplier is broadcast about every 100 ms while a round runs. */
export const CRASH_TICK_MS = 100;
/** The bust stays on screen this long before the next round opens. */
export const CRASH_OVER_MS = 3_000;
/** While no chain with a known salt is ready (first boot) or crash is switched off, look again this often. */
export const CRASH_WAIT_MS = 1_000;
/** A round found still taking bets this long after its close (the site was down) is refunded, not started. */
export const CRASH_STALE_BETTING_MS = 30_000;
/** A hand-over gap: see CRASH_GAP_MS (crash.settle.ts) and docs/decisions/leadership.md. */
export { CRASH_GAP_MS } from './crash.settle.ts';

export type CrashLoopState =
  | IdleLoopState
  | { kind: 'betting'; round: LiveRound }
  | {
      kind: 'running';
      round: LiveRound;
      clockStart: number;
      autos: AutoCashout[];
      /** the last tick broadcast: its elapsed ms and multiplier (hundredths); null before the first */
      shown: { elapsed: number; multiplier: number } | null;
    }
  | { kind: 'over'; round: LiveRound };

/**
 * The one owner of the crash round on the leader: opens a round (betting), starts it, ticks,
 * cashes out auto-cashouts as the multiplier passes them, busts at the crash point and opens the
 * next. Every transition is a guarded row update, so after a crash or on another node the loop
 * resumes from the rows (recover). Players' bets and cash-outs go straight to SQL from any node.
 */
export class CrashLoop extends ChainRoundLoop<CrashLoopState> {
  /** The write of the last tick shown (one at a time; a newer tick waiting is written next). */
  private aliveWrite: Promise<void> | null = null;
  private aliveNext: (() => Promise<void>) | null = null;

  constructor(ctx: Ctx, chains: Chains) {
    super(ctx, chains, 'crash', CRASH_WAIT_MS);
  }

  /** Betting time (config CRASH_BETTING_MS, 9 s by default). */
  private get bettingMs(): number {
    return this.ctx.config.CRASH_BETTING_MS ?? CRASH_BETTING_MS;
  }

  override async idle(): Promise<void> {
    await super.idle();
    while (this.aliveWrite) await this.aliveWrite;
  }

  /** Carries on with the open round, if any, from its rows; otherwise opens one. */
  protected async recover(): Promise<void> {
    const now = sqlNow(this.ctx.clock);
    const open = await this.ctx.db
      .selectFrom('rounds')
      .select([
        'id',
        'number',
        'status',
        'private_hash',
        'public_seed',
        'result',
        msSince(now, sql.ref('betting_ends_at')).as('sinceClose'),
        msSince(now, sql.ref('started_at')).as('elapsed'),
      ])
      .where('game', '=', 'crash')
      .where('status', 'in', ['betting', 'running'])
      .executeTakeFirst();
    if (!open) return this.open();
    const round = liveRound(open);
    if (open.status === 'betting' && open.sinceClose > CRASH_STALE_BETTING_MS)
      return this.refundUnstarted(round);
    if (open.status === 'betting') {
      this.state = { kind: 'betting', round };
      this.runner.after(Math.max(0, Math.ceil(-open.sinceClose)), () =>
        this.runner.step('start', () => this.begin(round)),
      );
      return;
    }
    if (open.elapsed < round.crashMs) return this.run(round, Math.max(0, Math.floor(open.elapsed)));
    return this.interrupted(round);
  }

  /** Opens betting on the next game of the chain and places the queued bets. */
  private async open(): Promise<void> {
    const opened = await this.openNext(this.bettingMs, (seed) =>
      crashPoint(seed.privateSeed, seed.publicSeed),
    );
    if (!opened) return;
    const round = liveRound({
      id: opened.id,
      number: opened.number,
      private_hash: opened.seed.privateHash,
      public_seed: opened.seed.publicSeed,
      result: opened.result,
    });
    this.state = { kind: 'betting', round };
    this.emit(CRASH_EVENTS.starting, {
      _id: String(round.id),
      number: round.number,
      privateHash: round.privateHash,
      timeUntilStart: this.bettingMs,
    });
    this.runner.after(this.bettingMs, () => this.runner.step('start', () => this.begin(round)));
    await placeQueuedBets(this.ctx);
  }

  /**
   * Closes betting and starts the clock: the update waits for bets in flight (they hold the
   * round row shared) and fixes crash_at, the time after which no cash-out counts.
   */
  private async begin(round: LiveRound): Promise<void> {
    const startMs = this.ctx.clock.now();
    const now = sqlNow(this.ctx.clock);
    const started = await this.ctx.db
      .updateTable('rounds')
      .set({
        status: 'running',
        started_at: now,
        crash_at: sql<Date>`${now} + ${round.crashMs} * interval '1 millisecond'`,
      })
      .where('id', '=', round.id)
      .where('status', '=', 'betting')
      .where(leaseHeld())
      .returning('id')
      .executeTakeFirst();
    if (!started) return this.recover();
    this.emit(CRASH_EVENTS.start, { _id: String(round.id), publicSeed: round.publicSeed });
    // count from the time written as started_at, so the loop's bust never precedes crash_at
    await this.run(round, Math.max(0, this.ctx.clock.now() - startMs));
  }

  /** Ticks from `elapsed` ms into the round (0 at a start, more when resuming after a takeover). */
  private async run(round: LiveRound, elapsed: number): Promise<void> {
    const autos = await this.ctx.db
      .selectFrom('round_bets')
      .select(['id as betId', 'user_id as userId', 'amount', 'auto_cashout as target'])
      .where('round_id', '=', round.id)
      .where('status', '=', 'active')
      .where('auto_cashout', 'is not', null)
      .orderBy('auto_cashout')
      .execute();
    this.state = {
      kind: 'running',
      round,
      clockStart: this.ctx.clock.now() - elapsed,
      autos: autos.map((a) => ({ ...a, target: a.target ?? Number.MAX_SAFE_INTEGER })),
      shown: null,
    };
    this.tick();
  }

  private tick(): void {
    const s = this.state;
    if (s.kind !== 'running') return;
    const elapsed = this.ctx.clock.now() - s.clockStart;
    if (elapsed >= s.round.crashMs) {
      // a tick that comes late (this process stalled) may find the crash time passed long after the
      // last tick shown: finishRound then applies the gap rule, as a new leader would
      const shownMs = s.shown?.elapsed ?? 0;
      this.runner.step('bust', () => this.bust(s.round, shownMs));
      return;
    }
    const multiplier = crashMultiplierAt(elapsed);
    this.emit(CRASH_EVENTS.tick, multiplier / 100);
    s.shown = { elapsed, multiplier };
    this.alive(s.round, elapsed, multiplier);
    // Only bets whose target the curve has already passed: nothing here hints at the crash point.
    let due = 0;
    while (due < s.autos.length && (s.autos[due]?.target ?? Infinity) <= multiplier) due++;
    if (due > 0) {
      const batch = s.autos.splice(0, due);
      this.runner.step('auto-cashout', () => this.cashOutAutos(s.round, batch));
    }
    const nextTick = (Math.floor(elapsed / CRASH_TICK_MS) + 1) * CRASH_TICK_MS;
    this.runner.after(Math.min(nextTick, s.round.crashMs) - elapsed, () => this.tick());
  }

  /**
   * Records the tick just broadcast on the round (alive_at = its round time, shown_multiplier): the
   * heartbeat a new leader judges a gap by, and the multiplier a cash-out in a gap is paid at. Written
   * at once, outside the step queue (a long auto-cashout batch must not make it late), one write at a
   * time: ticks shown meanwhile are folded into the next write. Fenced by the lease term.
   */
  private alive(round: LiveRound, elapsed: number, multiplier: number): void {
    const term = this.ctx.leadership.term();
    const write = () =>
      runFenced(term, this.ctx.leadership.leaseMs, async () => {
        await this.ctx.db
          .updateTable('rounds')
          .set({
            alive_at: sql<Date>`started_at + ${elapsed}::float8 * interval '1 millisecond'`,
            shown_multiplier: multiplier,
          })
          .where('id', '=', round.id)
          .where('status', '=', 'running')
          .where(
            sql<boolean>`(alive_at is null or alive_at < started_at + ${elapsed}::float8 * interval '1 millisecond')`,
          )
          .where(leaseHeld())
          .execute();
      });
    if (this.aliveWrite) {
      this.aliveNext = write;
      return;
    }
    const run = (fn: () => Promise<void>): Promise<void> =>
      fn()
        .catch((err: unknown) => this.ctx.log.warn({ err }, 'crash: tick heartbeat failed'))
        .then(() => {
          const next = this.aliveNext;
          this.aliveNext = null;
          if (next) return run(next);
          this.aliveWrite = null;
        });
    this.aliveWrite = run(write);
  }

  private async cashOutAutos(round: LiveRound, batch: AutoCashout[]): Promise<void> {
    const paid = await inTransaction(this.ctx.db, (unit) => payAutos(this.ctx, unit, round, batch));
    await announceCashouts(this.ctx, paid);
  }

  /**
   * The bust: the round is over, auto-cashouts below the crash point are paid, the rest lose; unless
   * this leader's own last tick came more than the gap bound before the crash time (it stalled).
   */
  private async bust(round: LiveRound, shownMs: number): Promise<void> {
    await this.finish(round, shownMs);
  }

  /**
   * Found running past its crash time after a crash or takeover (nobody ticked it to the end): the
   * round did reach its crash point. Bets the server would have cashed out automatically below the
   * crash point are paid either way. When the old leader was still broadcasting at the bust, every
   * other open bet lost as at an ordinary bust; when the round busted in the gap (no tick recorded
   * for CRASH_GAP_MS before its crash time) no player could act, so those bets are voided (stake
   * refunded, no rake). Only a round that never reached its crash point is refunded whole.
   */
  private async interrupted(round: LiveRound): Promise<void> {
    await this.finish(round);
  }

  private async finish(round: LiveRound, shownMs?: number): Promise<void> {
    const ended = await finishRound(this.ctx, round, shownMs);
    if (ended) this.emit(CRASH_EVENTS.end, { game: crashHistView(ended) });
    this.state = { kind: 'over', round };
    this.runner.after(CRASH_OVER_MS, () => this.runner.step('open', () => this.recover()));
  }

  /** Its players are long gone: every bet goes back and the round never starts. */
  private async refundUnstarted(round: LiveRound): Promise<void> {
    const ended = await refundUnstartedRound(this.ctx, round);
    if (ended) this.emit(CRASH_EVENTS.end, { game: crashHistView(ended) });
    await this.open();
  }
}

function liveRound(r: {
  id: number;
  number: number;
  private_hash: string;
  public_seed: string;
  result: number;
}): LiveRound {
  return {
    id: r.id,
    number: Number(r.number),
    privateHash: r.private_hash,
    publicSeed: r.public_seed,
    crashPoint: r.result,
    crashMs: crashElapsedMsFor(r.result),
  };
}
