-- Platform: accounts, sessions, wallet ledger, site controls, admin audit log.
-- Money columns are BIGINT cents.

CREATE TABLE users (
  id            BIGSERIAL PRIMARY KEY,
  username      TEXT NOT NULL,
  email         TEXT,
  password_hash TEXT,
  steam_id      TEXT UNIQUE,
  avatar        TEXT NOT NULL DEFAULT '',
  rank          SMALLINT NOT NULL DEFAULT 1,
  balance       BIGINT NOT NULL DEFAULT 0 CONSTRAINT balance_not_negative CHECK (balance >= 0),
  wager         BIGINT NOT NULL DEFAULT 0 CHECK (wager >= 0),
  banned        BOOLEAN NOT NULL DEFAULT FALSE,
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_ci ON users (lower(username));
CREATE UNIQUE INDEX users_email_ci ON users (lower(email));

CREATE TABLE sessions (
  id          BIGSERIAL PRIMARY KEY,
  user_id     BIGINT NOT NULL REFERENCES users(id),
  token_hash  TEXT NOT NULL UNIQUE,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at  TIMESTAMPTZ NOT NULL,
  revoked_at  TIMESTAMPTZ
);
CREATE INDEX sessions_user ON sessions (user_id);

-- One-time codes: the login redirect code (60 s) and the password reset code (15 min).
CREATE TABLE one_time_codes (
  code_hash   TEXT PRIMARY KEY,
  purpose     TEXT NOT NULL CHECK (purpose IN ('login', 'reset')),
  user_id     BIGINT NOT NULL REFERENCES users(id),
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at  TIMESTAMPTZ NOT NULL,
  used_at     TIMESTAMPTZ
);
CREATE INDEX one_time_codes_user ON one_time_codes (user_id, purpose);

CREATE TABLE ledger_entries (
  id               BIGSERIAL PRIMARY KEY,
  user_id          BIGINT NOT NULL REFERENCES users(id),
  delta            BIGINT NOT NULL CHECK (delta <> 0),
  balance_after    BIGINT NOT NULL CHECK (balance_after >= 0),
  kind             TEXT NOT NULL,
  ref              TEXT,
  idempotency_key  TEXT NOT NULL UNIQUE,
  created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_user ON ledger_entries (user_id, id);

-- The ledger is append-only: the database refuses edits and deletions.
CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only';
END $$;
CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();

CREATE TABLE site_controls (
  name     TEXT PRIMARY KEY,
  enabled  BOOLEAN NOT NULL
);
INSERT INTO site_controls (name, enabled) VALUES
  ('maintenance', FALSE), ('login', TRUE), ('deposits', TRUE), ('withdraws', TRUE),
  ('coinflip', TRUE), ('battles', TRUE), ('roulette', TRUE), ('crash', TRUE);

CREATE TABLE admin_audit_log (
  id          BIGSERIAL PRIMARY KEY,
  admin_id    BIGINT REFERENCES users(id),
  action      TEXT NOT NULL,
  target      TEXT,
  details     JSONB NOT NULL DEFAULT '{}'::jsonb,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
