import type { Namespace } from '@coinsite/shared/constants';
import { useEffect, useMemo, useRef } from 'react';
import { freshSnapshot } from '../../lib/fresh-snapshot.ts';
import { HttpError, http } from '../../lib/http.ts';
import { onSocket } from '../../lib/socket.ts';
import { useAuthStore } from '../auth/auth-store.ts';

/**
 * The player's open game of a one-player game with moves (blackjack, hilo, mines): GET
 * /api/<game>/me at every bind of the socket (arrival, reconnect, sign-in), so a reload or a server
 * restart resumes it; `reset` clears the screen when the player changes. An answer older than one of
 * the game's own events (a move made while it was on its way) is asked again, not applied: each of
 * the screen's game event handlers calls `seen()`. `resume()` loads it again (after an error, when
 * another tab may have moved the game on). 404 is the normal "no open game".
 */
export function useOpenGame<T>(
  ns: Extract<Namespace, 'blackjack' | 'hilo' | 'mines'>,
  apply: (game: T) => void,
  reset: () => void,
): { resume: () => void; seen: () => void } {
  const userId = useAuthStore((s) => s.user?._id ?? null);
  const latest = useRef({ apply, reset });
  latest.current = { apply, reset };
  const { load, seen } = useMemo(
    () =>
      freshSnapshot(
        () => http.get<T>(`/${ns}/me`),
        (game) => latest.current.apply(game),
        (err) => {
          if (!(err instanceof HttpError) || err.status !== 404) console.warn(`${ns}: resume failed`, err);
        },
      ),
    [ns],
  );

  useEffect(() => {
    latest.current.reset();
    if (userId === null) return;
    return onSocket(ns, 'authenticated', load);
  }, [ns, userId, load]);

  return { resume: load, seen };
}
