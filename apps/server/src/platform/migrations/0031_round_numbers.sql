-- Issue 28 item 9: crash and roulette number their own rounds. rounds.id is one sequence for both
-- games, so the number a player saw skipped (#101, #103, …). `number` counts each game's rounds
-- from 1; a trigger gives every new row the next number of its game (the leader opens one round of
-- a game at a time; the unique index refuses a second row with the same number should two ever race).
ALTER TABLE rounds ADD COLUMN number BIGINT;

UPDATE rounds SET number = numbered.n
FROM (SELECT id, row_number() OVER (PARTITION BY game ORDER BY id) AS n FROM rounds) AS numbered
WHERE rounds.id = numbered.id;

CREATE FUNCTION rounds_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.number IS NULL THEN
    NEW.number := COALESCE((SELECT max(number) FROM rounds WHERE game = NEW.game), 0) + 1;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER rounds_number BEFORE INSERT ON rounds
  FOR EACH ROW EXECUTE FUNCTION rounds_number();

ALTER TABLE rounds ALTER COLUMN number SET NOT NULL;
CREATE UNIQUE INDEX rounds_game_number ON rounds (game, number);
