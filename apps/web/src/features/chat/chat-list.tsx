import { CHAT_SKELETON_ROWS, type ChatUser, canModerate } from '@coinsite/shared/schemas/chat';
import { ArrowDown, MessagesSquare } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useAuthStore } from '../auth/auth-store.ts';
import { BanConfirmDialog } from './ban-confirm-dialog.tsx';
import { isNearBottom } from './chat-format.ts';
import { ChatMessageRow } from './chat-message.tsx';
import { useChatStore } from './chat-store.ts';

/** A scroll this soon (ms) after a wheel, touch, key or pointer press on the list is the reader's. */
const HAND_SCROLL_MS = 600;

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
 * The messages, oldest at the top. The list opens at the newest and follows new messages while the
 * reader is at the bottom; once the reader has scrolled up it stays put and a "New messages" pill
 * counts what arrived below (a click, or scrolling back down, returns to following).
 *
 * Following is a state of the reader, not read back from the list at each change: a list that
 * mounts, grows or changes height (the skeleton giving way to the history, the phone drawer sliding
 * in, an event panel above folding) while following is pinned to its bottom again, so neither the
 * first paint nor a layout change can leave the reader at the oldest line (issue 28 item 1).
 */
export function ChatList() {
  const loading = useChatStore((s) => s.loading);
  const messages = useChatStore((s) => s.messages);
  const failed = useChatStore((s) => s.failed);
  const moderator = useAuthStore((s) => canModerate(s.user?.rank ?? 0));
  const listRef = useRef<HTMLOListElement>(null);
  /** whether the view follows the newest message */
  const following = useRef(true);
  /** when the reader last scrolled by hand (wheel, touch, keys, the scrollbar); -Infinity: never */
  const handScrollAt = useRef(Number.NEGATIVE_INFINITY);
  /** the newest message id already seen (or counted) here */
  const newestSeen = useRef<string | null>(null);
  const [unseen, setUnseen] = useState(0);
  const [banTarget, setBanTarget] = useState<ChatUser | null>(null);

  const pin = useCallback(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  const follow = useCallback(() => {
    // the reader chose to follow: a wheel just before no longer says otherwise
    handScrollAt.current = Number.NEGATIVE_INFINITY;
    following.current = true;
    setUnseen(0);
    pin();
  }, [pin]);

  const markHand = () => {
    handScrollAt.current = performance.now();
  };
  /** Whether the latest scroll is the reader's own (not a pin, a trimmed top row or a resize). */
  const byHand = () => performance.now() - handScrollAt.current < HAND_SCROLL_MS;

  // only the reader's own scrolling stops the following; reaching the bottom resumes it
  const measure = (el: HTMLElement) => ({
    scrollTop: el.scrollTop,
    scrollHeight: el.scrollHeight,
    clientHeight: el.clientHeight,
  });

  const onScroll = () => {
    const el = listRef.current;
    if (!el) return;
    if (isNearBottom(el)) {
      following.current = true;
      setUnseen(0);
    } else if (byHand()) {
      following.current = false;
    } else if (following.current) {
      pin();
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the messages change
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el || loading) return;
    const newest = messages.at(-1)?.msgId ?? null;
    const before = newestSeen.current;
    newestSeen.current = newest;
    const fresh = before !== null && newest !== null && newest !== before;
    // how many rows arrived below, and whether the list stood at its end before they did (their
    // height taken off: a reader at the bottom is one whatever the new rows measure)
    const from = fresh ? messages.findIndex((m) => m.msgId === before) : -1;
    const added = !fresh ? 0 : from === -1 ? messages.length : messages.length - 1 - from;
    const rows = added > 0 ? [...el.children].slice(-added) : [];
    const addedHeight = rows.reduce((h, row) => h + (row as HTMLElement).offsetHeight, 0);
    const wasAtBottom = isNearBottom({ ...measure(el), scrollHeight: el.scrollHeight - addedHeight });
    // a reader scrolling up as this message lands (the scroll event not handled yet) stays put
    if (following.current && byHand() && !wasAtBottom) following.current = false;
    // a reader who came back to the bottom just now (its scroll event not handled yet) follows
    if (!following.current && !byHand() && added > 0 && wasAtBottom) {
      following.current = true;
      setUnseen(0);
    }
    if (following.current) {
      pin();
      return;
    }
    if (fresh) setUnseen((n) => n + added);
  }, [messages, loading]);

  // a change of the list's own height (drawer opened, panel above folded) keeps a follower at the end
  useEffect(() => {
    const el = listRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (following.current) pin();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [pin]);

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <ol
        ref={listRef}
        onScroll={onScroll}
        onWheel={markHand}
        onTouchMove={markHand}
        onKeyDown={markHand}
        onPointerDown={markHand}
        aria-label="Chat messages"
        aria-live="polite"
        aria-relevant="additions"
        aria-busy={loading || undefined}
        className="flex min-h-0 flex-1 flex-col gap-0.5 overflow-y-auto overscroll-contain px-2 py-3"
      >
        {loading ? (
          <SkeletonRows />
        ) : messages.length === 0 ? (
          <li className="m-auto flex flex-col items-center gap-2 text-center text-sm text-ink-400">
            <MessagesSquare className="h-10 w-10 text-ink-600" aria-hidden="true" />
            {failed ? 'The chat could not be loaded.' : 'No messages yet. Say hi!'}
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
      {unseen > 0 ? (
        <button
          type="button"
          onClick={follow}
          data-testid="chat-new-messages"
          className="absolute bottom-3 left-1/2 flex -translate-x-1/2 items-center gap-1.5 rounded-full bg-accent-500 px-3.5 py-1.5 text-xs font-bold text-ink-950 shadow-lg shadow-ink-950/50 transition hover:bg-accent-400"
        >
          <ArrowDown className="h-3.5 w-3.5" aria-hidden="true" />
          {unseen === 1 ? '1 new message' : `${unseen > 30 ? '30+' : unseen} new messages`}
        </button>
      ) : null}
      {moderator ? <BanConfirmDialog user={banTarget} onClose={() => setBanTarget(null)} /> : null}
    </div>
  );
}
