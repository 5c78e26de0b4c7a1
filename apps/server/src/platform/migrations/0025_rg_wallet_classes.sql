-- Issue 26 item 2: responsible gaming is a rule of the wallet. Every ledger kind has a class
-- (platform/wallet.ts LEDGER_CLASSES); stakes go through rg_take as before, and promotional credits
-- and tips through rg_hold below, in the statement that moves the money.

-- The history of breaks, so ledger:check can tell whether a credit was written during one. A row per
-- start or lengthening of a break (rg_state.blocked_until set or moved), written by the trigger below:
-- the player was on a break over the union of [started_at, ends_at) of their rows. started_at is the
-- clock when the row lock of rg_state was held (clock_timestamp in the trigger), so a credit whose
-- statement held that lock first (rg_hold, rg_take) commits before the break's start.
CREATE TABLE rg_breaks (
  id          BIGSERIAL PRIMARY KEY,
  user_id     BIGINT NOT NULL REFERENCES users(id),
  kind        TEXT NOT NULL CHECK (kind IN ('cool_off', 'self_exclusion')),
  started_at  TIMESTAMPTZ NOT NULL,
  ends_at     TIMESTAMPTZ NOT NULL
);
CREATE INDEX rg_breaks_user ON rg_breaks (user_id, started_at);

CREATE FUNCTION rg_breaks_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.blocked_until IS NOT NULL AND NEW.block_kind IS NOT NULL AND NEW.blocked_until > clock_timestamp()
     AND (TG_OP = 'INSERT' OR OLD.blocked_until IS DISTINCT FROM NEW.blocked_until
          OR OLD.block_kind IS DISTINCT FROM NEW.block_kind) THEN
    INSERT INTO rg_breaks (user_id, kind, started_at, ends_at)
    VALUES (NEW.user_id, NEW.block_kind, clock_timestamp(), NEW.blocked_until);
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER rg_state_breaks AFTER INSERT OR UPDATE ON rg_state
  FOR EACH ROW EXECUTE FUNCTION rg_breaks_record();

-- Breaks running at the upgrade: their start is not known; the row's last change is the latest it
-- can have been (so the check never flags a credit from before the break).
INSERT INTO rg_breaks (user_id, kind, started_at, ends_at)
SELECT user_id, block_kind, updated_at, blocked_until FROM rg_state
WHERE blocked_until > now() AND block_kind IS NOT NULL;

-- What a refusal for a break says: the kind and its end, 'cool_off@2026-11-27T14:00:00Z' (or
-- 'self_exclusion@infinity'); wallet.ts rgRefusal turns it into the sentence.
CREATE FUNCTION rg_break_reason(p_kind TEXT, p_until TIMESTAMPTZ) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT p_kind || '@' || CASE WHEN p_until = 'infinity'::timestamptz THEN 'infinity'
    ELSE to_char(p_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') END
$$;

-- The one definition of "on a break now": the reason, or NULL. No lock (joins ask it before they
-- write; the money itself is guarded by rg_hold / rg_take in its own statement).
CREATE FUNCTION rg_break(p_user BIGINT) RETURNS TEXT LANGUAGE sql STABLE AS $$
  SELECT rg_break_reason(block_kind, blocked_until) FROM rg_state
  WHERE user_id = p_user AND blocked_until IS NOT NULL AND blocked_until > now() AND block_kind IS NOT NULL
$$;

-- The guard of a promotional credit or a tip (either side): the player's rg_state row is locked (so a
-- break cannot start before this movement commits, and the break history stays exact) and the
-- movement is refused while a break runs. A player without a row: 'ok' at once.
CREATE FUNCTION rg_hold(p_user BIGINT) RETURNS TEXT LANGUAGE plpgsql VOLATILE AS $$
DECLARE s rg_state%ROWTYPE;
BEGIN
  SELECT * INTO s FROM rg_state WHERE user_id = p_user FOR UPDATE;
  IF NOT FOUND THEN RETURN 'ok'; END IF;
  IF s.blocked_until IS NOT NULL AND s.blocked_until > now() AND s.block_kind IS NOT NULL THEN
    RETURN rg_break_reason(s.block_kind, s.blocked_until);
  END IF;
  RETURN 'ok';
