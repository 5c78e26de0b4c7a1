-- Cases (catalogue, opening, the daily case), case battles, and the sandbox EOS chain.
-- Money columns are BIGINT cents.

CREATE TABLE cases (
  id          BIGSERIAL PRIMARY KEY,
  slug        TEXT NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,47}$'),
  name        TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  price       BIGINT NOT NULL CHECK (price >= 0),
  image       TEXT NOT NULL,
  -- 'paid': opened for its price and used in battles; 'daily': the free daily case;
  -- 'level': the rewards page's level cases (shown locked)
  kind        TEXT NOT NULL DEFAULT 'paid' CHECK (kind IN ('paid', 'daily', 'level')),
  active      BOOLEAN NOT NULL DEFAULT TRUE,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK (kind <> 'paid' OR price > 0)
);

-- The loot table. That the ranges tile 1..100000 exactly is checked by the service on every save
-- (a constraint cannot see the other rows); the bounds of each row are checked here.
CREATE TABLE case_items (
  id             BIGSERIAL PRIMARY KEY,
  case_id        BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
  name           TEXT NOT NULL,
  price          BIGINT NOT NULL CHECK (price > 0),
  color          TEXT NOT NULL CHECK (color IN ('grey', 'blue', 'purple', 'red', 'gold')),
  image          TEXT NOT NULL,
  tickets_start  INTEGER NOT NULL CHECK (tickets_start BETWEEN 1 AND 100000),
  tickets_end    INTEGER NOT NULL CHECK (tickets_end BETWEEN 1 AND 100000),
  CHECK (tickets_start <= tickets_end)
);
CREATE INDEX case_items_case ON case_items (case_id, tickets_start);

-- One row per account: the upsert that moves last_open_at is the once-per-24-hours guard.
CREATE TABLE daily_case_claims (
  user_id       BIGINT PRIMARY KEY REFERENCES users(id),
  last_open_at  TIMESTAMPTZ NOT NULL
);

-- Free opens (the daily case): no stake, so not bets; kept to re-derive and to show history.
CREATE TABLE free_case_opens (
  id            BIGSERIAL PRIMARY KEY,
  user_id       BIGINT NOT NULL REFERENCES users(id),
  case_id       BIGINT NOT NULL REFERENCES cases(id),
  seed_pair_id  BIGINT NOT NULL REFERENCES seed_pairs(id),
  nonce         INTEGER NOT NULL,
  ticket        INTEGER NOT NULL CHECK (ticket BETWEEN 1 AND 100000),
  item          JSONB NOT NULL,
  payout        BIGINT NOT NULL CHECK (payout > 0),
  opened_at     TIMESTAMPTZ NOT NULL
);
CREATE INDEX free_case_opens_user ON free_case_opens (user_id, id DESC);

CREATE TABLE battles (
  id                TEXT PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  creator_id        BIGINT NOT NULL REFERENCES users(id),
  -- 1 waiting for players, 2 running, 3 finished, 4 refunded (could not finish; hidden from lists)
  status            SMALLINT NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3, 4)),
  -- 1 = 1v1, 2 = 1v1v1, 3 = 1v1v1v1, 4 = 2v2
  game_type         SMALLINT NOT NULL CHECK (game_type BETWEEN 1 AND 4),
  crazy             BOOLEAN NOT NULL,
  seat_count        SMALLINT NOT NULL CHECK (seat_count BETWEEN 2 AND 4),
  -- the cost of one seat: the sum of the cases' prices
  price             BIGINT NOT NULL CHECK (price > 0),
  -- the cases with their loot tables as they were at creation, in round order
  cases             JSONB NOT NULL,
  round_count       SMALLINT NOT NULL CHECK (round_count >= 1),
  server_seed       TEXT NOT NULL,
  server_seed_hash  TEXT NOT NULL,
  block_number      BIGINT,
  block_id          TEXT,
  rounds_revealed   SMALLINT NOT NULL DEFAULT 0,
  -- clock ms at which the loop's next step is due (choose the block, reveal a round, finish)
  next_step_at      BIGINT,
  -- clock ms of creation and of the lock (last seat filled), for expiry and the block wait limit
  created_ms        BIGINT NOT NULL,
  locked_ms         BIGINT,
  result            JSONB,
  created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
  finished_at       TIMESTAMPTZ,
  CHECK (rounds_revealed BETWEEN 0 AND round_count)
);
CREATE INDEX battles_live ON battles (status, created_ms DESC) WHERE status IN (1, 2);

CREATE TABLE battle_seats (
  battle_id  TEXT NOT NULL REFERENCES battles(id),
  seat       SMALLINT NOT NULL CHECK (seat BETWEEN 1 AND 4),
  -- NULL: a bot, funded by the house, whose winnings the house keeps
  user_id    BIGINT REFERENCES users(id),
  bet_id     BIGINT REFERENCES bets(id),
  payout     BIGINT NOT NULL DEFAULT 0 CHECK (payout >= 0),
  joined_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (battle_id, seat),
  CHECK ((user_id IS NULL) = (bet_id IS NULL))
);
-- one seat per player per battle
CREATE UNIQUE INDEX battle_seats_one_per_user ON battle_seats (battle_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX battle_seats_user ON battle_seats (user_id) WHERE user_id IS NOT NULL;

-- Revealed rounds: the primary key makes a round's reveal happen once whichever node leads.
CREATE TABLE battle_rounds (
  battle_id    TEXT NOT NULL REFERENCES battles(id),
  round        SMALLINT NOT NULL CHECK (round >= 1),
  drops        JSONB NOT NULL,
  revealed_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (battle_id, round)
);

-- The sandbox beacon's block ids, drawn at first read after the block is final.
CREATE TABLE eos_sandbox_blocks (
  block_num   BIGINT PRIMARY KEY,
  block_id    TEXT NOT NULL CHECK (block_id ~ '^[0-9a-f]{64}$'),
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
