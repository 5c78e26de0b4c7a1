import { MessagesSquare, PanelRightClose, X } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { onSocket } from '../../lib/socket.ts';
import { useAuthStore } from '../auth/auth-store.ts';
import { useChatPanel } from './chat-panel-store.ts';

const ONLINE_BONUS = 10;

function OnlineCount() {
  const online = useChatPanel((s) => s.online);
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-ink-950/70 px-2.5 py-1 text-xs font-semibold text-ink-200 ring-1 ring-ink-700">
      <span className="h-2 w-2 animate-pulse rounded-full bg-accent-400" aria-hidden="true" />
      <span data-testid="online-count">
        {online === null ? '—' : (online + ONLINE_BONUS).toLocaleString('en-US')}
      </span>
      <span className="text-ink-400">online</span>
    </span>
  );
}

/** Keeps the online count fresh while the shell is mounted. */
export function useOnlineCount(): void {
  useEffect(
    () =>
      onSocket('chat', 'users-online', (count) => {
        const n = typeof count === 'number' ? count : Number(count);
        if (Number.isFinite(n)) useChatPanel.getState().setOnline(n);
      }),
    [],
  );
}

interface ChatPanelProps {
  /** Shows the hide button (desktop: fold the panel; mobile: close the overlay). */
  onCollapse?: () => void;
  /** The overlay of small screens closes with an X rather than folding sideways. */
  overlay?: boolean;
}

/** The chat side panel's frame; the chat itself (messages, rain, trivia) plugs in later. */
export function ChatPanel({ onCollapse, overlay = false }: ChatPanelProps) {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  return (
    <section aria-label="Chat" className="flex h-full min-h-0 flex-col bg-ink-850">
      <header className="flex h-14 shrink-0 items-center justify-between gap-2 border-b border-ink-700 px-4">
        <div className="flex items-center gap-2">
          <MessagesSquare className="h-5 w-5 text-accent-400" aria-hidden="true" />
          <h2 className="text-base font-bold text-white">Chat</h2>
        </div>
        <div className="flex items-center gap-1">
          <OnlineCount />
          {onCollapse ? (
            <button
              type="button"
              onClick={onCollapse}
              aria-label={overlay ? 'Close chat' : 'Hide chat'}
              className="rounded-lg p-1.5 text-ink-400 transition hover:bg-ink-700 hover:text-white"
            >
              {overlay ? <X className="h-5 w-5" /> : <PanelRightClose className="h-5 w-5" />}
            </button>
          ) : null}
        </div>
      </header>
      <ol
        aria-label="Chat messages"
        className="flex min-h-0 flex-1 flex-col justify-end gap-2 overflow-y-auto p-4"
      >
        <li className="m-auto flex flex-col items-center gap-2 text-center text-sm text-ink-400">
          <MessagesSquare className="h-10 w-10 text-ink-600" aria-hidden="true" />
          No messages yet. Say hi!
        </li>
      </ol>
      <footer className="shrink-0 border-t border-ink-700 p-4">
        {signedIn ? (
          <div className="rounded-lg border border-ink-600 bg-ink-900/80 px-3 py-2.5 text-sm text-ink-400">
            Chat opens soon...
          </div>
        ) : (
          <p className="rounded-lg bg-ink-900/80 px-3 py-3 text-center text-sm text-ink-300 ring-1 ring-ink-700">
            <Link to={{ search: '?login' }} className="font-semibold text-accent-400 hover:underline">
              Sign in
            </Link>{' '}
            or{' '}
            <Link
              to={{ search: '?login=register' }}
              className="font-semibold text-accent-400 hover:underline"
            >
              Sign up
            </Link>{' '}
            to chat
          </p>
        )}
      </footer>
    </section>
  );
}