END $$;

-- rg_take as in 0022, but a break's refusal carries its end (rg_break_reason).
CREATE OR REPLACE FUNCTION rg_take(p_user BIGINT, p_stake BIGINT, p_loss BIGINT, p_wager BIGINT, p_deposit BIGINT)
RETURNS TEXT LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  t TIMESTAMP := now() AT TIME ZONE 'UTC';
  d DATE := t::date;
  w DATE := date_trunc('week', t)::date;
  m DATE := date_trunc('month', t)::date;
  s rg_state%ROWTYPE;
BEGIN
  SELECT * INTO s FROM rg_state WHERE user_id = p_user FOR UPDATE;
  IF NOT FOUND THEN RETURN 'ok'; END IF;
  IF EXISTS (SELECT 1 FROM rg_pending WHERE user_id = p_user AND effective_at <= now()) THEN
    PERFORM rg_apply_due(p_user);
    SELECT * INTO s FROM rg_state WHERE user_id = p_user;
  END IF;
  IF s.day_key <> d THEN s.day_deposit := 0; s.day_loss := 0; s.day_wager := 0; END IF;
  IF s.week_key <> w THEN s.week_deposit := 0; s.week_loss := 0; s.week_wager := 0; END IF;
  IF s.month_key <> m THEN s.month_deposit := 0; s.month_loss := 0; s.month_wager := 0; END IF;
  IF (p_stake > 0 OR p_deposit > 0) AND s.blocked_until IS NOT NULL AND s.blocked_until > now() THEN
    RETURN rg_break_reason(s.block_kind, s.blocked_until);
  END IF;
  IF p_stake > 0 THEN
    IF s.loss_day IS NOT NULL AND s.day_loss + p_stake > s.loss_day THEN RETURN 'loss_day'; END IF;
    IF s.loss_week IS NOT NULL AND s.week_loss + p_stake > s.loss_week THEN RETURN 'loss_week'; END IF;
    IF s.loss_month IS NOT NULL AND s.month_loss + p_stake > s.loss_month THEN RETURN 'loss_month'; END IF;
    IF s.wager_day IS NOT NULL AND s.day_wager + p_stake > s.wager_day THEN RETURN 'wager_day'; END IF;
    IF s.wager_week IS NOT NULL AND s.week_wager + p_stake > s.wager_week THEN RETURN 'wager_week'; END IF;
    IF s.wager_month IS NOT NULL AND s.month_wager + p_stake > s.wager_month THEN RETURN 'wager_month'; END IF;
  END IF;
  IF p_deposit > 0 THEN
    IF s.deposit_day IS NOT NULL AND s.day_deposit + p_deposit > s.deposit_day THEN RETURN 'deposit_day'; END IF;
    IF s.deposit_week IS NOT NULL AND s.week_deposit + p_deposit > s.deposit_week THEN RETURN 'deposit_week'; END IF;
    IF s.deposit_month IS NOT NULL AND s.month_deposit + p_deposit > s.deposit_month THEN RETURN 'deposit_month'; END IF;
  END IF;
  UPDATE rg_state SET
    day_key = d, week_key = w, month_key = m,
    day_deposit = s.day_deposit + abs(p_deposit), week_deposit = s.week_deposit + abs(p_deposit),
    month_deposit = s.month_deposit + abs(p_deposit),
    day_loss = s.day_loss + p_loss, week_loss = s.week_loss + p_loss, month_loss = s.month_loss + p_loss,
    day_wager = s.day_wager + p_wager, week_wager = s.week_wager + p_wager, month_wager = s.month_wager + p_wager
  WHERE user_id = p_user;
  RETURN 'ok';
END $$;
