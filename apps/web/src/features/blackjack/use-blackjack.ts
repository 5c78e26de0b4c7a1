import { BLACKJACK_EVENTS, type BlackjackView } from '@coinsite/shared';
import { betAmountError } from '@coinsite/shared/games';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { getSocket, onSocket } from '../../lib/socket.ts';
import { playSound } from '../../lib/sounds.ts';
import { useGameSocket } from '../dice/use-game-socket.ts';
import { useOpenGame } from '../dice/use-open-game.ts';
import { ensureAgeAnswered } from '../account/age-gate.ts';

export type BlackjackMove = 'hit' | 'stand' | 'double' | 'split' | 'insurance' | 'noInsurance';

const isView = (v: unknown): v is BlackjackView =>
  typeof v === 'object' && v !== null && Array.isArray((v as BlackjackView).hands);

/**
 * The blackjack table as the screen sees it: every answer of the server is the whole hand's view
 * (blackjack:state), so the screen only keeps the latest one. The open hand is loaded from
 * GET /api/blackjack/me on every bind of the socket, so a reload or a restart resumes it.
 */
export function useBlackjack() {
  const [view, setView] = useState<BlackjackView | null>(null);
  const [pending, setPending] = useState(false);
  const { resume, seen } = useOpenGame<BlackjackView>(
    'blackjack',
    (open) => {
      if (isView(open)) setView(open);
    },
    () => {
      setView(null);
      setPending(false);
    },
  );
  const ready = useGameSocket('blackjack');

  useEffect(() => {
    const offs = [
      onSocket('blackjack', BLACKJACK_EVENTS.state, (raw) => {
        if (!isView(raw)) return;
        seen();
        setPending(false);
        setView(raw);
        if (raw.status === 'finished' && (raw.payout ?? 0) > (raw.staked ?? 0)) playSound('win');
      }),
      onSocket('blackjack', BLACKJACK_EVENTS.error, (raw) => {
        const error =
          typeof raw === 'object' && raw !== null && typeof (raw as { error?: unknown }).error === 'string'
            ? (raw as { error: string }).error
            : 'An error occurred.';
        setPending(false);
        toast.error(error);
        playSound('error');
        // another tab may have moved the hand on
        resume();
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [resume, seen]);

  const deal = (amountCents: number) => {
    const problem = betAmountError(amountCents);
    if (problem) {
      toast.error(problem);
      return;
    }
    if (!ready || pending || view?.status === 'playing') return;
    setPending(true);
    // issue 26: the first bet of an account without a date of birth waits for the ask-once dialog
    void ensureAgeAnswered().then((ok) => {
      if (ok) getSocket('blackjack').emit(BLACKJACK_EVENTS.bet, { amount: amountCents / 100 });
      else setPending(false);
    });
  };

  const act = (move: BlackjackMove) => {
    if (!ready || pending || view?.status !== 'playing' || !view.actions.includes(move)) return;
    setPending(true);
    const socket = getSocket('blackjack');
    if (move === 'insurance' || move === 'noInsurance')
      socket.emit(BLACKJACK_EVENTS.insurance, { accept: move === 'insurance' });
    else socket.emit(BLACKJACK_EVENTS[move]);
  };

  return { view, ready, pending, deal, act };
}
