import { betAmountError } from '@coinsite/shared/games';
import { limboTargetError } from '@coinsite/shared/fairness';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { getSocket, onSocket } from '../../lib/socket.ts';
import { playSound } from '../../lib/sounds.ts';
import { type SettledBet, useReply } from '../autobet/use-autobet.ts';
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
  const sentStake = useRef(0);
  const reply = useReply<SettledBet>();
  const { resolve, reject } = reply;

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
      resolve({
        stake: sentStake.current,
        payout: next.win ? Math.round(next.payout * 100) + sentStake.current : 0,
      });
    });
    const offError = onSocket('limbo', 'game-creation-error', (msg) => {
      fail();
      toast.error(eventMessage(msg));
      reject(new Error(eventMessage(msg)));
    });
    return () => {
      offResult();
      offError();
    };
  }, [settle, fail, resolve, reject]);

  /** `target` in hundredths, or null when the field does not hold a valid one. */
  const place = (amountCents: number, target: number | null): Promise<SettledBet> => {
    const problem =
      betAmountError(amountCents) ?? (target === null ? limboTargetError(0) : limboTargetError(target));
    if (problem || target === null) {
      const text = problem ?? 'Invalid target multiplier.';
      toast.error(text);
      return Promise.reject(new Error(text));
    }
    sentTarget.current = target;
    sentStake.current = amountCents;
    lock.start();
    const settled = reply.expect();
    playSound('bet');
    getSocket('limbo').emit('limbo:bet', { amount: amountCents / 100, multiplier: target / 100 });
    return settled;
  };
  const bet = (amountCents: number, target: number | null) => {
    place(amountCents, target).catch(() => undefined);
  };

  return {
    result,
    history,
    ready,
    locked: lock.locked || !ready,
    bet,
    place,
    inputChanged: lock.inputChanged,
  };
}
