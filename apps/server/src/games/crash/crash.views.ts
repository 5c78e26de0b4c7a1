import {
  CRASH_HISTORY_SIZE,
  CRASH_STATUS,
  type CrashBet,
  type CrashCurrent,
  type CrashHist,
  type CrashState,
  centsToCoins,
} from '@coinsite/shared';
import { CRASH_MAX_PROFIT_CENTS } from '@coinsite/shared/games';
import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import { revealsTo, type Viewer } from '../../platform/ghost.ts';
import { roundBets } from '../rounds/round-bets.ts';
import { msSince, sqlNow } from '../rounds/round-time.ts';
import { crashBetView } from './crash.service.ts';

/** Presenters of crash rounds: the crash point and the seed leave the server only once a round is over. */

interface FinishedRow {
  id: number;
  number: number;
  created_at: Date;
  private_hash: string;
  private_seed: string;
  public_seed: string;
  result: number;
  status: string;
  handover_void?: boolean;
}

export function crashHistView(r: FinishedRow): CrashHist {
  const hist: CrashHist = {
    _id: String(r.id),
    number: Number(r.number),
    createdAt: r.created_at.toISOString(),
    privateHash: r.private_hash,
    privateSeed: r.private_seed,
    publicSeed: r.public_seed,
    crashPoint: r.result / 100,
  };
  if (r.status === 'refunded') hist.refunded = true;
  if (r.handover_void) hist.handover = true;
  return hist;
}

async function latestRound(ctx: Ctx) {
  const now = sqlNow(ctx.clock);
  return ctx.db
    .selectFrom('rounds')
    .select([
      'id',
      'number',
      'status',
      'created_at',
      'private_hash',
      'private_seed',
      'public_seed',
      'result',
      'started_at',
      msSince(now, sql.ref('started_at')).as('elapsed'),
      msSince(now, sql.ref('betting_ends_at')).as('sinceClose'),
    ])
    .where('game', '=', 'crash')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** GET /api/crash as `viewer` sees it: ghosts "Hidden" among the players (ghost.ts). */
export async function crashState(ctx: Ctx, viewer: Viewer = null): Promise<CrashState> {
  const snap = await crashSnapshot(ctx);
  return { ...snap, current: snap.current?.(revealsTo(viewer)) ?? null };
}

/**
 * GET /api/crash: the current round, the last 50 finished ones, and the max profit. The current
 * round is read once and shown to an audience by `current(reveals)` (whose ghosts it may see), so a
 * resync to many sockets reads it once.
 */
export async function crashSnapshot(
  ctx: Ctx,
): Promise<
  Omit<CrashState, 'current'> & { current: ((reveals: (userId: number) => boolean) => CrashCurrent) | null }
> {
  const [latest, history] = await Promise.all([
    latestRound(ctx),
    ctx.db
      .selectFrom('rounds')
      .select([
        'id',
        'number',
        'created_at',
        'private_hash',
        'private_seed',
        'public_seed',
        'result',
        'status',
        'handover_void',
      ])
      .where('game', '=', 'crash')
      .where('status', 'in', ['over', 'refunded'])
      .orderBy('id', 'desc')
      .limit(CRASH_HISTORY_SIZE)
      .execute(),
  ]);
  let current: ((reveals: (userId: number) => boolean) => CrashCurrent) | null = null;
  if (latest) {
    const bets = await roundBets(ctx, latest.id);
    const round: CrashCurrent = {
      _id: String(latest.id),
      number: Number(latest.number),
      status: CRASH_STATUS.NotStarted,
      startedAt: latest.started_at?.toISOString() ?? null,
      elapsed: null,
      timeUntilStart: null,
      players: [],
      privateHash: latest.private_hash,
      publicSeed: latest.public_seed,
    };
    if (latest.status === 'betting') {
      const left = Math.max(0, Math.ceil(-latest.sinceClose));
      round.status = left > 0 ? CRASH_STATUS.Starting : CRASH_STATUS.Blocking;
      round.timeUntilStart = left;
    } else if (latest.status === 'running') {
      round.status = CRASH_STATUS.InProgress;
      round.elapsed = Math.max(0, Math.floor(latest.elapsed));
    } else {
      round.status = latest.status === 'over' ? CRASH_STATUS.Over : CRASH_STATUS.Refunded;
      round.crashPoint = latest.result;
      round.privateSeed = latest.private_seed;
    }
    current = (reveals) => ({
      ...round,
      players: bets.map((b) => crashBetView({ ...b, betId: b.id }, ctx.assets, reveals)),
    });
  }
  return {
    current,
    history: history.map(crashHistView),
    options: { maxProfit: centsToCoins(CRASH_MAX_PROFIT_CENTS) },
  };
}

/** GET /api/crash/me: the player's bet in the round being played, or null. */
export async function myCrashBet(ctx: Ctx, userId: number): Promise<CrashBet | null> {
  const row = await ctx.db
    .selectFrom('rounds as r')
    .innerJoin('round_bets as b', 'b.round_id', 'r.id')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select([
      'b.id as betId',
      'b.user_id as userId',
      'u.username',
      'u.avatar',
      'u.ghost',
      'u.wager',
      'b.amount',
      'b.status',
      'b.cashout',
      'b.payout',
    ])
    .where('r.game', '=', 'crash')
    .where('r.status', 'in', ['betting', 'running'])
    .where('b.user_id', '=', userId)
    .executeTakeFirst();
  return row ? crashBetView(row, ctx.assets, () => true) : null;
}
