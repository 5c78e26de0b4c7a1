import { CHAT_SKELETON_ROWS, type ChatUser, canModerate } from '@coinsite/shared/schemas/chat';
import { MessagesSquare } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useAuthStore } from '../auth/auth-store.ts';
import { BanConfirmDialog } from './ban-confirm-dialog.tsx';
import { isNearBottom } from './chat-format.ts';
import { ChatMessageRow } from './chat-message.tsx';
import { useChatStore } from './chat-store.ts';

const SKELETON_KEYS = Array.from({ length: CHAT_SKELETON_ROWS }, (_, i) => `skeleton-${i}`);

function SkeletonRows() {
  return SKELETON_KEYS.map((key, i) => (
    <li key={key} data-testid="chat-skeleton" className="flex gap-2.5 px-2 py-1.5" aria-hidden="true">
      <span className="h-8 w-8 shrink-0 animate-pulse rounded-full bg-ink-700/70" />
      <span className="flex flex-1 flex-col gap-1.5 pt-0.5">
        <span className="h-3 w-1/3 animate-pulse rounded bg-ink-700/70" />
        <span
          className="h-3 animate-pulse rounded bg-ink-700/50"
          style={{ width: `${45 + ((i * 37) % 50)}%` }}
        />
      </span>
    </li>
  ));
}

/**
 * The messages, oldest at the top. New messages scroll the list to the bottom unless the reader
 * has scrolled up to read older ones.
 */
export function ChatList() {
  const loading = useChatStore((s) => s.loading);
  const messages = useChatStore((s) => s.messages);
  const moderator = useAuthStore((s) => canModerate(s.user?.rank ?? 0));
  const listRef = useRef<HTMLOListElement>(null);
  /** the list's content height when it last changed (null: never laid out) */
  const shownHeight = useRef<number | null>(null);
  const [banTarget, setBanTarget] = useState<ChatUser | null>(null);

  // Where the reader is is read from the list itself, against its height before this change: a
  // reader who has just scrolled up stays put even when a message lands before the scroll event.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the messages change
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const before = {
      scrollTop: el.scrollTop,
      clientHeight: el.clientHeight,
      scrollHeight: shownHeight.current ?? el.scrollHeight,
    };
    if (shownHeight.current === null || isNearBottom(before)) el.scrollTop = el.scrollHeight;
    shownHeight.current = el.scrollHeight;
  }, [messages, loading]);

  return (
    <>
      <ol
        ref={listRef}
        aria-label="Chat messages"
        aria-busy={loading || undefined}
        className="flex min-h-0 flex-1 flex-col gap-0.5 overflow-y-auto overscroll-contain px-2 py-3"
      >
        {loading ? (
          <SkeletonRows />
        ) : messages.length === 0 ? (
          <li className="m-auto flex flex-col items-center gap-2 text-center text-sm text-ink-400">
            <MessagesSquare className="h-10 w-10 text-ink-600" aria-hidden="true" />
            No messages yet. Say hi!
          </li>
        ) : (
          <>
            {/* pushes a short list to the bottom while keeping the list scrollable */}
            <li aria-hidden="true" className="mt-auto" />
            {messages.map((m) => (
              <ChatMessageRow key={m.msgId} message={m} moderator={moderator} onBan={setBanTarget} />
            ))}
          </>
        )}
      </ol>
      {moderator ? <BanConfirmDialog user={banTarget} onClose={() => setBanTarget(null)} /> : null}
    </>
  );
}
