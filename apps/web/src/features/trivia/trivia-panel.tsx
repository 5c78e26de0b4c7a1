import { formatCoins } from '@coinsite/shared/money';
import { CHAT_EVENTS } from '@coinsite/shared/schemas/chat';
import { TRIVIA_TEXT } from '@coinsite/shared/schemas/trivia';
import { HelpCircle, Trophy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { onSocket } from '../../lib/socket.ts';
import { useMsUntil } from '../../lib/use-clock.ts';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { useChatStore } from '../chat/chat-store.ts';

/** ms → m:ss (the chat's countdown format). */
export function formatCountdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The chat's trivia panel (spec-2 §2, only while a trivia is active): during the countdown the time
 * until the question; then the question, the prize per winner and winners found / places, the answer
 * typed in chat. `trivia-join-winner` moves the winners count on without a full state.
 */
export function TriviaPanel() {
  const trivia = useChatStore((s) => s.trivia);
  const endsAt = useChatStore((s) => s.triviaEndsAt);
  const left = useMsUntil(endsAt);
  const [joined, setJoined] = useState<{ id: string; count: number } | null>(null);
  useEffect(
    () =>
      onSocket('chat', CHAT_EVENTS.triviaJoinWinner, (count) => {
        const id = useChatStore.getState().trivia?._id;
        if (typeof count === 'number' && id)
          setJoined((j) => ({ id, count: j?.id === id ? Math.max(j.count, count) : count }));
      }),
    [],
  );
  if (!trivia?.active) return null;
  const winners = Math.max(trivia.winners.length, joined?.id === trivia._id ? joined.count : 0);
  const counting = trivia.question === '';
  return (
    <section
      aria-label="Trivia"
      data-testid="trivia-panel"
      className="mx-3 mt-3 shrink-0 rounded-xl border border-accent-500/40 bg-gradient-to-br from-accent-500/15 to-ink-800 p-3"
    >
      <header className="flex items-center justify-between gap-2">
        <div className="flex items-center gap-1.5 text-sm font-bold text-white">
          <HelpCircle className="h-4 w-4 text-accent-400" aria-hidden="true" />
          {TRIVIA_TEXT.panelTitle}
        </div>
        <div className="flex items-center gap-1 text-sm font-semibold text-white tabular-nums">
          <CoinIcon />
          {formatCoins(trivia.prize)}
          <span className="text-xs font-normal text-ink-300">each</span>
        </div>
      </header>
      {counting ? (
        <p className="mt-2 text-sm text-ink-200">
          {TRIVIA_TEXT.startsIn}{' '}
          <span className="font-bold text-white tabular-nums" data-testid="trivia-countdown">
            {formatCountdown(left)}
          </span>
        </p>
      ) : (
        <>
          <p className="mt-2 break-words text-sm font-semibold text-white" data-testid="trivia-question">
            {trivia.question}
          </p>
          <p className="mt-1 text-xs text-ink-300">{TRIVIA_TEXT.answerHint}</p>
        </>
      )}
      <div className="mt-2 flex items-center gap-1 text-xs text-ink-300">
        <Trophy className="h-3.5 w-3.5 text-amber-400" aria-hidden="true" />
        Winners{' '}
        <span className="font-semibold text-white tabular-nums" data-testid="trivia-winners">
          {winners}/{trivia.winnerAmount}
        </span>
      </div>
    </section>
  );
}
