-- Issue 33 item 4: ghost mode. A player who turns it on is shown as "Hidden" to other players in
-- the live feeds, bet pages, the race, profiles and battle seats (admins and the player still see
-- the name). The flag is read when a payload is built (platform/ghost.ts), so it covers past bets too.
ALTER TABLE users ADD COLUMN ghost BOOLEAN NOT NULL DEFAULT FALSE;
