-- Live round games: the hash chains behind crash and roulette, their rounds and round bets, the
-- crash bet queue, and coinflips. Money columns are BIGINT cents; every balance change of these
-- games is a ledger row (kinds bet, win, bet_refund) with a unique idempotency key.

-- One bustabit-style chain per game (fairness.md §2). The secret and the checkpoints stay on the
-- server: a checkpoint h_k lets anyone compute every seed of the games n ≤ L − k.
CREATE TABLE round_chains (
  id                BIGSERIAL PRIMARY KEY,
  game              TEXT NOT NULL CHECK (game IN ('crash', 'roulette')),
  -- 'next' is generated ahead so a used-up chain is replaced without a pause
  status            TEXT NOT NULL CHECK (status IN ('current', 'next', 'used')),
  secret            TEXT NOT NULL,
  length            INTEGER NOT NULL CHECK (length > 0),
  checkpoint_every  INTEGER NOT NULL CHECK (checkpoint_every > 0),
  terminal_hash     TEXT NOT NULL,
  -- the salt is the id of this beacon block, announced when the chain is published
  salt_block        BIGINT NOT NULL,
  salt              TEXT,
  created_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX round_chains_one_current ON round_chains (game) WHERE status = 'current';
CREATE UNIQUE INDEX round_chains_one_next ON round_chains (game) WHERE status = 'next';

-- h_0, h_every, h_2·every, …: a round's seed is a lookup plus fewer than `every` hashes.
CREATE TABLE round_chain_checkpoints (
  chain_id  BIGINT NOT NULL REFERENCES round_chains(id),
  idx       INTEGER NOT NULL,
  hash      TEXT NOT NULL,
  PRIMARY KEY (chain_id, idx)
);

CREATE TABLE rounds (
  id               BIGSERIAL PRIMARY KEY,
  game             TEXT NOT NULL CHECK (game IN ('crash', 'roulette')),
  chain_id         BIGINT NOT NULL REFERENCES round_chains(id),
  game_number      INTEGER NOT NULL CHECK (game_number > 0),
  private_hash     TEXT NOT NULL,
  -- secret until the round is over (crash) or rolled (roulette)
  private_seed     TEXT NOT NULL,
  public_seed      TEXT NOT NULL,
  -- crash point in hundredths, or the roulette slot; secret like the seed it comes from
  result           BIGINT NOT NULL,
  status           TEXT NOT NULL CHECK (status IN ('betting', 'running', 'over', 'refunded')),
  betting_ends_at  TIMESTAMPTZ NOT NULL,
  started_at       TIMESTAMPTZ,
  -- crash: started_at + the curve's time to the crash point; a cash-out counts only before it
  crash_at         TIMESTAMPTZ,
  ended_at         TIMESTAMPTZ,
  created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (chain_id, game_number)
);
-- one open round per game, whichever node (leader) opened it
CREATE UNIQUE INDEX rounds_one_open ON rounds (game) WHERE status IN ('betting', 'running');
CREATE INDEX rounds_recent ON rounds (game, id DESC);

CREATE TABLE round_bets (
  id            BIGSERIAL PRIMARY KEY,
  round_id      BIGINT NOT NULL REFERENCES rounds(id),
  game          TEXT NOT NULL CHECK (game IN ('crash', 'roulette')),
  user_id       BIGINT NOT NULL REFERENCES users(id),
  amount        BIGINT NOT NULL CHECK (amount > 0),
  -- roulette: the colour bet on
  color         TEXT CHECK (color IN ('red', 'green', 'black')),
  -- crash: where the server cashes the bet out (the player's target, capped by the max profit)
  auto_cashout  BIGINT CHECK (auto_cashout >= 101),
  status        TEXT NOT NULL DEFAULT 'active'
                CHECK (status IN ('active', 'cashed', 'won', 'lost', 'refunded')),
  -- crash: the multiplier paid, in hundredths
  cashout       BIGINT,
  payout        BIGINT NOT NULL DEFAULT 0 CHECK (payout >= 0),
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
  settled_at    TIMESTAMPTZ
);
-- one crash bet per player per round (roulette takes several, on any colours)
CREATE UNIQUE INDEX round_bets_one_crash ON round_bets (round_id, user_id) WHERE game = 'crash';
CREATE INDEX round_bets_round ON round_bets (round_id, id);
CREATE INDEX round_bets_user ON round_bets (user_id, game, id DESC);

-- Crash bets sent while betting was closed, placed when the next round opens (one per player).
CREATE TABLE round_bet_queue (
  game          TEXT NOT NULL CHECK (game IN ('crash')),
  user_id       BIGINT NOT NULL REFERENCES users(id),
  amount        BIGINT NOT NULL CHECK (amount > 0),
  auto_cashout  BIGINT,
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (game, user_id)
);

-- Coinflip: a player creates a flip (amount, side); another player joins with the same amount, or
-- the creator calls the bot (the house). The server seed is committed at creation, the EOS block
-- is fixed when the second seat fills, and the block id decides (fairness.md §2).
CREATE TABLE coinflips (
  id                BIGSERIAL PRIMARY KEY,
  creator_id        BIGINT NOT NULL REFERENCES users(id),
  creator_side      TEXT NOT NULL CHECK (creator_side IN ('heads', 'tails')),
  amount            BIGINT NOT NULL CHECK (amount > 0),
  opponent_id       BIGINT REFERENCES users(id),
  opponent_is_bot   BOOLEAN NOT NULL DEFAULT FALSE,
  server_seed       TEXT NOT NULL,
  server_seed_hash  TEXT NOT NULL,
  block_number      BIGINT,
  block_id          TEXT,
  roll              INTEGER,
  winner_side       TEXT CHECK (winner_side IN ('heads', 'tails')),
  -- null when the bot won
  winner_id         BIGINT REFERENCES users(id),
  payout            BIGINT NOT NULL DEFAULT 0 CHECK (payout >= 0),
  status            TEXT NOT NULL CHECK (status IN ('open', 'waiting', 'finished', 'cancelled')),
  created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
  joined_at         TIMESTAMPTZ,
  finished_at       TIMESTAMPTZ,
  CHECK (opponent_id IS NULL OR opponent_id <> creator_id)
);
CREATE INDEX coinflips_open ON coinflips (id DESC) WHERE status IN ('open', 'waiting');
CREATE INDEX coinflips_recent ON coinflips (finished_at DESC) WHERE status = 'finished';
CREATE INDEX coinflips_creator ON coinflips (creator_id, id DESC);
CREATE INDEX coinflips_opponent ON coinflips (opponent_id, id DESC);
