import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { useAuthStore } from '../auth/auth-store.ts';

/** GET /api/provably-fair/current: the pair every single-player bet draws from (fairness.md §1). */
export interface SeedPair {
  serverSeedHash: string;
  clientSeed: string;
  nextServerSeedHash: string;
  /** Bets made with this pair so far (the next bet uses this nonce). */
  nonce: number;
}

/** POST /api/provably-fair/update-seed answer. */
export interface SeedRotation {
  message: string;
  currentServerSeedHash: string;
  nextServerSeedHash: string;
}

export const SEED_PAIR_KEY = ['provably-fair', 'current'] as const;

/** The current pair, fetched fresh whenever asked for (the nonce moves with every bet). */
export function useSeedPair(enabled = true) {
  const userId = useAuthStore((s) => s.user?._id ?? null);
  return useQuery({
    queryKey: [...SEED_PAIR_KEY, userId],
    queryFn: () => http.get<SeedPair>('/provably-fair/current'),
    enabled: enabled && userId !== null,
    staleTime: 0,
    retry: false,
  });
}

/** Changing the client seed rotates the pair (refused by the server while a mines game is open). */
export function useRotateSeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (newClientSeed: string) =>
      http.post<SeedRotation>('/provably-fair/update-seed', { newClientSeed }),
    onSuccess: () => client.invalidateQueries({ queryKey: SEED_PAIR_KEY }),
  });
}
