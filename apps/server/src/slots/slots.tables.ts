import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** 0020_slots.sql */
export interface SlotGamesTable {
  id: number;
  game_code: string;
  game_name: string;
  banner: string;
  provider_code: Generated<string>;
  lang: Generated<string>;
  sort: Generated<number>;
  status: Generated<number>;
}

export interface SlotFavouritesTable {
  user_id: number;
  game_code: string;
  created_at: CreatedAt;
}

export interface SlotRecentTable {
  user_id: number;
  game_code: string;
  played_at: Timestamp;
}

export interface SlotSessionsTable {
  token: string;
  user_id: number;
  game_code: string;
  sandbox: boolean;
  created_at: CreatedAt;
  expires_at: Timestamp;
}

export interface SlotRoundsTable {
  user_id: number;
  round_id: string;
  game_code: string;
  stake: Generated<number>;
  win: Generated<number>;
  status: Generated<'open' | 'settled'>;
  bet_id: number | null;
  created_at: CreatedAt;
}

export interface SlotTransactionsTable {
  id: Generated<number>;
  kind: 'bet' | 'result' | 'bonusWin' | 'jackpotWin' | 'promoWin' | 'refund';
  reference: string;
  user_id: number;
  round_id: string | null;
  game_code: string | null;
  amount: number;
  status: Generated<'done' | 'refunded'>;
  response: unknown;
  created_at: CreatedAt;
}

export interface SlotSandboxRoundsTable {
  round_id: string;
  user_id: number;
  game_code: string;
  seed_pair_id: number;
  nonce: number;
  stake: number;
  payout: number;
  stops: unknown;
  created_at: CreatedAt;
}
