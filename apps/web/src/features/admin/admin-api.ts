import type { AdminFeaturesView, AdminUserView, ControlsView } from '@coinsite/shared/schemas/admin';
import type { AdminTxView } from '@coinsite/shared/schemas/cashier';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';

export const ADMIN_KEYS = {
  features: ['admin', 'features'],
  controls: ['admin', 'controls'],
  users: ['admin', 'users'],
  transactions: ['admin', 'transactions'],
} as const;

/** Which optional panels (trivia, race) the server backs; none when it cannot say. */
export function useAdminFeatures() {
  return useQuery({
    queryKey: ADMIN_KEYS.features,
    queryFn: async (): Promise<AdminFeaturesView> => {
      try {
        return await http.get<AdminFeaturesView>('/external/v1/features');
      } catch {
        return { trivia: false, giveaway: false, race: false };
      }
    },
    staleTime: 60_000,
  });
}

export function useControls() {
  return useQuery({
    queryKey: ADMIN_KEYS.controls,
    queryFn: () => http.get<ControlsView>('/external/v1/controls/'),
  });
}

export function useAdminUsers() {
  return useQuery({
    queryKey: ADMIN_KEYS.users,
    queryFn: () => http.get<AdminUserView[]>('/external/v1/users/list'),
  });
}

export function useAdminTransactions() {
  return useQuery({
    queryKey: ADMIN_KEYS.transactions,
    queryFn: () => http.get<AdminTxView[]>('/external/v1/transactions/list'),
  });
}
