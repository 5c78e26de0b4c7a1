-- A bet is one statement (platform/wallet.ts applyBet). When one of its preconditions fails (the
-- seed pair moved on, the balance is short) the statement calls bet_guard, whose error undoes
-- every change the statement made. VOLATILE, so the planner never evaluates it ahead of time.
CREATE FUNCTION bet_guard(reason TEXT) RETURNS INT LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = reason;
END $$;
