import type {
  KycVerifiedTable,
  RainJoinsTable,
  RainSettingsTable,
  RainsTable,
} from '../chat/rain/rain.tables.ts';
import type { ColumnType, Generated, Transaction } from 'kysely';
import type { SessionEndReason } from '@coinsite/shared';
import type {
  ChatMessagesTable,
  ChatMutesTable,
  ChatSendersTable,
  ChatSettingsTable,
} from '../chat/chat.tables.ts';
import type {
  CashierTransactionsTable,
  CryptoAddressesTable,
  GiftCardsTable,
  SandboxChainTable,
  SandboxChainTxsTable,
  SandboxPaymentsTable,
  SkinsOrdersTable,
  WebhookDeliveriesTable,
} from '../economy/cashier/cashier.tables.ts';
import type {
  SlotFavouritesTable,
  SlotGamesTable,
  SlotRecentTable,
  SlotRoundsTable,
  SlotSandboxRoundsTable,
  SlotSessionsTable,
  SlotTransactionsTable,
} from '../slots/slots.tables.ts';

/** BIGINT columns come back as JS numbers (db.ts installs a checked parser for int8). */
type Id = Generated<number>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface UsersTable {
  id: Id;
  username: string;
  email: string | null;
  password_hash: string | null;
  steam_id: string | null;
  avatar: Generated<string>;
  rank: Generated<number>;
  balance: Generated<number>;
  wager: Generated<number>;
  banned: Generated<boolean>;
  /** The player hid their profile figures from others (Settings → Privacy). */
  hide_stats: Generated<boolean>;
  /** Ghost mode: others see the player as "Hidden" (platform/ghost.ts). */
  ghost: Generated<boolean>;
  created_at: CreatedAt;
  /** NULL while a registration waits for its mailed link (REGISTER_CONFIRM_EMAIL); defaults to now(). */
  email_confirmed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Issue 16: the enabled TOTP secret (base32), the one being set up, the newest step accepted. */
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: Generated<number>;
  /** NULL until the registration's verification link is opened (no withdrawals meanwhile). */
  email_verified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Issue 16 §5: declared at registration (YYYY-MM-DD); NULL from the original client. */
  birth_date: ColumnType<string | null, string | null | undefined, string | null>;
  region: string | null;
}

export interface RecoveryCodesTable {
  user_id: number;
  code_hash: string;
  used_at: Timestamp | null;
}

export interface SessionsTable {
  id: Id;
  user_id: number;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  user_agent: Generated<string>;
  ip: Generated<string>;
  last_seen_at: Generated<Date>;
  /** issue 26 §7: why it was revoked (migration 0027) */
  end_reason: SessionEndReason | null;
  /** the player's newest ledger id when the session began (the reality check's net result) */
  ledger_mark: Generated<number>;
  /** when a tab of this session last answered the reality check */
  reality_acked_at: Timestamp | null;
}

export interface OneTimeCodesTable {
  code_hash: string;
  purpose: 'login' | 'reset' | 'verify_email' | 'change_email';
  user_id: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  second_factor: Generated<boolean>;
  payload: string | null;
  /** Issue 26: a sign-in link mailed when the account's guess backstop tripped. */
  unlock: Generated<boolean>;
}

export interface LedgerEntriesTable {
  id: Id;
  user_id: number;
  delta: number;
  balance_after: number;
  kind: string;
  ref: string | null;
  idempotency_key: string;
  created_at: CreatedAt;
}

export interface SiteControlsTable {
  name: string;
  enabled: boolean;
}

export interface AdminAuditLogTable {
  id: Id;
  admin_id: number | null;
  action: string;
  target: string | null;
  details: ColumnType<unknown, string | undefined, never>;
  created_at: CreatedAt;
}

export interface OpenIdNoncesTable {
  op_endpoint: string;
  nonce: string;
  issued_at: Timestamp;
  created_at: CreatedAt;
}

export interface SeedPairsTable {
  id: Id;
  user_id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: Generated<number>;
  status: 'next' | 'active' | 'revealed';
  created_at: CreatedAt;
  revealed_at: Timestamp | null;
}

export interface BetsTable {
  id: Id;
  user_id: number;
  game: string;
  stake: number;
  payout: Generated<number>;
  multiplier: Generated<number>;
  status: Generated<'open' | 'settled'>;
  outcome: ColumnType<unknown, string, never>;
  seed_pair_id: number | null;
  nonce: number | null;
  created_at: CreatedAt;
  settled_at: Timestamp | null;
}

