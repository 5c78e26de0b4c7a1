-- Rake accrues only on a stake that settles (issue 9, decisions.md "Rake on refundable stakes").
-- Games whose stake waits for an outcome and may be refunded instead (coinflip, crash, roulette,
-- battles) credit rakeback and the affiliate's cut when the stake settles, never when it is taken,
-- and write here, per stake, exactly what was credited. A refunded stake never settles, so it must
-- have no row: `npm run ledger:check` reports any (platform/ledger.ts). Dice, limbo, mines, cases
-- and the upgrader settle in the statement that takes the stake and write nothing here.
CREATE TABLE rake_accruals (
  -- the ledger idempotency key of the stake: 'coinflip:bet:<flip>:<seat>', '<game>:bet:<round bet>',
  -- 'bet:<bet>' (battles); one accrual per stake, whoever settles it and however often
  stake_key       TEXT PRIMARY KEY,
  -- the ledger key a refund of this stake is written with ('coinflip:refund:…', '<game>:refund:…',
  -- 'bet_refund:<bet>'): ledger:check looks it up in ledger_entries
  refund_key      TEXT NOT NULL,
  user_id         BIGINT NOT NULL REFERENCES users(id),
  game            TEXT NOT NULL,
  stake           BIGINT NOT NULL CHECK (stake > 0),
  -- what the stake added to the bettor's user_rewards row (units are 1/10,000 of a cent); NULL only
  -- for the stakes back-filled below, whose rake was credited at the stake and is not known
  rakeback_units  BIGINT CHECK (rakeback_units >= 0),
  referral_units  BIGINT CHECK (referral_units >= 0),
  referral_wager  BIGINT CHECK (referral_wager >= 0),
  created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE FUNCTION rake_accruals_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'rake_accruals is append-only';
END $$;
CREATE TRIGGER rake_accruals_no_update BEFORE UPDATE OR DELETE ON rake_accruals
  FOR EACH ROW EXECUTE FUNCTION rake_accruals_append_only();

-- Stakes in flight at this upgrade were credited their rake when taken (the code before this
-- migration): open and waiting coinflips, every bet of a crash or roulette round not yet ended (a
-- cashed-out one too: the round's end accrues them all), full battles (credited when they filled).
-- Recorded as already accrued (amounts unknown), so their settlement does not credit them a second
-- time. Should one of them be refunded, ledger:check names it: it kept the rake the old code gave it.
INSERT INTO rake_accruals (stake_key, refund_key, user_id, game, stake)
SELECT 'coinflip:bet:' || id || ':creator', 'coinflip:refund:' || id || ':creator', creator_id, 'coinflip', amount
FROM coinflips WHERE status IN ('open', 'waiting')
UNION ALL
SELECT 'coinflip:bet:' || id || ':opponent', 'coinflip:refund:' || id || ':opponent', opponent_id, 'coinflip', amount
FROM coinflips WHERE status = 'waiting' AND opponent_id IS NOT NULL
UNION ALL
SELECT b.game || ':bet:' || b.id, b.game || ':refund:' || b.id, b.user_id, b.game, b.amount
FROM round_bets b JOIN rounds r ON r.id = b.round_id WHERE r.status IN ('betting', 'running')
UNION ALL
SELECT 'bet:' || s.bet_id, 'bet_refund:' || s.bet_id, s.user_id, 'battles', b.price
FROM battles b JOIN battle_seats s ON s.battle_id = b.id
WHERE b.status = 2 AND s.user_id IS NOT NULL AND s.bet_id IS NOT NULL;
