import type { ColumnType, Generated } from 'kysely';

/** Kysely types of migration 0005_cashier.sql (listed in platform/db-types.ts DB). */
type Id = Generated<number>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultNow = ColumnType<Date, Date | string | undefined, never>;

export interface CashierTransactionsTable {
  id: Id;
  user_id: number;
  type: 'deposit' | 'withdraw';
  method: 'card' | 'cashapp' | 'giftcard' | 'skins' | 'crypto';
  currency: string;
  sandbox: boolean;
  site_value: Generated<number>;
  fee: Generated<number>;
  usd_value: Generated<number>;
  crypto_value: string | null;
  state: number;
  external_id: string | null;
  address: string | null;
  note: string | null;
  txid: string | null;
  confirmations: Generated<number>;
  wager_at: number | null;
  /** Why a credited deposit waits for an admin's look (migration 0011), e.g. 'over_daily_limit'. */
  review_flag: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: Timestamp | null;
}

/** Migration 0013: a skins order, whose transaction the first callback creates. */
export interface SkinsOrdersTable {
  id: Id;
  user_id: number;
  currency: string;
  sandbox: boolean;
  hash: string | null;
  transaction_id: number | null;
  created_at: Timestamp;
}

export interface WebhookDeliveriesTable {
  provider: string;
  event_id: string;
  received_at: DefaultNow;
  body: ColumnType<unknown, string, never>;
}

export interface GiftCardsTable {
  code_hash: string;
  value_usd: number;
  sandbox: Generated<boolean>;
  created_by: number | null;
  created_at: DefaultNow;
  redeemed_by: number | null;
  redeemed_at: Timestamp | null;
  transaction_id: number | null;
}

export interface CryptoAddressesTable {
  user_id: number;
  kind: 'btc' | 'ltc' | 'doge' | 'evm' | 'sol';
  derivation_index: number;
  address: string;
  created_at: DefaultNow;
}

export interface SandboxChainTable {
  currency: string;
  height: Generated<number>;
}

export interface SandboxChainTxsTable {
  id: Id;
  currency: string;
  txid: string;
  address: string;
  /** NUMERIC: comes back as a decimal string. */
  amount: string;
  block_height: number | null;
  created_at: DefaultNow;
}

export interface SandboxPaymentsTable {
  id: string;
  provider: 'arkpay' | 'cashapp' | 'skinsback';
  status: string;
  data: ColumnType<unknown, string, string>;
  created_at: DefaultNow;
}
