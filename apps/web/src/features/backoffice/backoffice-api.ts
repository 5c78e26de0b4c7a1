import type {
  StaffNote,
  StatsGames,
  StatsHealth,
  StatsOverview,
  StatsPlayer,
} from '@coinsite/shared/schemas/stats';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';

/** A window as the stats routes take it: days=N, hours=N or from/to dates. */
export type StatsWindow = { days: number } | { hours: number } | { from: string; to: string };

export function windowQuery(w: StatsWindow): string {
  return new URLSearchParams(Object.entries(w).map(([k, v]) => [k, String(v)])).toString();
}

export function useOverview(w: StatsWindow) {
  return useQuery({
    queryKey: ['backoffice', 'overview', w],
    queryFn: () => http.get<StatsOverview>(`/external/v1/stats/overview?${windowQuery(w)}`),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

export function useGames(w: StatsWindow) {
  return useQuery({
    queryKey: ['backoffice', 'games', w],
    queryFn: () => http.get<StatsGames>(`/external/v1/stats/games?${windowQuery(w)}`),
    placeholderData: keepPreviousData,
  });
}

export function useHealth() {
  return useQuery({
    queryKey: ['backoffice', 'health'],
    queryFn: () => http.get<StatsHealth>('/external/v1/stats/health'),
    refetchInterval: 60_000,
  });
}

export function usePlayerSearch(q: string) {
  return useQuery({
    queryKey: ['backoffice', 'search', q],
    queryFn: () =>
      http.get<{ players: Array<{ id: string; username: string; email: string | null }> }>(
        `/external/v1/stats/players?${new URLSearchParams({ q })}`,
      ),
    enabled: q.trim().length > 0,
  });
}

export function usePlayer(id: string | null) {
  return useQuery({
    queryKey: ['backoffice', 'player', id],
    queryFn: () => http.get<StatsPlayer>(`/external/v1/stats/players/${id}`),
    enabled: id !== null,
  });
}

export function useAddNote(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => http.post<StaffNote>(`/external/v1/stats/players/${id}/notes`, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['backoffice', 'player', id] }),
  });
}

export function useTransparencySetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (transparencyEnabled: boolean) =>
      http.put<{ transparencyEnabled: boolean }>('/external/v1/stats/settings', { transparencyEnabled }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['backoffice', 'health'] }),
  });
}
