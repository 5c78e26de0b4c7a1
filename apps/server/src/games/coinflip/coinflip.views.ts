import {
  COINFLIP_HOUSE_CUT_PCT,
  COINFLIP_RECENT_SIZE,
  type CoinflipPlayer,
  type CoinflipState,
  type CoinflipView,
  centsToCoins,
} from '@coinsite/shared';
import type { Kysely } from 'kysely';
import type { AssetUrls } from '../../platform/assets.ts';
import type { Ctx } from '../../platform/context.ts';
import type { DB } from '../../platform/db-types.ts';
import { hiddenSeatId, revealsTo, shownUser, type Viewer } from '../../platform/ghost.ts';
import { shownLevel } from '../rounds/round-bets.ts';

/** The house's seat when the creator calls the bot. */
export const BOT_PLAYER: CoinflipPlayer = { id: 'bot', username: 'Bot', avatar: '', level: null };

function flips(db: Kysely<DB>) {
  return db
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
      'f.opponent_is_bot',
      'f.server_seed',
      'f.server_seed_hash',
      'f.block_number',
      'f.block_id',
      'f.roll',
      'f.winner_side',
      'f.winner_id',
      'f.payout',
      'f.created_at',
      'f.finished_at',
      'c.username as c_name',
      'c.avatar as c_avatar',
      'c.wager as c_wager',
      'c.ghost as c_ghost',
      'o.username as o_name',
      'o.avatar as o_avatar',
      'o.wager as o_wager',
      'o.ghost as o_ghost',
    ]);
}

type FlipRow = Awaited<ReturnType<ReturnType<typeof flips>['executeTakeFirstOrThrow']>>;

/**
 * The presenter: the server seed only once the flip is decided (or cancelled, when it decides nothing).
 * `reveals(userId)` says whether the audience may see a ghost's name (ghost.ts): a hidden seat is
 * "Hidden" under the seat's own id (`hidden-<flip>-<seat>`, the winner id too), never the account's.
 */
export function coinflipView(
  r: FlipRow,
  assets: AssetUrls,
  reveals: (userId: number) => boolean,
): CoinflipView {
  const decided = r.status === 'finished' || r.status === 'cancelled';
  const seat = (n: 1 | 2, id: number, name: string, avatar: string | null, ghost: boolean, wager: number) => {
    const who = shownUser({ assets }, { id, username: name, avatar, ghost }, reveals);
    return {
      id: who.hidden ? hiddenSeatId(`${r.id}-${n}`) : who.id,
      username: who.username,
      avatar: who.avatar,
      level: shownLevel(who, wager),
    };
  };
  const creator = seat(1, r.creator_id, r.c_name, r.c_avatar, r.c_ghost, r.c_wager);
  let opponent: CoinflipPlayer | null = null;
  if (r.opponent_is_bot) opponent = { ...BOT_PLAYER, avatar: assets.avatar(BOT_PLAYER.avatar) };
  else if (r.opponent_id !== null)
    opponent = seat(2, r.opponent_id, r.o_name ?? '', r.o_avatar, r.o_ghost ?? false, r.o_wager ?? 0);
  const winnerId =
    r.status !== 'finished'
      ? null
      : r.winner_id !== null
        ? r.winner_id === r.creator_id
          ? creator.id
          : (opponent?.id ?? String(r.winner_id))
        : r.opponent_is_bot
          ? 'bot'
          : null;
  return {
    id: String(r.id),
    amount: centsToCoins(r.amount),
    status: r.status,
    creator,
    creatorSide: r.creator_side,
    opponent,
    serverSeedHash: r.server_seed_hash,
    serverSeed: decided ? r.server_seed : null,
    blockNumber: r.block_number,
    blockId: r.block_id,
    roll: r.roll,
    winnerSide: r.winner_side,
    winnerId,
    payout: centsToCoins(r.payout),
    created: r.created_at.toISOString(),
    finished: r.finished_at?.toISOString() ?? null,
  };
}

/** A flip as each audience sees it, and its players in ghost mode (for emitToViewers). */
export interface SeenFlip {
  ghosts: Set<number>;
  view: (reveals: (userId: number) => boolean) => CoinflipView;
}

function seen(r: FlipRow, assets: AssetUrls): SeenFlip {
  const ghosts = new Set<number>();
  if (r.c_ghost) ghosts.add(r.creator_id);
  if (r.o_ghost && r.opponent_id !== null) ghosts.add(r.opponent_id);
  return { ghosts, view: (reveals) => coinflipView(r, assets, reveals) };
}

export async function loadCoinflip(ctx: Ctx, id: number): Promise<SeenFlip | null> {
  const row = await flips(ctx.db).where('f.id', '=', id).executeTakeFirst();
  return row ? seen(row, ctx.assets) : null;
}

/** GET /api/coinflip: flips open or being decided (newest first) and the last finished ones. */
export async function coinflipState(ctx: Ctx, viewer: Viewer = null): Promise<CoinflipState> {
  const [open, recent] = await Promise.all([
    flips(ctx.db).where('f.status', 'in', ['open', 'waiting']).orderBy('f.id', 'desc').limit(100).execute(),
    flips(ctx.db)
      .where('f.status', '=', 'finished')
      .orderBy('f.finished_at', 'desc')
      .limit(COINFLIP_RECENT_SIZE)
      .execute(),
  ]);
  const reveals = revealsTo(viewer);
  return {
    open: open.map((r) => coinflipView(r, ctx.assets, reveals)),
    recent: recent.map((r) => coinflipView(r, ctx.assets, reveals)),
    houseCutPct: COINFLIP_HOUSE_CUT_PCT,
  };
}
