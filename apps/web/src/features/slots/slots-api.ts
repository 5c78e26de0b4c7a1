import type { LaunchGameView, SlotGameView, SlotListView } from '@coinsite/shared/schemas/slots';
import { SLOT_PAGE_SIZE } from '@coinsite/shared/schemas/slots';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { useAuthStore } from '../auth/auth-store.ts';
import { ensureAgeAnswered } from '../account/age-gate.ts';

export type { SlotGameView };
export type SlotTab = 'all' | 'favourites' | 'recent';

/** GET /api/slots: 30 at a time (spec-3 §2.13), Load More adds the next 30. */
export function useSlotList(search: string, tab: SlotTab) {
  const userId = useAuthStore((s) => s.user?._id ?? null);
  return useInfiniteQuery({
    queryKey: ['slots', tab, search, userId],
    enabled: tab === 'all' || userId !== null,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => {
      const q = new URLSearchParams({ offset: String(pageParam), limit: String(SLOT_PAGE_SIZE) });
      if (search) q.set('search', search);
      if (tab !== 'all') q.set('only', tab);
      return http.get<SlotListView>(`/slots?${q}`);
    },
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.games.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
    staleTime: 30_000,
  });
}

/** GET /api/slots/:code: one game (its name and art for the play screen). */
export function useSlotGame(code: string) {
  const userId = useAuthStore((s) => s.user?._id ?? null);
  return useQuery({
    queryKey: ['slot', code, userId],
    queryFn: () => http.get<SlotGameView>(`/slots/${encodeURIComponent(code)}`),
    retry: false,
    staleTime: 60_000,
  });
}

/** POST /api/slots/:code/favourite {favourite}. */
export function useFavourite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, favourite }: { code: string; favourite: boolean }) =>
      http.post<{ favourite: boolean }>(`/slots/${encodeURIComponent(code)}/favourite`, { favourite }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['slots'] });
      void client.invalidateQueries({ queryKey: ['slot'] });
    },
  });
}

/**
 * POST /api/mm2/launch-game (spec-3 §7): the balance sent is ignored by the server. A launch leads to
 * bets: an account without a date of birth is asked for it first (issue 26).
 */
export async function launchGame(code: string, balance: number) {
  if (!(await ensureAgeAnswered())) throw new Error('Please confirm your date of birth to play.');
  return http.post<LaunchGameView>('/mm2/launch-game', {
    provider_code: 'PRAGMATIC',
    game_type: 'slot',
    game_code: code,
    user_code: useAuthStore.getState().user?._id ?? '',
    user_balance: balance,
  });
}
