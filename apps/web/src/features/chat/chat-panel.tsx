import { MessagesSquare, PanelRightClose, X } from 'lucide-react';
import { ONLINE_DISPLAY_OFFSET } from '@coinsite/shared/schemas/chat';
import { Link } from 'react-router';
import { useAuthStore } from '../auth/auth-store.ts';
import { ChatEventPanels } from './chat-event-panels.tsx';
import { ChatInput } from './chat-input.tsx';
import { ChatList } from './chat-list.tsx';
import { useChatPanel } from './chat-panel-store.ts';
import { useChatEvents } from './use-chat-events.ts';

function OnlineCount() {
  const online = useChatPanel((s) => s.online);
  // no count yet (or none on this page): show nothing rather than "— online" (issue 14 item 19)
  if (online === null) return null;
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-ink-950/70 px-2.5 py-1 text-xs font-semibold text-ink-200 ring-1 ring-ink-700">
      <span className="h-2 w-2 animate-live-pulse rounded-full bg-accent-400" aria-hidden="true" />
      <span data-testid="online-count">{(online + ONLINE_DISPLAY_OFFSET).toLocaleString('en-US')}</span>
      <span className="text-ink-400">online</span>
    </span>
  );
}

interface ChatPanelProps {
  /** Shows the hide button (desktop: fold the panel; mobile: close the overlay). */
  onCollapse?: () => void;
  /** The overlay of small screens closes with an X rather than folding sideways. */
  overlay?: boolean;
  /** Outside a session (the maintenance page) the panel loads and follows the chat itself. */
  standalone?: boolean;
}

function StandaloneFeed() {
  useChatEvents();
  return null;
}

/** The live chat side panel (spec-2 §2): event panels, the messages and the message box. */
export function ChatPanel({ onCollapse, overlay = false, standalone = false }: ChatPanelProps) {
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
      {standalone ? <StandaloneFeed /> : null}
      <ChatEventPanels />
      <ChatList />
      <footer className="shrink-0 border-t border-ink-700 px-3 pt-3 pb-2">
        {signedIn ? (
          <ChatInput />
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
