import type { CaseItemView, CaseSummaryView, CaseView } from '@coinsite/shared/schemas/cases';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { useAuthStore } from '../auth/auth-store.ts';

export type { CaseItemView, CaseSummaryView, CaseView };

/** GET /api/cases: the case opening list (no loot tables). */
export function useCaseList() {
  return useQuery({
    queryKey: ['cases'],
    queryFn: () => http.get<CaseSummaryView[]>('/cases'),
    staleTime: 60_000,
  });
}

/** GET /api/cases/:slug: one case with its loot table. */
export function useCase(slug: string) {
  return useQuery({
    queryKey: ['case', slug],
    queryFn: () => http.get<CaseView>(`/cases/${encodeURIComponent(slug)}`),
    staleTime: 60_000,
    retry: false,
  });
}

/** GET /api/battles/cases: every paid case with its table (the battle picker). */
export function useBattleCases() {
  return useQuery({
    queryKey: ['battle-cases'],
    queryFn: () => http.get<CaseView[]>('/battles/cases'),
    staleTime: 60_000,
  });
}

/** POST /api/battles/case {slug: 'daily'}: the daily case and its table. */
export function useDailyCase() {
  return useQuery({
    queryKey: ['case', 'daily'],
    queryFn: () => http.post<CaseView>('/battles/case', { slug: 'daily' }),
    staleTime: 60_000,
  });
}

/** GET /api/cases/lastopen: when the player last opened the daily case (ms epoch) or null. */
export function useDailyLastOpen() {
  const userId = useAuthStore((s) => s.user?._id ?? null);
  return useQuery({
    queryKey: ['daily-last-open', userId],
    enabled: userId !== null,
    queryFn: async () => {
      const iso = await http.get<string | null>('/cases/lastopen');
      const at = iso ? Date.parse(iso) : Number.NaN;
      return Number.isNaN(at) ? null : at;
    },
  });
}
