import type { ProfileView } from '@coinsite/shared/schemas/auth';
import type { TxsView } from '@coinsite/shared/schemas/cashier';
import type { BetView } from '@coinsite/shared/schemas/games';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { errorText } from '../../lib/errors.ts';
import { http } from '../../lib/http.ts';

/** A crash bet of a finished round (GET /user/history `crash`). */
export interface CrashHistoryEntry {
  _id: string;
  betAmount: number;
  /** hundredths; null when the bet was not cashed out */
  stoppedAt: number | null;
  winningAmount: number;
  crashPoint: number;
  status: 'cashed' | 'lost' | 'refunded';
  created: string;
}

/** A rolled roulette round with the player's own bets in it (GET /user/history `roulette`). */
export interface RouletteHistoryEntry {
  _id: string;
  players: Array<{ _id: string; betAmount: number; color: string }>;
  winner: string;
  payout: number;
  created: string;
}

/**
 * GET /user/history. Our server lists battles and cases as single-player bets in `games` (they are
 * rows of the bets table); `caseBattles` and `cases` stay for the original client's shape.
 */
export interface HistoryView {
  caseBattles: unknown[];
  cases: unknown[];
  crash: CrashHistoryEntry[];
  roulette: RouletteHistoryEntry[];
  games: BetView[];
}

/** GET /bets/:id: one bet with what is needed to verify it. */
export interface BetDetailsView {
  id: string;
  game: string;
  username: string;
  amount: number;
  payout: number;
  multiplier: number;
  created: string;
  outcome: unknown;
  seeds: {
    serverSeedHash: string | null;
    serverSeed: string | null;
    clientSeed: string | null;
    nonce: number | null;
    /** crash and roulette: the chain's salt, public from the start */
    publicSeed?: string | null;
    /** coinflip: the EOS block that decided the flip */
    blockId?: string | null;
  };
}

/** The same key as the public profile dialog: both read POST /user/profile. */
export function useProfile(userId: string | null) {
  const query = useQuery({
    queryKey: ['profile', userId],
    queryFn: () => http.post<ProfileView>('/user/profile', { userid: userId }),
    enabled: userId !== null,
    staleTime: 10_000,
  });
  // spec-2 §8: a failed profile load is only logged
  useEffect(() => {
    if (query.error) console.error('profile load failed', query.error);
  }, [query.error]);
  return query;
}

/** spec-2 §8: a failed history load is an error toast with the server's message. */
function useToastOnError(error: unknown, fallback: string) {
  useEffect(() => {
    if (error) toast.error(errorText(error, fallback));
  }, [error, fallback]);
}

export function useGameHistory() {
  const query = useQuery({
    queryKey: ['user-history'],
    queryFn: () => http.get<HistoryView>('/user/history'),
    retry: false,
  });
  useToastOnError(query.error, 'Could not load your games.');
  return query;
}

export function useTransactions() {
  const query = useQuery({
    queryKey: ['user-txs'],
    queryFn: () => http.get<TxsView>('/user/txs'),
    retry: false,
  });
  useToastOnError(query.error, 'Could not load your transactions.');
  return query;
}

export function useBetDetails(betId: string | null) {
  return useQuery({
    queryKey: ['bet', betId],
    queryFn: () => http.get<BetDetailsView>(`/bets/${betId}`),
    enabled: betId !== null,
    staleTime: 30_000,
  });
}
