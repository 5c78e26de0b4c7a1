-- Issue 9 item 9(d): with REGISTER_CONFIRM_EMAIL on, a registration creates the account unconfirmed
-- (NULL) and the mailed link confirms it. Every existing account is confirmed (the default backfills
-- them), and so is any account made another way (Steam, ADMIN_EMAIL): only registration inserts NULL.
ALTER TABLE users ADD COLUMN email_confirmed_at TIMESTAMPTZ DEFAULT now();
