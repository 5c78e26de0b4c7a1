-- Issue 9 item 3: a deposit that completes over the player's daily limit is credited (the money has
-- arrived) and flagged here for an admin to review; the admin transactions list shows the flag.
ALTER TABLE cashier_transactions ADD COLUMN review_flag TEXT;
