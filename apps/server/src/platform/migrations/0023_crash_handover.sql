-- Issue 20 item 5: the crash leader's heartbeat on its running round (written every 250 ms while it
-- ticks), and the mark of a round that busted while no leader was broadcasting (its uncashed bets
-- without an auto-cashout below the bust were voided, not lost).
ALTER TABLE rounds ADD COLUMN alive_at TIMESTAMPTZ;
ALTER TABLE rounds ADD COLUMN handover_void BOOLEAN NOT NULL DEFAULT FALSE;
