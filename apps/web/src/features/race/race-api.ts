import { RACE_TEXT, type RaceMe, type RaceView, withoutPlaceholders } from '@coinsite/shared/schemas/race';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { http } from '../../lib/http.ts';
import { useAuthStore } from '../auth/auth-store.ts';

/** spec-2 §8: a failed race load is one error toast. */
function useRaceToast(error: unknown) {
  useEffect(() => {
    if (error) toast.error(RACE_TEXT.loadFailed, { id: 'race-load-failed' });
  }, [error]);
}

/**
 * GET /race: the running race and its top ten (refreshed every 15 s while shown). The server pads
 * the podium with placeholders for the original client; this page shows an empty place its own way.
 */
export function useRace() {
  const query = useQuery({
    queryKey: ['race'],
    queryFn: async () => withoutPlaceholders(await http.get<RaceView>('/race')),
    refetchInterval: 15_000,
    staleTime: 5_000,
  });
  useRaceToast(query.error);
  return query;
}

/** GET /race/last: last week's winners. */
export function useLastRace() {
  const query = useQuery({
    queryKey: ['race', 'last'],
    queryFn: () => http.get<RaceView>('/race/last'),
    staleTime: 60_000,
  });
  useRaceToast(query.error);
  return query;
}

/** GET /race/me: the signed-in player's place and progress (nothing for a visitor). */
export function useRaceMe() {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  return useQuery({
    queryKey: ['race', 'me'],
    queryFn: () => http.get<RaceMe>('/race/me'),
    enabled: signedIn,
    refetchInterval: 15_000,
    staleTime: 5_000,
  });
}
