import { useEffect } from 'react';
import { claimStoredAffiliateCode } from '../features/affiliates/affiliate-code.ts';
import { useAuthStore } from '../features/auth/auth-store.ts';
import { useSignInFromUrl } from '../features/auth/use-sign-in-from-url.ts';
import { lazyPage } from './lazy.tsx';
import { useRealtime } from './use-realtime.ts';

// the chat's events (and the zod schemas that check them) load in a chunk of their own, right after the shell
const ChatEvents = lazyPage(() => import('../features/chat/chat-events.tsx'), 'ChatEvents', null);

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
  useSignInFromUrl();
  return <ChatEvents />;
}
