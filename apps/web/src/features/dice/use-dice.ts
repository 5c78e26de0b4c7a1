import { betAmountError } from '@coinsite/shared/games';
import { diceTargetError } from '@coinsite/shared/fairness';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { getSocket, onSocket } from '../../lib/socket.ts';
import { useBetLock } from './bet-lock.ts';
import { diceEdge, multiplierFor } from './dice-math.ts';
import { useGameSocket } from './use-game-socket.ts';

export interface DiceResult {
  betId: string;
  /** 0.00–100.00 */
  roll: number;
  win: boolean;
  /** The multiplier the server used (e.g. 1.98). */
  multiplier: number;
  /** Net profit in coins (0 on a loss). */
  payout: number;
  /** The roll-under the bet was placed with, in hundredths. */
  target: number;
}

const HISTORY = 8;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** A text for a toast from whatever an error event carried. */
export function eventMessage(value: unknown, fallback = 'An error occurred.'): string {
  if (typeof value === 'string' && value) return value;
  if (isRecord(value)) {
    if (typeof value.error === 'string') return value.error;
    if (typeof value.message === 'string') return value.message;
  }
  return fallback;
}

/** dice:bet / dice:result / game-creation-error on the dice namespace (PROTOCOL.md §5). */
export function useDice() {
  const ready = useGameSocket('dice');
  const lock = useBetLock();
  const { settle, fail } = lock;
  const [result, setResult] = useState<DiceResult | null>(null);
  const [history, setHistory] = useState<DiceResult[]>([]);
  const sentTarget = useRef(0);

  useEffect(() => {
    const offResult = onSocket('dice', 'dice:result', (raw) => {
      if (!isRecord(raw) || typeof raw.diceresult !== 'number') return;
      settle();
      const r: DiceResult = {
        betId: String(raw.betId ?? Date.now()),
        roll: raw.diceresult,
        win: raw.win === true,
        multiplier: typeof raw.multiplier === 'number' ? raw.multiplier : 0,
        payout: typeof raw.payout === 'number' ? raw.payout : 0,
        target: sentTarget.current,
      };
      setResult(r);
      setHistory((h) => [r, ...h].slice(0, HISTORY));
    });
    const offError = onSocket('dice', 'game-creation-error', (msg) => {
      fail();
      toast.error(eventMessage(msg));
    });
    return () => {
      offResult();
      offError();
    };
  }, [settle, fail]);

  /** Checks what the server would refuse anyway, then sends the bet. */
  const bet = (amountCents: number, target: number) => {
    const problem = betAmountError(amountCents) ?? diceTargetError(target, diceEdge());
    if (problem) {
      toast.error(problem);
      return;
    }
    sentTarget.current = target;
    lock.start();
    getSocket('dice').emit('dice:bet', {
      amount: amountCents / 100,
      // display only for the server; rangeData is the roll-under percentage
      multiplier: multiplierFor(target) / 10000,
      rangeData: target / 100,
    });
  };

  return { result, history, locked: lock.locked || !ready, bet, inputChanged: lock.inputChanged };
}
