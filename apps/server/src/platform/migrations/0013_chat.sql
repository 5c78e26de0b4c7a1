-- Live chat (issue 10): messages, per-sender slow-mode state, mutes and the operator's chat settings.

CREATE TABLE chat_settings (
  id                   BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (id),
  -- one message per user per this many ms
  slow_mode_ms         INTEGER NOT NULL DEFAULT 1500 CHECK (slow_mode_ms >= 0),
  -- the same text from the same user within this window is refused
  duplicate_window_ms  INTEGER NOT NULL DEFAULT 30000 CHECK (duplicate_window_ms >= 0),
  min_level            INTEGER NOT NULL DEFAULT 2 CHECK (min_level BETWEEN 1 AND 500),
  tip_min_level        INTEGER NOT NULL DEFAULT 15 CHECK (tip_min_level BETWEEN 1 AND 500),
  tip_min              BIGINT NOT NULL DEFAULT 100 CHECK (tip_min > 0),
  tip_max              BIGINT NOT NULL DEFAULT 10000 CHECK (tip_max >= tip_min)
);
INSERT INTO chat_settings DEFAULT VALUES;

CREATE TABLE chat_messages (
  id          BIGSERIAL PRIMARY KEY,
  user_id     BIGINT NOT NULL REFERENCES users(id),
  content     TEXT NOT NULL CHECK (char_length(content) BETWEEN 1 AND 200),
  created_at  TIMESTAMPTZ NOT NULL,
  deleted_at  TIMESTAMPTZ,
  deleted_by  BIGINT REFERENCES users(id)
);
CREATE INDEX chat_messages_live ON chat_messages (id DESC) WHERE deleted_at IS NULL;
CREATE INDEX chat_messages_user ON chat_messages (user_id, id DESC);

-- One row per user who has chatted: locked while a message is checked, so slow mode and the
-- duplicate check hold across nodes and parallel sends. last_at is epoch ms of the Clock.
CREATE TABLE chat_senders (
  user_id  BIGINT PRIMARY KEY REFERENCES users(id),
  last_at  BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE chat_mutes (
  user_id     BIGINT PRIMARY KEY REFERENCES users(id),
  until       TIMESTAMPTZ NOT NULL,
  muted_by    BIGINT REFERENCES users(id),
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