export interface UpgraderItemsTable {
  id: Id;
  name: string;
  price: number;
  color: 'grey' | 'blue' | 'purple' | 'red' | 'gold';
  image: Generated<string>;
  active: Generated<boolean>;
  /** 'original': the original client's list (migration 0030); 'site': ours */
  source: Generated<'site' | 'original'>;
}

// Rewards (0007_rewards.sql): *_units are 1/10,000 of a cent.
export interface RewardSettingsTable {
  id: Generated<boolean>;
  affiliate_bonus: number;
  affiliate_cut_bp: number;
  affiliate_min_claim: number;
  rakeback_min_claim: number;
  faucet_amount: number;
  faucet_below: number;
  faucet_interval_s: number;
}

export interface VipLevelsTable {
  level: number;
  level_name: string;
  level_color: string;
  wager_needed: number;
  rakeback_bp: number;
}

export interface UserRewardsTable {
  user_id: number;
  rakeback_units: Generated<number>;
  rakeback_claimed: Generated<number>;
  rakeback_claims: Generated<number>;
  referrer_id: number | null;
  referred_code: string | null;
  referred_at: Timestamp | null;
  referral_units: Generated<number>;
  referral_wager: Generated<number>;
  affiliate_collected: Generated<number>;
  affiliate_claims: Generated<number>;
  faucet_last_at: Timestamp | null;
  faucet_claims: Generated<number>;
}

