import { HIGH_ROLLER_STAKE, LUCKY_WIN_MULTIPLIER } from '@coinsite/shared/constants';
import type { BetView } from '@coinsite/shared/schemas/games';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { liveChanges } from '../../lib/fresh-snapshot.ts';
import { http } from '../../lib/http.ts';
import { afterReveal } from '../../lib/reveal-hold.ts';
import { onSocket, onSynced } from '../../lib/socket.ts';
import { useAuthStore } from '../auth/auth-store.ts';

/** The games GET /api/bets/live knows (its `game` filter). */
export type LiveGame =
  | 'dice'
  | 'limbo'
  | 'mines'
  | 'blackjack'
  | 'upgrader'
  | 'cases'
  | 'battles'
  | 'crash'
  | 'roulette'
  | 'coinflip'
  | 'slots'
  | 'plinko'
  | 'wheel'
  | 'keno'
  | 'hilo';

export interface LiveBets {
  all: BetView[];
  mine: BetView[];
  /** Stake of at least HIGH_ROLLER_STAKE coins. */
  high: BetView[];
  /** A multiplier of at least LUCKY_WIN_MULTIPLIER. */
  lucky: BetView[];
}

/** Sent on /chat at most every 250 ms: the bets settled site-wide since, oldest first (after each game's animation). */
export const LIVE_BETS_EVENT = 'live-bets';
/** How many bets each list keeps (the server's first screen has 20). */
export const FEED_SIZE = 20;

function isBetView(value: unknown): value is BetView {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<BetView>;
  return (
    typeof v.id === 'string' &&
    typeof v.game === 'string' &&
    typeof v.amount === 'number' &&
    typeof v.payout === 'number' &&
    typeof v.multiplier === 'number' &&
    typeof v.created === 'string' &&
    typeof v.user === 'object' &&
    v.user !== null &&
    typeof v.user.id === 'string' &&
    typeof v.user.username === 'string'
  );
}

function prepend(list: BetView[], bet: BetView): BetView[] {
  if (list.some((b) => b.id === bet.id)) return list;
  return [bet, ...list].slice(0, FEED_SIZE);
}

/**
 * The live feed's data: a snapshot from GET /api/bets/live, then every `live-bets` frame's bets of the game
 * pushed on top. A reconnect reloads the snapshot, so bets missed while offline still appear.
 */
export function useLiveBets(game?: LiveGame) {
  const userId = useAuthStore((s) => s.user?._id ?? null);
  const client = useQueryClient();
  const key: QueryKey = useMemo(() => ['live-bets', game ?? 'all', userId], [game, userId]);
  // frames that come while the snapshot is on its way are pushed on top of it: applied to the old
  // list, the snapshot's answer wiped them (a bet showed and went, the player's own among them)
  const [live] = useState(() => liveChanges<LiveBets>());
  const query = useQuery({
    queryKey: key,
    queryFn: () => live.fetch(() => http.get<LiveBets>(game ? `/bets/live?game=${game}` : '/bets/live')),
    // refetched on each mount: while the screen was away its cached list did not hear new bets
    staleTime: 0,
  });

  useEffect(() => {
    const push = (bets: BetView[]) => {
      const change = live.change((prev) => {
        let { all, mine, high = [], lucky = [] } = prev;
        for (const bet of bets) {
          all = prepend(all, bet);
          if (userId !== null && bet.user.id === userId) mine = prepend(mine, bet);
          if (bet.amount >= HIGH_ROLLER_STAKE) high = prepend(high, bet);
          if (bet.multiplier >= LUCKY_WIN_MULTIPLIER) lucky = prepend(lucky, bet);
        }
        return { all, mine, high, lucky };
      });
      client.setQueryData<LiveBets>(key, (prev) => (prev ? change(prev) : prev));
    };
    const offBet = onSocket('chat', LIVE_BETS_EVENT, (raw) => {
      if (!Array.isArray(raw)) return;
      const bets = raw.filter((b): b is BetView => isBetView(b) && (!game || b.game === game));
      if (bets.length === 0) return;
      // a game animating its result on this screen holds its rows until the animation ends
      for (const g of new Set(bets.map((b) => b.game)))
        afterReveal(g, () => push(bets.filter((b) => b.game === g)));
    });
    const offReconnect = onSynced('chat', () => {
      void client.invalidateQueries({ queryKey: key });
    });
    return () => {
      offBet();
      offReconnect();
    };
  }, [client, key, game, userId, live]);

  return query;
}
