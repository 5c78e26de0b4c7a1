import type { CashierConfigView, CryptoAddressesView } from '@coinsite/shared/schemas/cashier';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { useAuthStore } from '../auth/auth-store.ts';

export const CASHIER_CONFIG_KEY = ['cashier', 'config'] as const;
export const CRYPTO_ADDRESSES_KEY = ['cashier', 'crypto-addresses'] as const;

/** GET /cashier/config: limits, fees, rates and which methods run in sandbox mode. */
export function useCashierConfig(enabled: boolean) {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  return useQuery({
    queryKey: CASHIER_CONFIG_KEY,
    queryFn: () => http.get<CashierConfigView>('/cashier/config'),
    enabled: enabled && signedIn,
    retry: false,
  });
}

/** GET /cashier/crypto/addresses: one address and QR per currency (derived on first call). */
export function useCryptoAddresses(enabled: boolean) {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  return useQuery({
    queryKey: CRYPTO_ADDRESSES_KEY,
    queryFn: () => http.get<CryptoAddressesView>('/cashier/crypto/addresses'),
    enabled: enabled && signedIn,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** The legacy `{ success, message }` answers of /arkpay and /cashapp. */
export interface LegacyAnswer {
  success: boolean;
  message?: string;
}
