import { type BetView, centsToCoins } from '@coinsite/shared';
import { COINFLIP_ANIMATION_MS } from '@coinsite/shared/schemas/coinflip';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import { publicUser, type Viewer } from '../../platform/ghost.ts';
import { publishBet } from '../engine/live-feed.ts';

/**
 * A coinflip seat as a bet of the live feed and of GET /api/bets/:id (issue 28 item 6): each player
 * of a finished flip has one, `coinflip-<flip>-1` (the creator) or `-2` (the opponent; the bot has
 * none). The flip's row is the record: no second copy is kept.
 */
export const COINFLIP_BET_ID = /^coinflip-([0-9]{1,18})-([12])$/;
export const coinflipBetId = (flipId: number, seat: 1 | 2) => `coinflip-${flipId}-${seat}`;

function flipRows(ctx: Ctx) {
  return ctx.db
    .selectFrom('coinflips as f')
    .innerJoin('users as c', 'c.id', 'f.creator_id')
    .leftJoin('users as o', 'o.id', 'f.opponent_id')
    .select([
      'f.id',
      'f.amount',
      'f.status',
      'f.creator_id',
      'f.creator_side',
      'f.opponent_id',
      'f.server_seed',
      'f.server_seed_hash',
      'f.block_id',
      'f.roll',
      'f.winner_side',
      'f.winner_id',
      'f.payout',
      'f.created_at',
      'f.finished_at',
      'c.username as c_name',
      'c.avatar as c_avatar',
      'c.ghost as c_ghost',
      'o.username as o_name',
      'o.avatar as o_avatar',
      'o.ghost as o_ghost',
    ]);
}
type FlipRow = Awaited<ReturnType<ReturnType<typeof flipRows>['executeTakeFirstOrThrow']>>;

/**
 * The human seats of a finished flip as feed rows, as `viewer` sees them (ghost.ts); `undefined`
 * for the live feed's broadcast, which hides ghosts per audience itself (live-feed.ts).
 */
function seatViews(ctx: Ctx, f: FlipRow, viewer: Viewer | undefined): BetView[] {
  const created = (f.finished_at ?? new Date()).toISOString();
  const seat = (n: 1 | 2, id: number, username: string, avatar: string, ghost: boolean): BetView => {
    const payout = f.winner_id === id ? f.payout : 0;
    const who =
      viewer === undefined
        ? { id: String(id), username, avatar: ctx.assets.avatar(avatar) }
        : publicUser(ctx, { id, username, avatar, ghost }, viewer);
    return {
      id: coinflipBetId(f.id, n),
      game: 'coinflip',
      user: { id: who.id, username: who.username, avatar: who.avatar },
      amount: centsToCoins(f.amount),
      payout: centsToCoins(payout),
      multiplier: Math.floor((payout * 10000) / f.amount) / 10000,
      created,
    };
  };
  const rows = [seat(1, f.creator_id, f.c_name, f.c_avatar, f.c_ghost)];
  if (f.opponent_id !== null && f.o_name !== null)
    rows.push(seat(2, f.opponent_id, f.o_name, f.o_avatar ?? '', f.o_ghost ?? false));
  return rows;
}

/** The latest finished flips' seats, newest first (a player's own when `userId` is given). */
export async function recentCoinflipBets(ctx: Ctx, opts: { userId?: number; limit: number; viewer: Viewer }) {
  let q = flipRows(ctx).where('f.status', '=', 'finished');
  if (opts.userId !== undefined) {
    const uid = opts.userId;
    q = q.where((eb) => eb.or([eb('f.creator_id', '=', uid), eb('f.opponent_id', '=', uid)]));
  }
  const rows = await q.orderBy('f.finished_at', 'desc').orderBy('f.id', 'desc').limit(opts.limit).execute();
  const own = (f: FlipRow, b: BetView) => b.id === coinflipBetId(f.id, f.creator_id === opts.userId ? 1 : 2);
  return rows
    .flatMap((f) => seatViews(ctx, f, opts.viewer).filter((b) => opts.userId === undefined || own(f, b)))
    .slice(0, opts.limit);
}

/** A finished flip's seats join the live feed when its coin has stopped (COINFLIP_ANIMATION_MS). */
export async function publishCoinflip(ctx: Ctx, flipId: number): Promise<void> {
  const f = await flipRows(ctx).where('f.id', '=', flipId).executeTakeFirst();
  if (f?.status !== 'finished') return;
  for (const view of seatViews(ctx, f, undefined)) {
    publishBet(
      ctx,
      {
        userId: Number(view.user.id),
        game: 'coinflip',
        stake: f.amount,
        payout: Math.round(view.payout * 100),
        multiplier: Math.round(view.multiplier * 10000),
        betId: view.id,
      },
      {
        username: view.user.username,
        avatar: view.user.id === String(f.creator_id) ? f.c_avatar : (f.o_avatar ?? ''),
      },
      COINFLIP_ANIMATION_MS,
    );
  }
}

/** GET /api/bets/coinflip-12-1: a seat of a flip, with the flip's seed (once decided) and its EOS block. */
export async function coinflipBetDetails(ctx: Ctx, flipId: number, seat: 1 | 2, viewer: Viewer) {
  const f = await flipRows(ctx).where('f.id', '=', flipId).executeTakeFirst();
  const userId = seat === 1 ? f?.creator_id : f?.opponent_id;
  if (!f || userId === null || userId === undefined) throw Errors.notFound('Bet not found.');
  const finished = f.status === 'finished';
  const payout = finished && f.winner_id === userId ? f.payout : 0;
  const side = seat === 1 ? f.creator_side : f.creator_side === 'heads' ? 'tails' : 'heads';
  const who = publicUser(
    ctx,
    seat === 1
      ? { id: userId, username: f.c_name, avatar: f.c_avatar, ghost: f.c_ghost }
      : { id: userId, username: f.o_name ?? '', avatar: f.o_avatar, ghost: f.o_ghost ?? false },
    viewer,
  );
  return {
    id: coinflipBetId(f.id, seat),
    game: 'coinflip',
    username: who.username,
    amount: centsToCoins(f.amount),
    payout: centsToCoins(payout),
    multiplier: Math.floor((payout * 10000) / f.amount) / 10000,
    created: f.created_at.toISOString(),
    outcome: finished ? { flip: f.id, side, winnerSide: f.winner_side, roll: f.roll, win: payout > 0 } : null,
    seeds: {
      serverSeedHash: f.server_seed_hash,
      serverSeed: finished ? f.server_seed : null,
      clientSeed: null,
      nonce: null,
      blockId: finished ? f.block_id : null,
    },
  };
}
