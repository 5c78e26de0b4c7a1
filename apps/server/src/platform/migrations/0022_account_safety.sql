-- Issue 16: account and player safety.

-- Two-factor authentication (TOTP, RFC 6238). totp_secret is set once enabled; totp_pending_secret
-- holds a secret shown as a QR code until a confirming code arrives. totp_last_step is the newest
-- time step accepted, so one code cannot be used twice.
ALTER TABLE users ADD COLUMN totp_secret TEXT;
ALTER TABLE users ADD COLUMN totp_pending_secret TEXT;
ALTER TABLE users ADD COLUMN totp_last_step BIGINT NOT NULL DEFAULT 0;

-- Ten one-time recovery codes per enabling, stored as SHA-256 (they are 50-bit random codes).
CREATE TABLE recovery_codes (
  user_id    BIGINT NOT NULL REFERENCES users(id),
  code_hash  TEXT NOT NULL,
  used_at    TIMESTAMPTZ,
  PRIMARY KEY (user_id, code_hash)
);

-- A sign-in code made after the second factor was checked (password login) says so; a code made
-- without it (Steam, a mailed sign-up link) asks for the second factor when it is exchanged.
ALTER TABLE one_time_codes ADD COLUMN second_factor BOOLEAN NOT NULL DEFAULT FALSE;

-- Sessions: what device, from where, last seen (the list of active sessions).
ALTER TABLE sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN ip TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN last_seen_at TIMESTAMPTZ NOT NULL DEFAULT now();
CREATE INDEX sessions_user_live ON sessions (user_id) WHERE revoked_at IS NULL;

-- Email verification: a registration mails a link; until it is opened the account can play but not
-- withdraw. Existing accounts, Steam accounts and the operator's are verified (the default).
ALTER TABLE users ADD COLUMN email_verified_at TIMESTAMPTZ DEFAULT now();
-- One-time codes for the verification link and the email change (its new address in payload).
ALTER TABLE one_time_codes DROP CONSTRAINT one_time_codes_purpose_check;
ALTER TABLE one_time_codes ADD CONSTRAINT one_time_codes_purpose_check
  CHECK (purpose IN ('login', 'reset', 'verify_email', 'change_email'));
ALTER TABLE one_time_codes ADD COLUMN payload TEXT;

-- Responsible gaming: one row per player who set a limit, a reality check or a break. Limits are
-- cents per UTC calendar day / ISO week (Monday) / month, NULL = none. The counters belong to the
-- window named by day_key / week_key / month_key and start again at 0 in a new one. Loss is stakes
-- minus what came back (it falls on wins and refunds; it may go below 0).
CREATE TABLE rg_state (
  user_id                BIGINT PRIMARY KEY REFERENCES users(id),
  blocked_until          TIMESTAMPTZ,
  block_kind             TEXT CHECK (block_kind IN ('cool_off', 'self_exclusion')),
  reality_check_minutes  INT CHECK (reality_check_minutes BETWEEN 5 AND 240),
  deposit_day   BIGINT CHECK (deposit_day >= 0),  deposit_week BIGINT CHECK (deposit_week >= 0),
  deposit_month BIGINT CHECK (deposit_month >= 0),
  loss_day      BIGINT CHECK (loss_day >= 0),     loss_week    BIGINT CHECK (loss_week >= 0),
  loss_month    BIGINT CHECK (loss_month >= 0),
  wager_day     BIGINT CHECK (wager_day >= 0),    wager_week   BIGINT CHECK (wager_week >= 0),
  wager_month   BIGINT CHECK (wager_month >= 0),
  day_key    DATE NOT NULL DEFAULT '1970-01-01',
  week_key   DATE NOT NULL DEFAULT '1970-01-01',
  month_key  DATE NOT NULL DEFAULT '1970-01-01',
  day_deposit BIGINT NOT NULL DEFAULT 0, week_deposit BIGINT NOT NULL DEFAULT 0, month_deposit BIGINT NOT NULL DEFAULT 0,
  day_loss    BIGINT NOT NULL DEFAULT 0, week_loss    BIGINT NOT NULL DEFAULT 0, month_loss    BIGINT NOT NULL DEFAULT 0,
  day_wager   BIGINT NOT NULL DEFAULT 0, week_wager   BIGINT NOT NULL DEFAULT 0, month_wager   BIGINT NOT NULL DEFAULT 0,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- A raised (or removed) limit waits 24 hours here; rg_take applies it once due.
CREATE TABLE rg_pending (
  user_id       BIGINT NOT NULL REFERENCES users(id),
  field         TEXT NOT NULL CHECK (field IN ('deposit_day', 'deposit_week', 'deposit_month', 'loss_day',
                  'loss_week', 'loss_month', 'wager_day', 'wager_week', 'wager_month')),
  amount        BIGINT CHECK (amount >= 0),
  effective_at  TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (user_id, field)
);

-- Applies a player's due raises (dynamic column names come only from rg_pending's CHECK list).
CREATE FUNCTION rg_apply_due(p_user BIGINT) RETURNS VOID LANGUAGE plpgsql VOLATILE AS $$
DECLARE p RECORD;
BEGIN
  FOR p IN DELETE FROM rg_pending WHERE user_id = p_user AND effective_at <= now() RETURNING field, amount LOOP
    EXECUTE format('UPDATE rg_state SET %I = $1, updated_at = now() WHERE user_id = $2', p.field)
      USING p.amount, p_user;
  END LOOP;
END $$;

-- The responsible-gaming guard of every money movement of play and deposit, called inside the
-- movement's own statement (wallet.ts). A player without a row: 'ok' at once. Otherwise the row is
-- locked (concurrent bets of one player queue here, so no limit is ever overshot), due raises are
-- applied, the windows roll, and a stake (p_stake > 0) or a deposit (p_deposit > 0) is refused with
-- the reason while a break runs or when it would pass a limit; a loss counts at most the stake, so a
-- bet is refused when stake + loss so far would pass the loss limit whatever its outcome. Credits
-- (p_stake = 0: wins, refunds) are never refused and only move the counters; so is a deposit that
-- already arrived (crypto), passed as a negative p_deposit: it counts, it cannot be refused.
CREATE FUNCTION rg_take(p_user BIGINT, p_stake BIGINT, p_loss BIGINT, p_wager BIGINT, p_deposit BIGINT)
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
    RETURN s.block_kind;
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

-- Age and region declared at registration (NULL: an original-client registration, which sends neither).
ALTER TABLE users ADD COLUMN birth_date DATE;
ALTER TABLE users ADD COLUMN region TEXT;
