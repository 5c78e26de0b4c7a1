import { type BetView, centsToCoins } from '@coinsite/shared';
import type { Ctx } from '../../platform/context.ts';

const FEED_SIZE = 20;

/** The latest settled bets site-wide (from the database, so every node and a restart agree). */
export async function recentBets(
  ctx: Ctx,
  opts: { userId?: number; game?: string; limit?: number; minStake?: number; minMultiplier?: number } = {},
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
  if (opts.minStake !== undefined) q = q.where('b.stake', '>=', opts.minStake);
  // multiplier is stored in ten-thousandths
  if (opts.minMultiplier !== undefined)
    q = q.where('b.multiplier', '>=', Math.round(opts.minMultiplier * 10000));
  const rows = await q.execute();
  return rows.map((r) => ({
    id: String(r.id),
    game: r.game,
    user: { id: String(r.uid), username: r.username, avatar: ctx.assets.avatar(r.avatar) },
    amount: centsToCoins(r.stake),
    payout: centsToCoins(r.payout),
    multiplier: r.multiplier / 10000,
    created: (r.settled_at ?? new Date()).toISOString(),
  }));
}

/** The feed's socket event on /chat: the bets settled since the last one, oldest first. */
export const LIVE_BETS_EVENT = 'live-bets';
/** Bets are sent at most this often, as one frame, whatever the bet rate (one frame per tab). */
export const LIVE_FEED_FLUSH_MS = 250;

/**
 * Collects settled bets and sends them to every open tab in one `live-bets` frame per
 * LIVE_FEED_FLUSH_MS: at hundreds of bets a second a frame per bet per tab would swamp every
 * connection. A frame keeps the newest FEED_SIZE bets of each game (the screens show no more).
 */
class LiveFeed {
  private pending: BetView[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly ctx: Ctx) {}

  add(view: BetView): void {
    this.pending.push(view);
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), LIVE_FEED_FLUSH_MS);
      this.timer.unref();
    }
  }

  private flush(): void {
    this.timer = null;
    const frame = newestPerGame(this.pending, FEED_SIZE);
    this.pending = [];
    if (frame.length > 0) this.ctx.realtime.ns('chat').emit(LIVE_BETS_EVENT, frame);
  }
}

/** The newest `cap` bets of each game, in their original order (oldest first). */
export function newestPerGame<T extends { game: string }>(bets: T[], cap: number): T[] {
  const kept = new Map<string, number>();
  const newestFirst: T[] = [];
  for (let i = bets.length - 1; i >= 0; i--) {
    const bet = bets[i] as T;
    const n = kept.get(bet.game) ?? 0;
    if (n >= cap) continue;
    kept.set(bet.game, n + 1);
    newestFirst.push(bet);
  }
  return newestFirst.reverse();
}

const feeds = new WeakMap<Ctx, LiveFeed>();

/**
 * Adds a settled bet to the live feed of every open tab, after the game's animation so the feed
 * never spoils a result.
 */
export function publishBet(
  ctx: Ctx,
  bet: { userId: number; game: string; stake: number; payout: number; multiplier: number; betId: number },
  user: { username: string; avatar: string },
  delayMs: number,
): void {
  let feed = feeds.get(ctx);
  if (!feed) {
    feed = new LiveFeed(ctx);
    feeds.set(ctx, feed);
  }
  const add = () => {
    feed.add({
      id: String(bet.betId),
      game: bet.game,
      user: { id: String(bet.userId), username: user.username, avatar: ctx.assets.avatar(user.avatar) },
      amount: centsToCoins(bet.stake),
      payout: centsToCoins(bet.payout),
      multiplier: bet.multiplier / 10000,
      created: new Date().toISOString(),
    });
  };
  if (delayMs > 0) setTimeout(add, delayMs).unref();
  else add();
}
