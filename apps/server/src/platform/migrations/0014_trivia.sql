-- Trivia (issue 10): an admin's question answered in chat. The first winner_amount correct answers
-- win prize each. Times are epoch ms of the Clock (like chat_senders.last_at).

CREATE TABLE trivias (
  id             BIGSERIAL PRIMARY KEY,
  question       TEXT NOT NULL CHECK (char_length(question) BETWEEN 1 AND 200),
  -- stored trimmed and lower-cased; never sent to a client before the trivia ends
  answer         TEXT NOT NULL CHECK (char_length(answer) BETWEEN 1 AND 200),
  prize          BIGINT NOT NULL CHECK (prize > 0),
  winner_amount  INTEGER NOT NULL CHECK (winner_amount BETWEEN 1 AND 1000),
  winners_count  INTEGER NOT NULL DEFAULT 0 CHECK (winners_count >= 0 AND winners_count <= winner_amount),
  -- countdown → active (question out, answers taken) → ended
  status         TEXT NOT NULL CHECK (status IN ('countdown', 'active', 'ended')),
  created_by     BIGINT REFERENCES users(id),
  created_at     BIGINT NOT NULL,
  starts_at      BIGINT NOT NULL,
  expires_at     BIGINT NOT NULL,
  ended_at       BIGINT
);
-- at most one trivia runs at a time
CREATE UNIQUE INDEX trivias_one_open ON trivias ((TRUE)) WHERE status <> 'ended';

-- one row per winner: a user wins a trivia at most once, on every node
CREATE TABLE trivia_winners (
  trivia_id   BIGINT NOT NULL REFERENCES trivias(id),
  user_id     BIGINT NOT NULL REFERENCES users(id),
  position    INTEGER NOT NULL,
  created_at  BIGINT NOT NULL,
  PRIMARY KEY (trivia_id, user_id),
  UNIQUE (trivia_id, position)
);
