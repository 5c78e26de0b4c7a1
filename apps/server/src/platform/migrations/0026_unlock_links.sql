-- Issue 26 item 5: a sign-in link mailed because the account's guess backstop tripped. Its holder
-- proved the mailbox, so its 2FA check is not held up by the account's backstop (only by its own
-- per-address count).
ALTER TABLE one_time_codes ADD COLUMN unlock BOOLEAN NOT NULL DEFAULT FALSE;
