-- Slots (issue 12): the provider's catalogue, players' favourites and recently played games, game
-- sessions (launch tokens), the seamless wallet's rounds and transactions (idempotent by the
-- provider's reference), and the sandbox slot's seeded rounds. docs/decisions.md "Issue 12".

CREATE TABLE slot_games (
  -- the catalogue's own id (pragmatic-gamelist.json)
  id             BIGINT PRIMARY KEY,
  game_code      TEXT NOT NULL UNIQUE,
  game_name      TEXT NOT NULL,
  banner         TEXT NOT NULL,
  provider_code  TEXT NOT NULL DEFAULT 'PRAGMATIC',
  lang           TEXT NOT NULL DEFAULT 'en',
  -- lower first; ties by id (an admin reorders by setting it)
  sort           INTEGER NOT NULL DEFAULT 0,
  -- 1 enabled, 0 disabled (hidden from players, cannot be launched or bet on)
  status         SMALLINT NOT NULL DEFAULT 1 CHECK (status IN (0, 1))
);
CREATE INDEX slot_games_order ON slot_games (sort, id) WHERE status = 1;

CREATE TABLE slot_favourites (
  user_id     BIGINT NOT NULL REFERENCES users(id),
  game_code   TEXT NOT NULL REFERENCES slot_games(game_code),
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, game_code)
);

CREATE TABLE slot_recent (
  user_id     BIGINT NOT NULL REFERENCES users(id),
  game_code   TEXT NOT NULL REFERENCES slot_games(game_code),
  played_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, game_code)
);
CREATE INDEX slot_recent_user ON slot_recent (user_id, played_at DESC);

-- one launch: the token the provider authenticates the player with
CREATE TABLE slot_sessions (
  token       TEXT PRIMARY KEY,
  user_id     BIGINT NOT NULL REFERENCES users(id),
  game_code   TEXT NOT NULL,
  sandbox     BOOLEAN NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX slot_sessions_user ON slot_sessions (user_id, created_at DESC);

-- a provider round: its stakes are taken by bet calls, its wins paid by result calls; settled (one
-- bets row) by its first result or its endRound
CREATE TABLE slot_rounds (
  user_id     BIGINT NOT NULL REFERENCES users(id),
  round_id    TEXT NOT NULL,
  game_code   TEXT NOT NULL,
  stake       BIGINT NOT NULL DEFAULT 0 CHECK (stake >= 0),
  win         BIGINT NOT NULL DEFAULT 0 CHECK (win >= 0),
  status      TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled')),
  bet_id      BIGINT,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, round_id)
);

-- every money call of the provider, once per (kind, reference): a repeat answers the stored response
CREATE TABLE slot_transactions (
  id          BIGSERIAL PRIMARY KEY,
  kind        TEXT NOT NULL CHECK (kind IN ('bet', 'result', 'bonusWin', 'jackpotWin', 'promoWin', 'refund')),
  reference   TEXT NOT NULL,
  user_id     BIGINT NOT NULL REFERENCES users(id),
  round_id    TEXT,
  game_code   TEXT,
  amount      BIGINT NOT NULL CHECK (amount >= 0),
  -- a bet becomes 'refunded' when the provider takes it back
  status      TEXT NOT NULL DEFAULT 'done' CHECK (status IN ('done', 'refunded')),
  response    JSONB,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (kind, reference)
);

-- the sandbox provider's rounds: what the player's seed pair gave at which nonce
CREATE TABLE slot_sandbox_rounds (
  round_id      TEXT PRIMARY KEY,
  user_id       BIGINT NOT NULL REFERENCES users(id),
  game_code     TEXT NOT NULL,
  seed_pair_id  BIGINT NOT NULL REFERENCES seed_pairs(id),
  nonce         INTEGER NOT NULL,
  stake         BIGINT NOT NULL,
  payout        BIGINT NOT NULL,
  stops         JSONB NOT NULL,
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

INSERT INTO site_controls (name, enabled) VALUES ('slots', TRUE) ON CONFLICT DO NOTHING;
