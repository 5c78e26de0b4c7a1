-- Hilo (issue 32): a game is a bets row with status 'open' until it is cashed out or lost; its dealt
-- cards and guesses are the row's outcome. At most one open game per player (as mines and blackjack).
CREATE UNIQUE INDEX bets_one_open_hilo ON bets (user_id) WHERE status = 'open' AND game = 'hilo';
