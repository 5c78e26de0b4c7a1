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
import { roundBets } from '../rounds/round-bets.ts';
import { msSince, sqlNow } from '../rounds/round-time.ts';
import { crashBetView } from './crash.service.ts';

/** Presenters of crash rounds: the crash point and the seed leave the server only once a round is over. */

interface FinishedRow {
  id: number;
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

/** GET /api/crash: the current round, the last 50 finished ones, and the max profit. */
export async function crashState(ctx: Ctx): Promise<CrashState> {
  const [latest, history] = await Promise.all([
    latestRound(ctx),
    ctx.db
      .selectFrom('rounds')
      .select([
        'id',
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
  let current: CrashCurrent | null = null;
  if (latest) {
    const players = (await roundBets(ctx, latest.id)).map((b) => crashBetView(b, ctx.assets));
    current = {
      _id: String(latest.id),
      status: CRASH_STATUS.NotStarted,
      startedAt: latest.started_at?.toISOString() ?? null,
      elapsed: null,
      timeUntilStart: null,
      players,
      privateHash: latest.private_hash,
      publicSeed: latest.public_seed,
    };
    if (latest.status === 'betting') {
      const left = Math.max(0, Math.ceil(-latest.sinceClose));
      current.status = left > 0 ? CRASH_STATUS.Starting : CRASH_STATUS.Blocking;
      current.timeUntilStart = left;
    } else if (latest.status === 'running') {
      current.status = CRASH_STATUS.InProgress;
      current.elapsed = Math.max(0, Math.floor(latest.elapsed));
    } else {
      current.status = latest.status === 'over' ? CRASH_STATUS.Over : CRASH_STATUS.Refunded;
      current.crashPoint = latest.result;
      current.privateSeed = latest.private_seed;
    }
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
      'b.user_id as userId',
      'u.username',
      'u.avatar',
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
  return row ? crashBetView(row, ctx.assets) : null;
}
