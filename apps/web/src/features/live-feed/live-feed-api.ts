import type { BetView } from '@coinsite/shared/schemas/games';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { http } from '../../lib/http.ts';
import { onSocket } from '../../lib/socket.ts';
import { useAuthStore } from '../auth/auth-store.ts';

/** The games GET /api/bets/live knows (its `game` filter). */
export type LiveGame =
  | 'dice'
  | 'limbo'
  | 'mines'
  | 'upgrader'
  | 'cases'
  | 'battles'
  | 'crash'
  | 'roulette'
  | 'coinflip';

export interface LiveBets {
  all: BetView[];
  mine: BetView[];
}

/** Sent on /chat for every settled bet site-wide (after the game's animation). */
export const LIVE_BET_EVENT = 'live-bet';
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
 * The live feed's data: a snapshot from GET /api/bets/live, then every `live-bet` of the game
 * pushed on top. A reconnect reloads the snapshot, so bets missed while offline still appear.
 */
export function useLiveBets(game?: LiveGame) {
  const userId = useAuthStore((s) => s.user?._id ?? null);
  const client = useQueryClient();
  const key: QueryKey = useMemo(() => ['live-bets', game ?? 'all', userId], [game, userId]);
  const query = useQuery({
    queryKey: key,
    queryFn: () => http.get<LiveBets>(game ? `/bets/live?game=${game}` : '/bets/live'),
    // refetched on each mount: while the screen was away its cached list did not hear new bets
    staleTime: 0,
  });

  useEffect(() => {
    const offBet = onSocket('chat', LIVE_BET_EVENT, (raw) => {
      if (!isBetView(raw) || (game && raw.game !== game)) return;
      client.setQueryData<LiveBets>(key, (prev) =>
        prev
          ? {
              all: prepend(prev.all, raw),
              mine: userId !== null && raw.user.id === userId ? prepend(prev.mine, raw) : prev.mine,
            }
          : prev,
      );
    });
    const offReconnect = onSocket('chat', 'connect', () => {
      void client.invalidateQueries({ queryKey: key });
    });
    return () => {
      offBet();
      offReconnect();
    };
  }, [client, key, game, userId]);

  return query;
}
