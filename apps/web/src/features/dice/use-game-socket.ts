import type { Namespace } from '@coinsite/shared/constants';
import { useEffect, useState } from 'react';
import { getSocket, onSocket } from '../../lib/socket.ts';
import { tokenStorage } from '../../lib/storage.ts';
import { useAuthStore } from '../auth/auth-store.ts';

/**
 * True once the game's namespace has bound this tab to the player (the server's `authenticated`),
 * so a bet is never sent to a socket that would still answer "Please log in to play!". The bind
 * may have happened before the screen mounted, so the screen asks again (auth is idempotent and
 * exempt from the 10 ms rule); a reconnect binds again by itself.
 */
export function useGameSocket(ns: Namespace): boolean {
  const signedIn = useAuthStore((s) => s.isAuthenticated && s.user !== null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    setReady(false);
    if (!signedIn) return;
    const offs = [
      onSocket(ns, 'authenticated', () => setReady(true)),
      onSocket(ns, 'disconnect', () => setReady(false)),
    ];
    const socket = getSocket(ns);
    const token = tokenStorage.get();
    if (socket.connected && token) socket.emit('auth', token);
    return () => {
      for (const off of offs) off();
    };
  }, [ns, signedIn]);

  return ready;
}
