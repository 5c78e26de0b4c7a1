import type { RealityCheckView } from '@coinsite/shared/schemas/session';
import { SESSION_EVENTS } from '@coinsite/shared/session-events';
import { useEffect } from 'react';
import { create } from 'zustand';
import { onSocket } from '../../lib/socket.ts';
import { toast } from '../../lib/toast.ts';
import { useAuthStore } from '../auth/auth-store.ts';

/**
 * Issue 26 §8: the reality check the server sent this tab (null: none due). The listener is part of
 * the shell; the dialog (reality-check-dialog.tsx) loads the first time one is due.
 */
export const useRealityCheck = create<{ view: RealityCheckView | null }>()(() => ({ view: null }));

/** A `reality-check` payload as sent by the server, or null. */
function asView(value: unknown): RealityCheckView | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const ok =
    typeof v.dueAt === 'string' &&
    typeof v.since === 'string' &&
    Number.isFinite(v.minutesPlayed) &&
    Number.isFinite(v.intervalMinutes) &&
    Number.isFinite(v.net) &&
    Number.isFinite(v.wagered);
  return ok ? (v as unknown as RealityCheckView) : null;
}

/** Follows the server's reality-check events on /chat for the whole app. */
export function useRealityCheckEvents(): void {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  useEffect(() => {
    const offs = [
      onSocket('chat', SESSION_EVENTS.realityCheck, (payload) => {
        const next = asView(payload);
        if (next) useRealityCheck.setState({ view: next });
      }),
      onSocket('chat', SESSION_EVENTS.realityCheckDismissed, () => useRealityCheck.setState({ view: null })),
      onSocket('chat', SESSION_EVENTS.realityCheckError, (message) => {
        if (typeof message === 'string') toast.error(message);
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, []);
  useEffect(() => {
    if (!signedIn) useRealityCheck.setState({ view: null });
  }, [signedIn]);
}
