import {
  type BattleCaseView,
  type BattleDetail,
  type BattleDrop,
  type BattlePlayer,
  type BattleSummary,
  type BattleWin,
  centsToCoins,
} from '@coinsite/shared';
import type { Kysely } from 'kysely';
import { hiddenUser } from '../../platform/ghost.ts';
import type { AssetUrls } from '../../platform/assets.ts';
import type { DB } from '../../platform/db-types.ts';
import { type CaseRecord, itemView } from '../cases/cases.catalogue.ts';

/** The bot's face and name on a seat. */
export const BOT_AVATAR = '/api/cases/art/bot.svg';
export const botName = (seat: number) => `Bot #${seat}`;

/** A battle as stored, with its seats and revealed rounds. */
export interface BattleRecord {
  id: string;
  creatorId: number;
  status: number;
  gameType: number;
  crazy: boolean;
  seatCount: number;
  price: number;
  cases: CaseRecord[];
  roundCount: number;
  serverSeed: string;
  serverSeedHash: string;
  blockNumber: number | null;
  blockId: string | null;
  roundsRevealed: number;
  result: BattleWin | null;
  createdAt: Date;
  seats: SeatRecord[];
  rounds: BattleDrop[][];
}

export interface SeatRecord {
  seat: number;
  userId: number | null;
  betId: number | null;
  username: string | null;
  avatar: string | null;
  /** the player is in ghost mode: the seat shows "Hidden" (ghost.ts) */
  ghost: boolean;
}

type Db = Kysely<DB>;

export async function loadBattles(db: Db, ids: string[]): Promise<BattleRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('battles').selectAll().where('id', 'in', ids).execute();
  const seats = await db
    .selectFrom('battle_seats as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .select(['s.battle_id', 's.seat', 's.user_id', 's.bet_id', 'u.username', 'u.avatar', 'u.ghost'])
    .where('s.battle_id', 'in', ids)
    .orderBy('s.seat')
    .execute();
  const rounds = await db
    .selectFrom('battle_rounds')
    .select(['battle_id', 'round', 'drops'])
    .where('battle_id', 'in', ids)
    .orderBy('round')
    .execute();
  const byId = new Map(
    rows.map((r): [string, BattleRecord] => [
      r.id,
      {
        id: r.id,
        creatorId: r.creator_id,
        status: r.status,
        gameType: r.game_type,
        crazy: r.crazy,
        seatCount: r.seat_count,
        price: r.price,
        cases: r.cases as CaseRecord[],
        roundCount: r.round_count,
        serverSeed: r.server_seed,
        serverSeedHash: r.server_seed_hash,
        blockNumber: r.block_number,
        blockId: r.block_id,
        roundsRevealed: r.rounds_revealed,
        result: (r.result as BattleWin | null) ?? null,
        createdAt: r.created_at,
        seats: seats
          .filter((s) => s.battle_id === r.id)
          .map((s) => ({
            seat: s.seat,
            userId: s.user_id,
            betId: s.bet_id,
            username: s.user_id === null ? botName(s.seat) : s.username,
            avatar: s.user_id === null ? BOT_AVATAR : s.avatar,
            ghost: s.ghost === true,
          })),
        rounds: rounds.filter((x) => x.battle_id === r.id).map((x) => x.drops as BattleDrop[]),
      },
    ]),
  );
  return ids.flatMap((id) => {
    const b = byId.get(id);
    return b ? [b] : [];
  });
}

export async function loadBattle(db: Db, id: string): Promise<BattleRecord | null> {
  return (await loadBattles(db, [id]))[0] ?? null;
}

export function playersOf(b: Pick<BattleRecord, 'seatCount' | 'seats'>, assets: AssetUrls): BattlePlayer[] {
  return Array.from({ length: b.seatCount }, (_, i) => {
    const s = b.seats.find((x) => x.seat === i + 1);
    if (!s) return { id: null, username: null, pfp: null };
    const id = s.userId === null ? 'bot' : String(s.userId);
    // a seat is broadcast to everyone: a ghost is "Hidden" to all (their own page shows their name
    // from the seat's id, which stays: it is how a player finds their seat)
    if (s.ghost && s.userId !== null) {
      const hidden = hiddenUser({ assets });
      return { id, username: hidden.username, pfp: hidden.avatar };
    }
    return { id, username: s.username, pfp: assets.avatar(s.avatar) };
  });
}

/** A round's drops as stored (relative art) as they leave the server. */
export function dropsView(drops: BattleDrop[], assets: AssetUrls): BattleDrop[] {
  return drops.map((d) => ({ ...d, item: { ...d.item, image: assets.url(d.item.image) } }));
}

function caseViews(b: BattleRecord, withItems: boolean, assets: AssetUrls): BattleCaseView[] {
  return b.cases.map((c) => ({
    id: String(c.id),
    slug: c.slug,
    name: c.name,
    image: assets.url(c.image),
    price: centsToCoins(c.price),
    ...(withItems ? { items: c.items.map((it) => itemView(it, assets)) } : {}),
  }));
}

export function summaryOf(b: BattleRecord, assets: AssetUrls, withItems = false): BattleSummary {
  return {
    id: b.id,
    price: centsToCoins(b.price),
    cases: caseViews(b, withItems, assets),
    casesRoundResults: b.rounds.map((drops) => dropsView(drops, assets)),
    players: playersOf(b, assets),
    isCrazyMode: b.crazy,
    gameType: b.gameType,
    status: b.status,
    playerCount: b.seatCount,
    creatorId: String(b.creatorId),
    createdAt: b.createdAt.toISOString(),
  };
}

/** The battle page's view: the server seed only once the battle is over (fairness.md §2). */
export function detailOf(b: BattleRecord, assets: AssetUrls): BattleDetail {
  const over = b.status >= 3;
  return {
    ...summaryOf(b, assets, true),
    serverSeedHash: b.serverSeedHash,
    serverSeed: over ? b.serverSeed : null,
    blockNumber: b.blockNumber,
    blockHash: b.blockId,
    win: b.status === 3 ? b.result : null,
    roundCount: b.roundCount,
  };
}
