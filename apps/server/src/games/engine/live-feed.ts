import { type BetView, centsToCoins } from '@coinsite/shared';
import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import { emitToViewers, ghostsOrAll, hiddenUser, publicUser, type Viewer } from '../../platform/ghost.ts';
import { userRoom } from '../../platform/realtime.ts';
import { sqlNow } from '../rounds/round-time.ts';

const FEED_SIZE = 20;
/** Round games keep their bets in round_bets; their feed ids are prefixed so they never meet a bets id. */
const ROUND_GAMES = ['crash', 'roulette'] as const;
/** A roulette bet settles at the roll but joins the feed when the wheel stops (roulette.loop.ts). */
export const ROULETTE_FEED_DELAY_MS = 5_500;

export const roundBetFeedId = (game: string, id: number) => `${game}-${id}`;

/** A feed row's player as `viewer` sees them (ghost.ts). */
function feedUser(
  ctx: Ctx,
  r: { uid: number; username: string; avatar: string; ghost: boolean },
  viewer: Viewer,
): BetView['user'] {
  const u = publicUser(ctx, { id: r.uid, username: r.username, avatar: r.avatar, ghost: r.ghost }, viewer);
  return { id: u.id, username: u.username, avatar: u.avatar };
}

/** The latest settled crash and roulette bets (a roulette bet only once its wheel has stopped). */
async function recentRoundBets(
  ctx: Ctx,
  opts: { userId?: number; game?: string; limit: number; viewer?: Viewer },
): Promise<BetView[]> {
  const now = sqlNow(ctx.clock);
  let q = ctx.db
    .selectFrom('round_bets as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select([
      'b.id',
      'b.game',
      'b.amount',
      'b.payout',
      'b.settled_at',
      'u.id as uid',
      'u.username',
      'u.avatar',
      'u.ghost',
    ])
    .where('b.status', 'in', ['cashed', 'won', 'lost'])
    .where(
      sql<boolean>`(b.game <> 'roulette' OR b.settled_at <= ${now} - ${ROULETTE_FEED_DELAY_MS} * interval '1 millisecond')`,
    )
    .orderBy('b.settled_at', 'desc')
    .orderBy('b.id', 'desc')
    .limit(opts.limit);
  if (opts.userId !== undefined) q = q.where('b.user_id', '=', opts.userId);
  if (opts.game) q = q.where('b.game', '=', opts.game as 'crash' | 'roulette');
  const rows = await q.execute();
  return rows.map((r) => ({
    id: roundBetFeedId(r.game, r.id),
    game: r.game,
    user: feedUser(ctx, r, opts.viewer ?? null),
    amount: centsToCoins(r.amount),
    payout: centsToCoins(r.payout),
    multiplier: r.amount > 0 ? Math.floor((r.payout * 10000) / r.amount) / 10000 : 0,
    created: (r.settled_at ?? new Date()).toISOString(),
  }));
}

/**
 * The live feed's first screen: bets of the instant games and, with `rounds`, of crash and
 * roulette too (newest first by when they settled).
 */
export async function recentFeed(
  ctx: Ctx,
  opts: { userId?: number; game?: string; viewer?: Viewer } = {},
): Promise<BetView[]> {
  const isRound = (ROUND_GAMES as readonly string[]).includes(opts.game ?? '');
  if (isRound) return recentRoundBets(ctx, { ...opts, limit: FEED_SIZE });
  const bets = await recentBets(ctx, opts);
  if (opts.game) return bets;
  const rounds = await recentRoundBets(ctx, { userId: opts.userId, limit: FEED_SIZE, viewer: opts.viewer });
  return [...bets, ...rounds].sort((a, b) => b.created.localeCompare(a.created)).slice(0, FEED_SIZE);
}

/** The latest settled bets site-wide (from the database, so every node and a restart agree). */
export async function recentBets(
  ctx: Ctx,
  opts: {
    userId?: number;
    game?: string;
    limit?: number;
    minStake?: number;
    minMultiplier?: number;
    /** who asks: a player in ghost mode is "Hidden" to anyone but themself and admins */
    viewer?: Viewer;
  } = {},
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
      'u.ghost',
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
    user: feedUser(ctx, r, opts.viewer ?? null),
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
  /** Frames leave in order even when a ghost lookup is slow. */
  private sending: Promise<void> = Promise.resolve();

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
    if (frame.length === 0) return;
    // one failed frame must not stop the ones after it
    this.sending = this.sending
      .then(() => this.send(frame))
      .catch((err: unknown) => this.ctx.log?.error({ err }, 'live feed: a frame was not sent'));
  }

  /** One frame, each tab seeing the names it may see (players in ghost mode: ghost.ts). */
  private async send(frame: BetView[]): Promise<void> {
    const ctx = this.ctx;
    const ghosts = await ghostsOrAll(
      ctx,
      frame.map((b) => Number(b.user.id)),
      'live feed',
    );
    emitToViewers(ctx.realtime.ns('chat'), LIVE_BETS_EVENT, ghosts, userRoom, (reveals) =>
      frame.map((b) => {
        if (reveals(Number(b.user.id))) return b;
        const hidden = hiddenUser(ctx);
        return { ...b, user: { id: hidden.id, username: hidden.username, avatar: hidden.avatar } };
      }),
    );
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
  bet: {
    userId: number;
    game: string;
    stake: number;
    payout: number;
    multiplier: number;
    /** a bets row id, or a round bet's feed id (roundBetFeedId) */
    betId: number | string;
  },
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

/**
 * Adds every settled bet of a crash or roulette round to the live feed (after `delayMs`, the
 * wheel's animation for roulette, so the feed never spoils the roll).
 */
export async function publishRoundBets(
  ctx: Ctx,
  game: (typeof ROUND_GAMES)[number],
  roundId: number,
  delayMs: number,
): Promise<void> {
  const rows = await ctx.db
    .selectFrom('round_bets as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select(['b.id', 'b.amount', 'b.payout', 'u.id as uid', 'u.username', 'u.avatar'])
    .where('b.round_id', '=', roundId)
    .where('b.status', 'in', ['cashed', 'won', 'lost'])
    .orderBy('b.id')
    .execute();
  for (const r of rows) {
    publishBet(
      ctx,
      {
        userId: r.uid,
        game,
        stake: r.amount,
        payout: r.payout,
        multiplier: r.amount > 0 ? Math.floor((r.payout * 10000) / r.amount) : 0,
        betId: roundBetFeedId(game, r.id),
      },
      r,
      delayMs,
    );
  }
}
