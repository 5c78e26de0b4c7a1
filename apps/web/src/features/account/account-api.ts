import type { SessionView, TwoFactorStatus } from '@coinsite/shared/schemas/account';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';

export const SECURITY_KEY = ['account', 'security'] as const;
export const SESSIONS_KEY = ['account', 'sessions'] as const;

export function useSecurity() {
  return useQuery({
    queryKey: SECURITY_KEY,
    queryFn: () =>
      http.get<{
        twoFactor: TwoFactorStatus;
        email: string | null;
        emailVerified: boolean;
        hasPassword: boolean;
      }>('/account/security'),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: () => http.get<{ sessions: SessionView[] }>('/account/sessions'),
  });
}

/** True when the server refused for want of a second factor (`{ error, twoFactor: true }`). */
export function isTwoFactorError(err: unknown): boolean {
  const body = (err as { body?: unknown } | null)?.body;
  return typeof body === 'object' && body !== null && (body as { twoFactor?: unknown }).twoFactor === true;
}
