-- Issue 26 §7: why a session ended, kept on its row so that a later call with its token (a tab that
-- was asleep when its socket was told) learns it too. NULL while live, and for an expired session.
ALTER TABLE sessions ADD COLUMN end_reason TEXT
  CHECK (end_reason IN ('signed_out', 'revoked', 'password_changed', 'expired', 'banned', 'invalid'));
-- Sessions revoked before this migration: the reason is not known any more.
UPDATE sessions SET end_reason = 'invalid' WHERE revoked_at IS NOT NULL;

-- Issue 26 §8: the reality check's clock is the session's. ledger_mark is the player's newest ledger
-- id when the session began: the session's net result is the sum of the player's game rows after it
-- (ids, not times, so the test clock and the database clock never have to agree). reality_acked_at
-- is when a tab of the session answered the reminder: every due point up to it is answered.
ALTER TABLE sessions ADD COLUMN ledger_mark BIGINT NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN reality_acked_at TIMESTAMPTZ;
UPDATE sessions s SET ledger_mark = coalesce(
  (SELECT max(l.id) FROM ledger_entries l WHERE l.user_id = s.user_id AND l.created_at < s.created_at), 0)
WHERE s.revoked_at IS NULL;

-- When the player last set the reality check (a new interval starts its clock again) and the
-- player's newest ledger id then.
ALTER TABLE rg_state ADD COLUMN reality_check_set_at TIMESTAMPTZ;
ALTER TABLE rg_state ADD COLUMN reality_check_ledger_mark BIGINT;
