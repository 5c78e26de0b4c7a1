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
import { playerLevel } from '../rounds/round-bets.ts';

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
      'o.username as o_name',
      'o.avatar as o_avatar',
      'o.wager as o_wager',
    ]);
}

type FlipRow = Awaited<ReturnType<ReturnType<typeof flips>['executeTakeFirstOrThrow']>>;

/** The presenter: the server seed only once the flip is decided (or cancelled, when it decides nothing). */
export function coinflipView(r: FlipRow, assets: AssetUrls): CoinflipView {
  const decided = r.status === 'finished' || r.status === 'cancelled';
  let opponent: CoinflipPlayer | null = null;
  if (r.opponent_is_bot) opponent = { ...BOT_PLAYER, avatar: assets.avatar(BOT_PLAYER.avatar) };
  else if (r.opponent_id !== null)
    opponent = {
      id: String(r.opponent_id),
      username: r.o_name ?? '',
      avatar: assets.avatar(r.o_avatar),
      level: playerLevel(r.o_wager ?? 0),
    };
  const winnerId =
    r.status !== 'finished'
      ? null
      : r.winner_id !== null
        ? String(r.winner_id)
        : r.opponent_is_bot
          ? 'bot'
          : null;
  return {
    id: String(r.id),
    amount: centsToCoins(r.amount),
    status: r.status,
    creator: {
      id: String(r.creator_id),
      username: r.c_name,
      avatar: assets.avatar(r.c_avatar),
      level: playerLevel(r.c_wager),
    },
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

export async function loadCoinflip(ctx: Ctx, id: number): Promise<CoinflipView | null> {
  const row = await flips(ctx.db).where('f.id', '=', id).executeTakeFirst();
  return row ? coinflipView(row, ctx.assets) : null;
}

/** GET /api/coinflip: flips open or being decided (newest first) and the last finished ones. */
export async function coinflipState(ctx: Ctx): Promise<CoinflipState> {
  const [open, recent] = await Promise.all([
    flips(ctx.db).where('f.status', 'in', ['open', 'waiting']).orderBy('f.id', 'desc').limit(100).execute(),
    flips(ctx.db)
      .where('f.status', '=', 'finished')
      .orderBy('f.finished_at', 'desc')
      .limit(COINFLIP_RECENT_SIZE)
      .execute(),
  ]);
  return {
    open: open.map((r) => coinflipView(r, ctx.assets)),
    recent: recent.map((r) => coinflipView(r, ctx.assets)),
    houseCutPct: COINFLIP_HOUSE_CUT_PCT,
  };
}
