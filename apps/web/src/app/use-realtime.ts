import { CHAT_EVENTS } from '@coinsite/shared/chat-events';
import { ACCOUNT_EVENTS } from '@coinsite/shared/constants';
import { TEXT } from '@coinsite/shared/messages';
import { SESSION_END_TEXT, SESSION_EVENTS } from '@coinsite/shared/session-events';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../lib/toast.ts';
import { onEveryNamespace, onSocket, startSockets } from '../lib/socket.ts';
import { openAudioAfterGesture } from '../lib/sounds.ts';
import { sessionEndReason, useAuthStore } from '../features/auth/auth-store.ts';
import { useChatPanel } from '../features/chat/chat-panel-store.ts';
import { useWalletEvents } from '../features/wallet/use-wallet-events.ts';

const text = (value: unknown): string => (typeof value === 'string' ? value : String(value ?? ''));
/** The sentences that come with `session-ended` as a toast for the original client: ours shows a dialog. */
const SESSION_END_SENTENCES = new Set<string>(Object.values(SESSION_END_TEXT));

/**
 * Opens the ten namespaces once the site check passed and turns the account events of
 * spec-1 §4 into toasts, wallet changes and the ban redirect.
 */
export function useRealtime(): void {
  const navigate = useNavigate();

  useEffect(() => {
    const offs = [
      onEveryNamespace(ACCOUNT_EVENTS.notifyError, (_ns, msg) => {
        if (!SESSION_END_SENTENCES.has(text(msg))) toast.error(text(msg));
      }),
      // issue 26 §7: the server ended this session (another device, a password change, expiry, a ban)
      onEveryNamespace(SESSION_EVENTS.ended, (_ns, payload) => {
        const reason = sessionEndReason(
          typeof payload === 'object' && payload !== null ? (payload as { reason?: unknown }).reason : null,
        );
        useAuthStore.getState().endSession(reason);
        if (reason === 'banned') void navigate('/banned', { replace: true });
      }),
      onEveryNamespace(ACCOUNT_EVENTS.notifySuccess, (_ns, msg) => toast.success(text(msg))),
      onEveryNamespace(ACCOUNT_EVENTS.notifyInfo, (_ns, msg) => toast.info(text(msg))),
      onEveryNamespace(ACCOUNT_EVENTS.kicked, () => {
        if (Date.now() < useAuthStore.getState().quietKickUntil) return;
        // one toast even though every namespace is kicked at once
        toast.error(TEXT.refresh, { id: 'connection-kicked' });
      }),
      onEveryNamespace(ACCOUNT_EVENTS.banned, () => {
        void navigate('/banned', { replace: true });
      }),
      // here rather than with the (lazily loaded) chat listeners: the server sends the count once on
      // connect and after auth, often before that chunk has arrived, and again only when it changes
      onSocket('chat', CHAT_EVENTS.usersOnline, (count) => {
        const n = typeof count === 'number' ? count : Number(count);
        if (Number.isFinite(n)) useChatPanel.getState().setOnline(n);
      }),
      onSocket('chat', 'connect_error', () => {
        toast.error(TEXT.lostConnection, { id: 'lost-connection' });
      }),
      // the page's audio, opened ahead of the first sound (here with the deferred shell, not in the
      // first load: a gesture before this moment is followed by others)
      openAudioAfterGesture(),
    ];
    startSockets();
    return () => {
      for (const off of offs) off();
    };
  }, [navigate]);

  useWalletEvents();
}
