-- Provably fair seed pairs (one active and one committed next pair per user) and the bets of the
-- single-player games.

CREATE TABLE seed_pairs (
  id                BIGSERIAL PRIMARY KEY,
  user_id           BIGINT NOT NULL REFERENCES users(id),
  server_seed       TEXT NOT NULL,
  server_seed_hash  TEXT NOT NULL,
  client_seed       TEXT NOT NULL,
  -- the nonce the next bet will use
  nonce             INTEGER NOT NULL DEFAULT 0 CHECK (nonce >= 0),
  status            TEXT NOT NULL CHECK (status IN ('next', 'active', 'revealed')),
  created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
  revealed_at       TIMESTAMPTZ
);
CREATE UNIQUE INDEX seed_pairs_one_active ON seed_pairs (user_id) WHERE status = 'active';
CREATE UNIQUE INDEX seed_pairs_one_next ON seed_pairs (user_id) WHERE status = 'next';
CREATE INDEX seed_pairs_revealed ON seed_pairs (user_id, id) WHERE status = 'revealed';

CREATE TABLE bets (
  id            BIGSERIAL PRIMARY KEY,
  user_id       BIGINT NOT NULL REFERENCES users(id),
  game          TEXT NOT NULL,
  stake         BIGINT NOT NULL CHECK (stake > 0),
  payout        BIGINT NOT NULL DEFAULT 0 CHECK (payout >= 0),
  -- multiplier paid, in ten-thousandths (0 on a loss)
  multiplier    BIGINT NOT NULL DEFAULT 0 CHECK (multiplier >= 0),
  -- 'open' only for a mines game in progress
  status        TEXT NOT NULL DEFAULT 'settled' CHECK (status IN ('open', 'settled')),
  outcome       JSONB NOT NULL,
  seed_pair_id  BIGINT REFERENCES seed_pairs(id),
  nonce         INTEGER,
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
  settled_at    TIMESTAMPTZ
);
CREATE INDEX bets_user ON bets (user_id, id DESC);
CREATE INDEX bets_recent ON bets (id DESC) WHERE status = 'settled';
-- at most one open mines game per user
CREATE UNIQUE INDEX bets_one_open_mines ON bets (user_id) WHERE status = 'open' AND game = 'mines';

CREATE TABLE upgrader_items (
  id       BIGSERIAL PRIMARY KEY,
  name     TEXT NOT NULL,
  price    BIGINT NOT NULL CHECK (price > 0),
  color    TEXT NOT NULL CHECK (color IN ('grey', 'blue', 'purple', 'red', 'gold')),
  image    TEXT NOT NULL DEFAULT '',
  active   BOOLEAN NOT NULL DEFAULT TRUE
);
