-- Issue 31: staff notes on a player (the back office's player view). Written through the admin
-- route, which audits each one; never edited (a correction is a new note).
CREATE TABLE staff_notes (
  id          BIGSERIAL PRIMARY KEY,
  user_id     BIGINT NOT NULL REFERENCES users(id),
  author_id   BIGINT REFERENCES users(id),
  body        TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX staff_notes_user ON staff_notes (user_id, id);
