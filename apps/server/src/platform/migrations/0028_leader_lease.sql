-- Issue 26 item 9: the leader lease. The node holding the leader advisory lock also holds this row:
-- a term (bumped by every node that becomes leader) and a heartbeat the leader renews on its lock
-- connection. A follower that finds the heartbeat older than the lease bound ends the holder's lock
-- session (lock_pid), so a stalled leader is replaced; the leader loops' transactions check the
-- term (FOR SHARE of this row), so a stalled leader that wakes up after losing it writes nothing.
CREATE TABLE leader_lease (
  id SMALLINT PRIMARY KEY CHECK (id = 1),
  term BIGINT NOT NULL,
  holder TEXT,
  lock_pid INTEGER,
  heartbeat_at TIMESTAMPTZ
);
INSERT INTO leader_lease (id, term) VALUES (1, 0);

-- The multiplier (hundredths) of the last crash tick the leader broadcast; alive_at is the round
-- time of that tick (started_at + its elapsed ms). A cash-out received while no tick has been shown
-- for longer than the gap bound is paid at this multiplier, never by the server's time.
ALTER TABLE rounds ADD COLUMN shown_multiplier INTEGER;
