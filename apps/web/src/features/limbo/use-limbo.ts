import { betAmountError } from '@coinsite/shared/games';
import { limboTargetError } from '@coinsite/shared/fairness';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { getSocket, onSocket } from '../../lib/socket.ts';
import { useBetLock } from '../dice/bet-lock.ts';
import { eventMessage } from '../dice/use-dice.ts';
import { useGameSocket } from '../dice/use-game-socket.ts';

export interface LimboResult {
  betId: string;
  /** The result multiplier, e.g. 2.57. */
  crashpoint: number;
  win: boolean;
  /** Net profit in coins (0 on a loss). */
  payout: number;
  /** The target the bet was placed with, in hundredths. */
  target: number;
}

const HISTORY = 8;

/** limbo:bet / limbo:result / game-creation-error on the limbo namespace (PROTOCOL.md §5). */
export function useLimbo() {
  const ready = useGameSocket('limbo');
  const lock = useBetLock();
  const { settle, fail } = lock;
  const [result, setResult] = useState<LimboResult | null>(null);
  const [history, setHistory] = useState<LimboResult[]>([]);
  const sentTarget = useRef(0);

  useEffect(() => {
    const offResult = onSocket('limbo', 'limbo:result', (raw) => {
      if (typeof raw !== 'object' || raw === null) return;
      const r = raw as Record<string, unknown>;
      if (typeof r.crashpoint !== 'number') return;
      settle();
      const next: LimboResult = {
        betId: String(r.betId ?? Date.now()),
        crashpoint: r.crashpoint,
        win: r.win === true,
        payout: typeof r.payout === 'number' ? r.payout : 0,
        target: sentTarget.current,
      };
      setResult(next);
      setHistory((h) => [next, ...h].slice(0, HISTORY));
    });
    const offError = onSocket('limbo', 'game-creation-error', (msg) => {
      fail();
      toast.error(eventMessage(msg));
    });
    return () => {
      offResult();
      offError();
    };
  }, [settle, fail]);

  /** `target` in hundredths, or null when the field does not hold a valid one. */
  const bet = (amountCents: number, target: number | null) => {
    const problem =
      betAmountError(amountCents) ?? (target === null ? limboTargetError(0) : limboTargetError(target));
    if (problem || target === null) {
      toast.error(problem ?? 'Invalid target multiplier.');
      return;
    }
    sentTarget.current = target;
    lock.start();
    getSocket('limbo').emit('limbo:bet', { amount: amountCents / 100, multiplier: target / 100 });
  };

  return { result, history, locked: lock.locked || !ready, bet, inputChanged: lock.inputChanged };
}
