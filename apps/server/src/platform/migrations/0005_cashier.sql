-- Cashier: deposits and withdrawals, webhook deliveries, gift cards, crypto deposit addresses and
-- the sandbox providers' state. Money columns are BIGINT cents of coins; usd_value is dollar cents.

-- One row per deposit or withdrawal. state follows PROTOCOL.md: 0 not started, 1 pending,
-- 2 declined, 3 completed, 4 manual review, 5 refunded, 6 cancelled.
CREATE TABLE cashier_transactions (
  id             BIGSERIAL PRIMARY KEY,
  user_id        BIGINT NOT NULL REFERENCES users(id),
  type           TEXT NOT NULL CHECK (type IN ('deposit', 'withdraw')),
  method         TEXT NOT NULL CHECK (method IN ('card', 'cashapp', 'giftcard', 'skins', 'crypto')),
  -- what the history shows: CARD, CASHAPP, GIFTCARD, CSGO/RUST/DOTA2, BTC, ETH, …
  currency       TEXT NOT NULL,
  sandbox        BOOLEAN NOT NULL,
  site_value     BIGINT NOT NULL DEFAULT 0 CHECK (site_value >= 0),
  fee            BIGINT NOT NULL DEFAULT 0 CHECK (fee >= 0),
  usd_value      BIGINT NOT NULL DEFAULT 0 CHECK (usd_value >= 0),
  crypto_value   TEXT,
  state          SMALLINT NOT NULL CHECK (state BETWEEN 0 AND 6),
  -- the provider's id of this payment (card payment, CashApp receipt, skins transaction, txid:vout)
  external_id    TEXT,
  -- a withdrawal's destination (address or cashtag) or a crypto deposit's receiving address
  address        TEXT,
  -- the unique note a CashApp deposit must carry
  note           TEXT,
  txid           TEXT,
  confirmations  INTEGER NOT NULL DEFAULT 0,
  -- the user's wager when this deposit was credited (playthrough, economy.md)
  wager_at       BIGINT,
  created_at     TIMESTAMPTZ NOT NULL,
  updated_at     TIMESTAMPTZ NOT NULL,
  completed_at   TIMESTAMPTZ,
  -- a credited deposit always knows its value and its wager snapshot
  CHECK (type <> 'deposit' OR state <> 3 OR (site_value > 0 AND wager_at IS NOT NULL))
);
CREATE INDEX cashier_transactions_user ON cashier_transactions (user_id, created_at DESC);
CREATE INDEX cashier_transactions_open ON cashier_transactions (type, state, id);
-- A provider's payment can belong to one deposit only: a replayed receipt finds the row taken.
CREATE UNIQUE INDEX cashier_transactions_external ON cashier_transactions (method, external_id)
  WHERE external_id IS NOT NULL;
CREATE UNIQUE INDEX cashier_transactions_note ON cashier_transactions (note) WHERE note IS NOT NULL;

-- Every signed delivery we accepted, by the provider's event id: a replay is answered without effect.
CREATE TABLE webhook_deliveries (
  provider     TEXT NOT NULL,
  event_id     TEXT NOT NULL,
  received_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  body         JSONB NOT NULL,
  PRIMARY KEY (provider, event_id)
);

-- Gift-card codes, stored as SHA-256 of the normalised code; single use.
CREATE TABLE gift_cards (
  code_hash       TEXT PRIMARY KEY,
  value_usd       INTEGER NOT NULL CHECK (value_usd IN (5, 10, 15, 20, 50, 100)),
  sandbox         BOOLEAN NOT NULL DEFAULT FALSE,
  created_by      BIGINT REFERENCES users(id),
  created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
  redeemed_by     BIGINT REFERENCES users(id),
  redeemed_at     TIMESTAMPTZ,
  transaction_id  BIGINT REFERENCES cashier_transactions(id)
);

-- Per-user deposit addresses, derived once from the operator's xpubs (index = user id).
CREATE TABLE crypto_addresses (
  user_id           BIGINT NOT NULL REFERENCES users(id),
  kind              TEXT NOT NULL CHECK (kind IN ('btc', 'ltc', 'doge', 'evm', 'sol')),
  derivation_index  BIGINT NOT NULL,
  address           TEXT NOT NULL,
  created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind)
);
CREATE UNIQUE INDEX crypto_addresses_address ON crypto_addresses (kind, address);

-- The sandbox chain: one height per currency and its transfers (block_height NULL = in the mempool).
CREATE TABLE sandbox_chain (
  currency  TEXT PRIMARY KEY,
  height    BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE sandbox_chain_txs (
  id            BIGSERIAL PRIMARY KEY,
  currency      TEXT NOT NULL,
  txid          TEXT NOT NULL UNIQUE,
  address       TEXT NOT NULL,
  amount        NUMERIC(78, 0) NOT NULL CHECK (amount > 0),
  block_height  BIGINT,
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX sandbox_chain_txs_currency ON sandbox_chain_txs (currency, id);

-- The sandbox payment providers' own records (hosted card checkouts, CashApp receipts, skin orders).
CREATE TABLE sandbox_payments (
  id          TEXT PRIMARY KEY,
  provider    TEXT NOT NULL CHECK (provider IN ('arkpay', 'cashapp', 'skinsback')),
  status      TEXT NOT NULL,
  data        JSONB NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
