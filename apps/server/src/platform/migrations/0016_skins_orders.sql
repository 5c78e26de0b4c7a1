-- Issue 13 item 8: opening the skins cashier creates an order here, not a cashier transaction. The
-- player's history and the admin's list get a row only when the marketplace calls back about it.
CREATE TABLE skins_orders (
  id              BIGSERIAL PRIMARY KEY,
  user_id         BIGINT NOT NULL REFERENCES users(id),
  -- what the transaction will show: CSGO/RUST/DOTA2, or SKINS when no game was named
  currency        TEXT NOT NULL,
  sandbox         BOOLEAN NOT NULL,
  -- the marketplace's hash of the order (its page), once it answered
  hash            TEXT,
  -- the cashier transaction the first callback created
  transaction_id  BIGINT UNIQUE REFERENCES cashier_transactions(id),
  created_at      TIMESTAMPTZ NOT NULL
);

-- Orders opened before keep their ids (the marketplace calls back with them); the empty
-- 'Not Started' rows they left in every history go.
INSERT INTO skins_orders (id, user_id, currency, sandbox, hash, transaction_id, created_at)
SELECT id, user_id, currency, sandbox,
       CASE WHEN note LIKE 'skins:%' THEN substr(note, 7) END,
       CASE WHEN state = 0 THEN NULL ELSE id END,
       created_at
FROM cashier_transactions WHERE method = 'skins';
DELETE FROM cashier_transactions WHERE method = 'skins' AND state = 0;
SELECT setval(pg_get_serial_sequence('skins_orders', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM skins_orders;
