import { centsToCoins, type RouletteBetColor } from '@coinsite/shared';
import { rouletteColor } from '@coinsite/shared/fairness';
import type { Ctx } from '../../platform/context.ts';

/** How many finished rounds of each game the profile's history lists. */
const HISTORY_ROUNDS = 50;

export interface CrashHistoryRow {
  _id: string;
  betAmount: number;
  /** hundredths, null when the bet was not cashed out */
  stoppedAt: number | null;
  winningAmount: number;
  crashPoint: number;
  status: 'cashed' | 'lost' | 'refunded';
  created: string;
}

export interface RouletteHistoryRow {
  _id: string;
  /** the player's own bets in that round */
  players: Array<{ _id: string; betAmount: number; color: RouletteBetColor }>;
  winner: RouletteBetColor;
  payout: number;
  created: string;
}

/** The player's crash bets of finished rounds, newest first (GET /api/user/history `crash`). */
export async function crashHistoryOf(ctx: Ctx, userId: number): Promise<CrashHistoryRow[]> {
  const rows = await ctx.db
    .selectFrom('round_bets as b')
    .innerJoin('rounds as r', 'r.id', 'b.round_id')
    .select(['r.id', 'r.result', 'b.amount', 'b.cashout', 'b.payout', 'b.status', 'b.created_at'])
    .where('b.user_id', '=', userId)
    .where('b.game', '=', 'crash')
    .where('r.status', 'in', ['over', 'refunded'])
    .orderBy('b.id', 'desc')
    .limit(HISTORY_ROUNDS)
    .execute();
  return rows.map((r) => ({
    _id: String(r.id),
    betAmount: centsToCoins(r.amount),
    stoppedAt: r.status === 'cashed' ? r.cashout : null,
    winningAmount: centsToCoins(r.status === 'refunded' ? r.amount : r.payout),
    crashPoint: r.result / 100,
    status: r.status === 'cashed' || r.status === 'refunded' ? r.status : 'lost',
    created: r.created_at.toISOString(),
  }));
}

/** The rolled roulette rounds the player bet on, newest first, with their own bets. */
export async function rouletteHistoryOf(ctx: Ctx, userId: number): Promise<RouletteHistoryRow[]> {
  const rows = await ctx.db
    .selectFrom('round_bets as b')
    .innerJoin('rounds as r', 'r.id', 'b.round_id')
    .select(['r.id', 'r.result', 'r.ended_at', 'b.amount', 'b.color', 'b.payout'])
    .where('b.user_id', '=', userId)
    .where('b.game', '=', 'roulette')
    .where('r.status', '=', 'over')
    .where('r.id', 'in', (eb) =>
      eb
        .selectFrom('round_bets')
        .select('round_id')
        .where('user_id', '=', userId)
        .where('game', '=', 'roulette')
        .orderBy('round_id', 'desc')
        .limit(HISTORY_ROUNDS),
    )
    .orderBy('r.id', 'desc')
    .orderBy('b.id')
    .execute();
  const byRound = new Map<number, RouletteHistoryRow>();
  for (const r of rows) {
    let entry = byRound.get(r.id);
    if (!entry) {
      entry = {
        _id: String(r.id),
        players: [],
        winner: rouletteColor(r.result),
        payout: 0,
        created: (r.ended_at ?? new Date()).toISOString(),
      };
      byRound.set(r.id, entry);
    }
    entry.players.push({ _id: String(userId), betAmount: centsToCoins(r.amount), color: r.color ?? 'red' });
    entry.payout = centsToCoins(Math.round(entry.payout * 100) + r.payout);
  }
  return [...byRound.values()];
}
