-- Giveaways (issue 10 item 5): an admin's prize drawn among the players who joined, provably fairly
-- (docs/decisions.md "Giveaways"). Times are epoch ms of the Clock (like trivias).

CREATE TABLE giveaways (
  id                BIGSERIAL PRIMARY KEY,
  prize             BIGINT NOT NULL CHECK (prize > 0),
  -- the entry rule: cents wagered in the last 7 days
  min_wager         BIGINT NOT NULL DEFAULT 0 CHECK (min_wager >= 0),
  -- 32 random bytes, hex; never sent to a client before the draw
  server_seed       TEXT NOT NULL,
  server_seed_hash  TEXT NOT NULL,
  -- set at the draw: SHA-256 of the entry list, the winning position and user
  public_seed       TEXT,
  winner_index      INTEGER,
  winner_id         BIGINT REFERENCES users(id),
  entries_count     INTEGER NOT NULL DEFAULT 0 CHECK (entries_count >= 0),
  -- open (taking entries) → drawn (paid, or ended without entries)
  status            TEXT NOT NULL CHECK (status IN ('open', 'drawn')),
  created_by        BIGINT REFERENCES users(id),
  created_at        BIGINT NOT NULL,
  ends_at           BIGINT NOT NULL,
  drawn_at          BIGINT
);
-- at most one giveaway runs at a time
CREATE UNIQUE INDEX giveaways_one_open ON giveaways ((TRUE)) WHERE status = 'open';

-- one entry per account per giveaway; position = join order (1-based), the draw's list order
CREATE TABLE giveaway_entries (
  giveaway_id  BIGINT NOT NULL REFERENCES giveaways(id),
  user_id      BIGINT NOT NULL REFERENCES users(id),
  position     INTEGER NOT NULL,
  created_at   BIGINT NOT NULL,
  PRIMARY KEY (giveaway_id, user_id),
  UNIQUE (giveaway_id, position)
);
