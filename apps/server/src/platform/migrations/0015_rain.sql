-- Rain (issue 10): a pot the house seeds and players tip into, opened for joining at the end of
-- each cycle and split equally among the joiners. Times are epoch ms of the Clock.

CREATE TABLE rain_settings (
  id              BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (id),
  every_ms        INTEGER NOT NULL DEFAULT 1800000 CHECK (every_ms >= 10000),
  join_window_ms  INTEGER NOT NULL DEFAULT 120000 CHECK (join_window_ms > 0),
  -- the house's seed of every pot, cents (200.00 coins per the terms)
  base_pot        BIGINT NOT NULL DEFAULT 20000 CHECK (base_pot >= 0),
  -- joining: a level above 1 (or KYC) and at least this much wagered, cents
  min_level       INTEGER NOT NULL DEFAULT 2 CHECK (min_level BETWEEN 1 AND 500),
  min_wager       BIGINT NOT NULL DEFAULT 500 CHECK (min_wager >= 0),
  -- /tip-rain
  tip_min_level   INTEGER NOT NULL DEFAULT 10 CHECK (tip_min_level BETWEEN 1 AND 500),
  tip_min         BIGINT NOT NULL DEFAULT 100 CHECK (tip_min > 0),
  tip_max         BIGINT NOT NULL DEFAULT 10000 CHECK (tip_max >= tip_min)
);
INSERT INTO rain_settings DEFAULT VALUES;

CREATE TABLE rains (
  id          BIGSERIAL PRIMARY KEY,
  status      TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid')),
  base        BIGINT NOT NULL CHECK (base >= 0),
  -- what the previous rain left over (its remainder, or its whole player-funded part when nobody joined)
  carried     BIGINT NOT NULL DEFAULT 0 CHECK (carried >= 0),
  tips        BIGINT NOT NULL DEFAULT 0 CHECK (tips >= 0),
  opens_at    BIGINT NOT NULL,
  closes_at   BIGINT NOT NULL CHECK (closes_at > opens_at),
  paid_at     BIGINT,
  joiners     INTEGER,
  share       BIGINT,
  -- cents not split (pot mod joiners), rolled into the next rain's pot
  remainder   BIGINT
);
-- at most one rain runs at a time
CREATE UNIQUE INDEX rains_one_open ON rains ((status)) WHERE status = 'open';

CREATE TABLE rain_joins (
  rain_id     BIGINT NOT NULL REFERENCES rains(id),
  user_id     BIGINT NOT NULL REFERENCES users(id),
  ip          TEXT NOT NULL,
  -- another joiner of the same rain came from the same address
  suspicious  BOOLEAN NOT NULL DEFAULT FALSE,
  created_at  BIGINT NOT NULL,
  PRIMARY KEY (rain_id, user_id)
);
CREATE INDEX rain_joins_ip ON rain_joins (rain_id, ip);
CREATE INDEX rain_joins_suspicious ON rain_joins (created_at DESC) WHERE suspicious;

-- KYC passed (the rain's level gate is waived); set by operators
CREATE TABLE kyc_verified (
  user_id      BIGINT PRIMARY KEY REFERENCES users(id),
  verified_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
