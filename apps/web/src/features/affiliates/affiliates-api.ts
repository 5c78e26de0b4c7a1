import type { AffiliatesView } from '@coinsite/shared/schemas/economy';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { useAuthStore } from '../auth/auth-store.ts';

export const AFFILIATES_KEY = ['affiliates'] as const;

/** GET /user/affiliates while signed in and `enabled`. */
export function useAffiliates(enabled = true) {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  return useQuery({
    queryKey: AFFILIATES_KEY,
    queryFn: () => http.get<AffiliatesView>('/user/affiliates'),
    enabled: enabled && signedIn,
    retry: false,
  });
}
