import { useEffect } from 'react';
import { claimStoredAffiliateCode } from '../features/affiliates/affiliate-code.ts';
import { useAuthStore } from '../features/auth/auth-store.ts';
import { useSignInFromUrl } from '../features/auth/use-sign-in-from-url.ts';
import { useChatEvents } from '../features/chat/use-chat-events.ts';
import { useRealtime } from './use-realtime.ts';

/** Side effects of a running session: auth load, sockets, URL-driven dialogs, affiliate claim. */
export function Session() {
  const userId = useAuthStore((s) => s.user?._id ?? null);

  useEffect(() => {
    void useAuthStore.getState().loadUser();
  }, []);

  // A signed-in session has just been established: claim a code stored by /a/{code}.
  useEffect(() => {
    if (userId) claimStoredAffiliateCode();
  }, [userId]);

  useRealtime();
  useChatEvents();
  useSignInFromUrl();
  return null;
}
