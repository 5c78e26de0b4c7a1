-- Issue 31: the back office's figures. Every row here is recomputed from ledger_entries (and the
-- bets tables, for the game and the stake of a win) by the leader every minute (backoffice/
-- stats.rollup.ts): the open days are deleted and written again, closed days stay. Nothing here is
-- a side counter: dropping these tables and running the rollup once rebuilds them.

-- Per UTC hour, per game ('' for a movement of no game), per ledger kind: the sum of the deltas.
CREATE TABLE stats_hours (
  hour            TIMESTAMPTZ NOT NULL,
  game            TEXT NOT NULL,
  kind            TEXT NOT NULL,
  amount          BIGINT NOT NULL,
  entries         BIGINT NOT NULL,
  -- sum of delta² (stakes and wins): the spread of the realised RTP (docs/decisions/back-office.md)
  sq              DOUBLE PRECISION NOT NULL DEFAULT 0,
  -- wins only: the largest win / its bet's stake
  max_multiplier  DOUBLE PRECISION,
  PRIMARY KEY (hour, game, kind)
);

-- The daily report: per UTC day and ledger kind, the hours summed (windows of days read these).
CREATE TABLE stats_day_kinds (
  day      DATE NOT NULL,
  kind     TEXT NOT NULL,
  amount   BIGINT NOT NULL,
  entries  BIGINT NOT NULL,
  PRIMARY KEY (day, kind)
);

-- Per UTC hour: the players who staked (distinct), for the hourly charts.
CREATE TABLE stats_hour_players (
  hour     TIMESTAMPTZ PRIMARY KEY,
  players  BIGINT NOT NULL
);

-- Per UTC day, per player, per game, per kind: the player view and every distinct count.
CREATE TABLE stats_player_days (
  day      DATE NOT NULL,
  user_id  BIGINT NOT NULL,
  game     TEXT NOT NULL,
  kind     TEXT NOT NULL,
  amount   BIGINT NOT NULL,
  entries  BIGINT NOT NULL,
  PRIMARY KEY (day, user_id, game, kind)
);
CREATE INDEX stats_player_days_user ON stats_player_days (user_id, day);
CREATE INDEX stats_player_days_stakers ON stats_player_days (day, user_id) WHERE kind = 'bet';

-- Each player's last UTC day with a stake, per game and for any game (game '').
CREATE TABLE stats_player_last (
  user_id   BIGINT NOT NULL,
  game      TEXT NOT NULL,
  last_day  DATE NOT NULL,
  PRIMARY KEY (user_id, game)
);
-- How many players have each day as their last day with a stake, per game ('' any game): the
-- players of a window that ends today are a sum over its days.
CREATE TABLE stats_last_days (
  game      TEXT NOT NULL,
  last_day  DATE NOT NULL,
  players   BIGINT NOT NULL,
  PRIMARY KEY (game, last_day)
);

-- Per UTC day: the distinct counts and the day's net ledger movement (liabilities = their sum).
CREATE TABLE stats_days (
  day               DATE PRIMARY KEY,
  active_players    BIGINT NOT NULL,
  new_players       BIGINT NOT NULL,
  first_depositors  BIGINT NOT NULL,
  net               BIGINT NOT NULL
);

-- Per UTC day and game: its five biggest wins (ledger rows; ref links a bets-table win to its bet).
CREATE TABLE stats_top_wins (
  day        DATE NOT NULL,
  game       TEXT NOT NULL,
  ledger_id  BIGINT NOT NULL,
  user_id    BIGINT NOT NULL,
  amount     BIGINT NOT NULL,
  bet_id     BIGINT,
  at         TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (day, game, ledger_id)
);

-- Each player's first deposit (the ledger's first 'deposit' row).
CREATE TABLE stats_first_deposits (
  user_id   BIGINT PRIMARY KEY,
  first_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX stats_first_deposits_at ON stats_first_deposits (first_at);

-- What the rollup had seen: every ledger id <= max_id was assigned before taken_at, so the rows of
-- a day starting after taken_at all have larger ids (the next run scans from there by primary key).
CREATE TABLE stats_marks (
  taken_at  TIMESTAMPTZ PRIMARY KEY,
  max_id    BIGINT NOT NULL
);

-- The ledger check the leader runs on a schedule (the health tile shows the last ones).
CREATE TABLE stats_health (
  id        BIGSERIAL PRIMARY KEY,
  ran_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
  ok        BOOLEAN NOT NULL,
  summary   TEXT NOT NULL,
  problems  JSONB NOT NULL DEFAULT '[]'
);

-- The operator's switches of the back office (one row).
CREATE TABLE backoffice_settings (
  id                    BOOLEAN PRIMARY KEY DEFAULT true CHECK (id),
  transparency_enabled  BOOLEAN NOT NULL DEFAULT true
);
INSERT INTO backoffice_settings (id) VALUES (true);

-- The player view's search: a name or an email by its beginning, without reading every user.
CREATE INDEX IF NOT EXISTS users_username_prefix ON users (lower(username) text_pattern_ops);
CREATE INDEX IF NOT EXISTS users_email_prefix ON users (lower(email) text_pattern_ops);

-- New players per day without reading every user.
CREATE INDEX IF NOT EXISTS users_created_at ON users (created_at);
