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
