-- Issue 33 item 2: a player's advanced-autobet strategies, per game, by name (the rules as JSON,
-- validated by packages/shared/src/autobet.ts before they are written).
CREATE TABLE autobet_strategies (
  id          BIGSERIAL PRIMARY KEY,
  user_id     BIGINT NOT NULL REFERENCES users(id),
  game        TEXT NOT NULL,
  name        TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
  rules       JSONB NOT NULL,
  updated_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (user_id, game, name)
);
