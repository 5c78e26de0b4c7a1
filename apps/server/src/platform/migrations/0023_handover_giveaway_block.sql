-- Issue 20 item 5: the crash leader's heartbeat on its running round (written every 250 ms while it
-- ticks), and the mark of a round that busted while no leader was broadcasting (its uncashed bets
-- without an auto-cashout below the bust were voided, not lost).
ALTER TABLE rounds ADD COLUMN alive_at TIMESTAMPTZ;
ALTER TABLE rounds ADD COLUMN handover_void BOOLEAN NOT NULL DEFAULT FALSE;

-- Issue 10: a giveaway's public value is the id of an EOS block fixed when its entries close
-- (head + a few blocks); public_source says which value was used: 'eos' (the block id) or
-- 'entries' (the documented fallback, SHA-256 of the entry list, when the beacon stays away).
ALTER TABLE giveaways ADD COLUMN block_number BIGINT;
ALTER TABLE giveaways ADD COLUMN public_source TEXT CHECK (public_source IN ('eos', 'entries'));
