-- The weekly wager race (issue 11 items 1–3; docs/decisions.md "Issue 11: weekly race"). Times are
-- epoch ms of the Clock (like trivias and giveaways); money in cents.

CREATE TABLE races (
  id          BIGSERIAL PRIMARY KEY,
  prize       BIGINT NOT NULL CHECK (prize > 0),
  -- scheduled (an admin's race waiting for the current one to end) → active → paid
  status      TEXT NOT NULL CHECK (status IN ('scheduled', 'active', 'paid')),
  starts_at   BIGINT NOT NULL,
  ends_at     BIGINT NOT NULL,
  -- the admin who created it; NULL for a weekly race that started by itself
  created_by  BIGINT REFERENCES users(id),
  created_at  BIGINT NOT NULL,
  paid_at     BIGINT
);
-- at most one race runs, and at most one waits
CREATE UNIQUE INDEX races_one_active ON races ((TRUE)) WHERE status = 'active';
CREATE UNIQUE INDEX races_one_scheduled ON races ((TRUE)) WHERE status = 'scheduled';

-- Entry value per player: the bet engine's statement adds each single-player stake here (one upsert
-- on this key). No foreign key to races: its check would share-lock the one active race row from
-- every bet. value is not indexed, so the upsert stays a HOT update.
CREATE TABLE race_entries (
  race_id  BIGINT NOT NULL,
  user_id  BIGINT NOT NULL,
  value    BIGINT NOT NULL CHECK (value >= 0),
  PRIMARY KEY (race_id, user_id)
) WITH (fillfactor = 80);

-- Settled stakes of refundable games (coinflip, battles, crash, roulette), written by accrueSettled
-- with their rake accrual (once per stake_key) and folded into race_entries by the leader. Inserts
-- only, so a settlement never waits on a race_entries row a bet holds (no lock cycle).
CREATE TABLE race_pending (
  stake_key  TEXT PRIMARY KEY,
  race_id    BIGINT NOT NULL,
  user_id    BIGINT NOT NULL,
  stake      BIGINT NOT NULL CHECK (stake > 0)
);
CREATE INDEX race_pending_race ON race_pending (race_id);

-- What a race paid, place by place (written once, with the payout, by the leader).
CREATE TABLE race_payouts (
  race_id  BIGINT NOT NULL REFERENCES races(id),
  place    INTEGER NOT NULL CHECK (place BETWEEN 1 AND 10),
  user_id  BIGINT NOT NULL REFERENCES users(id),
  value    BIGINT NOT NULL CHECK (value > 0),
  amount   BIGINT NOT NULL CHECK (amount >= 0),
  PRIMARY KEY (race_id, place),
  UNIQUE (race_id, user_id)
);
