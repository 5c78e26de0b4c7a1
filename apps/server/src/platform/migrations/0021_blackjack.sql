-- Blackjack (issue 17): a hand is a bets row with status 'open' until it settles; its state is the
-- row's outcome. At most one open hand per player, and the idle sweep finds open hands by this index.
CREATE UNIQUE INDEX bets_one_open_blackjack ON bets (user_id) WHERE status = 'open' AND game = 'blackjack';
