import { type BetView, centsToCoins } from '@coinsite/shared';
import type { Ctx } from '../../platform/context.ts';

const FEED_SIZE = 20;

/** The latest settled bets site-wide (from the database, so every node and a restart agree). */
export async function recentBets(
  ctx: Ctx,
  opts: { userId?: number; game?: string; limit?: number } = {},
): Promise<BetView[]> {
  let q = ctx.db
    .selectFrom('bets as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select([
      'b.id',
      'b.game',
      'b.stake',
      'b.payout',
      'b.multiplier',
      'b.settled_at',
      'u.id as uid',
      'u.username',
      'u.avatar',
    ])
    .where('b.status', '=', 'settled')
    .orderBy('b.id', 'desc')
    .limit(opts.limit ?? FEED_SIZE);
  if (opts.userId !== undefined) q = q.where('b.user_id', '=', opts.userId);
  if (opts.game) q = q.where('b.game', '=', opts.game);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: String(r.id),
    game: r.game,
    user: { id: String(r.uid), username: r.username, avatar: r.avatar },
    amount: centsToCoins(r.stake),
    payout: centsToCoins(r.payout),
    multiplier: r.multiplier / 10000,
    created: (r.settled_at ?? new Date()).toISOString(),
  }));
}

/**
 * Pushes a settled bet to every open tab (`live-bet` on /chat), after the game's animation so the
 * feed never spoils a result.
 */
export function publishBet(
  ctx: Ctx,
  bet: { userId: number; game: string; stake: number; payout: number; multiplier: number; betId: number },
  user: { username: string; avatar: string },
  delayMs: number,
): void {
  const send = () => {
    const view: BetView = {
      id: String(bet.betId),
      game: bet.game,
      user: { id: String(bet.userId), username: user.username, avatar: user.avatar },
      amount: centsToCoins(bet.stake),
      payout: centsToCoins(bet.payout),
      multiplier: bet.multiplier / 10000,
      created: new Date().toISOString(),
    };
    ctx.realtime.ns('chat').emit('live-bet', view);
  };
  if (delayMs > 0) setTimeout(send, delayMs).unref();
  else send();
}