export interface AffiliateCodesTable {
  user_id: number;
  code: string;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface CouponsTable {
  id: Id;
  code: string;
  message: Generated<string>;
  payout: number;
  uses: number;
  used: Generated<number>;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface CouponRedemptionsTable {
  coupon_id: number;
  user_id: number;
  payout: number;
  created_at: CreatedAt;
}

/** Issue 33: advanced-autobet strategies, per player, game and name (migration 0039). */
export interface AutobetStrategiesTable {
  id: Id;
  user_id: number;
  game: string;
  name: string;
  rules: ColumnType<unknown, string, string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface DB {
  users: UsersTable;
  autobet_strategies: AutobetStrategiesTable;
  recovery_codes: RecoveryCodesTable;
  sessions: SessionsTable;
  one_time_codes: OneTimeCodesTable;
  ledger_entries: LedgerEntriesTable;
  site_controls: SiteControlsTable;
  admin_audit_log: AdminAuditLogTable;
  seed_pairs: SeedPairsTable;
  bets: BetsTable;
  upgrader_items: UpgraderItemsTable;
  openid_nonces: OpenIdNoncesTable;
  cases: CasesTable;
  case_items: CaseItemsTable;
  daily_case_claims: DailyCaseClaimsTable;
  free_case_opens: FreeCaseOpensTable;
  battles: BattlesTable;
  battle_seats: BattleSeatsTable;
  battle_rounds: BattleRoundsTable;
  eos_sandbox_blocks: EosSandboxBlocksTable;
  reward_settings: RewardSettingsTable;
  vip_levels: VipLevelsTable;
  user_rewards: UserRewardsTable;
  affiliate_codes: AffiliateCodesTable;
  coupons: CouponsTable;
  coupon_redemptions: CouponRedemptionsTable;
  cashier_transactions: CashierTransactionsTable;
  chat_settings: ChatSettingsTable;
  chat_messages: ChatMessagesTable;
  chat_senders: ChatSendersTable;
  chat_mutes: ChatMutesTable;
  rain_settings: RainSettingsTable;
  rains: RainsTable;
  rain_joins: RainJoinsTable;
  kyc_verified: KycVerifiedTable;
  webhook_deliveries: WebhookDeliveriesTable;
  gift_cards: GiftCardsTable;
  skins_orders: SkinsOrdersTable;
  crypto_addresses: CryptoAddressesTable;
  sandbox_chain: SandboxChainTable;
  sandbox_chain_txs: SandboxChainTxsTable;
  sandbox_payments: SandboxPaymentsTable;
  round_chains: RoundChainsTable;
  round_chain_checkpoints: RoundChainCheckpointsTable;
  rounds: RoundsTable;
  leader_lease: LeaderLeaseTable;
  round_bets: RoundBetsTable;
  round_bet_queue: RoundBetQueueTable;
  coinflips: CoinflipsTable;
  slot_games: SlotGamesTable;
  slot_favourites: SlotFavouritesTable;
  slot_recent: SlotRecentTable;
  slot_sessions: SlotSessionsTable;
  slot_rounds: SlotRoundsTable;
  slot_transactions: SlotTransactionsTable;
  slot_sandbox_rounds: SlotSandboxRoundsTable;
}

export type Tx = Transaction<DB>;

/** Cases and battles (0004_cases_battles.sql). */
export interface CasesTable {
  id: Id;
  slug: string;
  name: string;
  price: number;
  image: string;
  kind: Generated<'paid' | 'daily' | 'level'>;
  active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface CaseItemsTable {
  id: Id;
  case_id: number;
  name: string;
  price: number;
  color: 'grey' | 'blue' | 'purple' | 'red' | 'gold';
  image: string;
  tickets_start: number;
  tickets_end: number;
}

export interface DailyCaseClaimsTable {
  user_id: number;
  last_open_at: Timestamp;
}

export interface FreeCaseOpensTable {
  id: Id;
  user_id: number;
  case_id: number;
  seed_pair_id: number;
  nonce: number;
  ticket: number;
  item: ColumnType<unknown, string, never>;
  payout: number;
  opened_at: Timestamp;
}

export interface BattlesTable {
  id: string;
  creator_id: number;
  status: Generated<number>;
  game_type: number;
  crazy: boolean;
  seat_count: number;
  price: number;
  cases: ColumnType<unknown, string, never>;
  round_count: number;
  server_seed: string;
  server_seed_hash: string;
  block_number: number | null;
  block_id: string | null;
  rounds_revealed: Generated<number>;
  next_step_at: number | null;
  created_ms: number;
  locked_ms: number | null;
  result: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: CreatedAt;
  finished_at: Timestamp | null;
}

export interface BattleSeatsTable {
  battle_id: string;
  seat: number;
  user_id: number | null;
  bet_id: number | null;
  payout: Generated<number>;
  joined_at: CreatedAt;
}

export interface BattleRoundsTable {
  battle_id: string;
  round: number;
  drops: ColumnType<unknown, string, never>;
  revealed_at: CreatedAt;
}

export interface EosSandboxBlocksTable {
  block_num: number;
  block_id: string;
  created_at: CreatedAt;
}

/** Crash, roulette and coinflip (0006_round_games.sql). */
export interface RoundChainsTable {
  id: Id;
  game: 'crash' | 'roulette';
  status: 'current' | 'next' | 'used';
  secret: string;
  length: number;
  checkpoint_every: number;
  terminal_hash: string;
  salt_block: number;
  salt: string | null;
  created_at: CreatedAt;
}

export interface RoundChainCheckpointsTable {
  chain_id: number;
  idx: number;
  hash: string;
}

export interface RoundsTable {
  id: Id;
  game: 'crash' | 'roulette';
  /** this game's own round count from 1 (migration 0031: set by a trigger on insert) */
  number: Generated<number>;
  chain_id: number;
  game_number: number;
  private_hash: string;
  private_seed: string;
  public_seed: string;
  result: number;
  status: 'betting' | 'running' | 'over' | 'refunded';
  betting_ends_at: Timestamp;
  started_at: Timestamp | null;
  crash_at: Timestamp | null;
  ended_at: Timestamp | null;
  created_at: CreatedAt;
  /** the round time of the last crash tick the leader broadcast (started_at + its elapsed) */
  alive_at: Timestamp | null;
  /** the multiplier (hundredths) of that tick: what a cash-out in a gap is paid at */
  shown_multiplier: number | null;
  /** busted during a leader hand-over gap: uncashed bets voided */
  handover_void: Generated<boolean>;
}

/** The leader lease (one row): the term the leader's writes are fenced by, and its heartbeat. */
export interface LeaderLeaseTable {
  id: number;
  term: number;
  holder: string | null;
  lock_pid: number | null;
  heartbeat_at: Timestamp | null;
}

export interface RoundBetsTable {
  id: Id;
  round_id: number;
  game: 'crash' | 'roulette';
  user_id: number;
  amount: number;
  color: 'red' | 'green' | 'black' | null;
  auto_cashout: number | null;
  status: Generated<'active' | 'cashed' | 'won' | 'lost' | 'refunded'>;
  cashout: number | null;
  payout: Generated<number>;
  created_at: CreatedAt;
  settled_at: Timestamp | null;
}

export interface RoundBetQueueTable {
  game: 'crash';
  user_id: number;
  amount: number;
  auto_cashout: number | null;
  created_at: CreatedAt;
}

export interface CoinflipsTable {
  id: Id;
  creator_id: number;
  creator_side: 'heads' | 'tails';
  amount: number;
  opponent_id: number | null;
  opponent_is_bot: Generated<boolean>;
  server_seed: string;
  server_seed_hash: string;
  block_number: number | null;
  block_id: string | null;
  roll: number | null;
  winner_side: 'heads' | 'tails' | null;
  winner_id: number | null;
  payout: Generated<number>;
  status: 'open' | 'waiting' | 'finished' | 'cancelled';
  created_at: CreatedAt;
  joined_at: Timestamp | null;
  finished_at: Timestamp | null;
}
