import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { toastApiError } from '../../lib/errors.ts';
import { http } from '../../lib/http.ts';
import { useAuthStore } from '../auth/auth-store.ts';

/** GET /api/provably-fair/current */
export interface SeedPair {
  serverSeedHash: string;
  clientSeed: string;
  nextServerSeedHash: string;
  nonce: number;
}

/** One revealed pair of GET /api/provably-fair/history; nonce = the bets made with it. */
export interface RevealedPair {
  id: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

/** One published hash chain of GET /api/provably-fair/chains (crash and roulette). */
export interface PublicChain {
  id: string;
  game: 'crash' | 'roulette';
  status: 'current' | 'next' | 'used';
  length: number;
  terminalHash: string;
  saltBlock: number;
  salt: string | null;
  gamesPlayed: number;
  created: string;
}

const useUserId = () => useAuthStore((s) => s.user?._id ?? null);

export function useCurrentSeeds() {
  const userId = useUserId();
  return useQuery({
    queryKey: ['provably-fair', 'current', userId],
    queryFn: () => http.get<SeedPair>('/provably-fair/current'),
    enabled: userId !== null,
    staleTime: 0,
  });
}

export function useSeedHistory() {
  const userId = useUserId();
  return useQuery({
    queryKey: ['provably-fair', 'history', userId],
    queryFn: async () => (await http.get<{ history: RevealedPair[] }>('/provably-fair/history')).history,
    enabled: userId !== null,
    staleTime: 0,
  });
}

/** Public: the chains are published for everyone before their first round. */
export function useChains() {
  return useQuery({
    queryKey: ['provably-fair', 'chains'],
    queryFn: async () => (await http.get<{ chains: PublicChain[] }>('/provably-fair/chains')).chains,
    staleTime: 30_000,
  });
}

/** POST /api/provably-fair/update-seed: rotates the pair, then both lists are loaded again. */
export function useChangeClientSeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (newClientSeed: string) =>
      http.post<{ message: string; currentServerSeedHash: string; nextServerSeedHash: string }>(
        '/provably-fair/update-seed',
        { newClientSeed },
      ),
    onSuccess: (res) => {
      toast.success(res.message);
      void client.invalidateQueries({ queryKey: ['provably-fair'] });
    },
    onError: (err) => toastApiError(err, 'Your client seed could not be changed.', { sound: true }),
  });
}

/** A finished crash or roulette round as GET /api/crash and GET /api/roulette list it. */
export interface FinishedRound {
  _id: string;
  privateSeed: string;
  publicSeed: string;
  /** crash: the crash point (decimal) */
  crashPoint?: number;
  /** roulette: the colour */
  winner?: string;
}

/** The latest finished rounds of a chain game (public), for the verifier's "fill from a round". */
export function useRecentRounds(game: PublicChain['game']) {
  return useQuery({
    queryKey: ['provably-fair', 'rounds', game],
    queryFn: async () => {
      const res = await http.get<{ history?: FinishedRound[] }>(`/${game}`);
      return (res.history ?? []).filter((r) => r.privateSeed && r.publicSeed).slice(0, 25);
    },
    staleTime: 10_000,
  });
}
