import { betAmountError } from '@coinsite/shared/games';
import { diceTargetError } from '@coinsite/shared/fairness';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { getSocket, onSocket } from '../../lib/socket.ts';
import { playSound } from '../../lib/sounds.ts';
import { type SettledBet, useReply } from '../autobet/use-autobet.ts';
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
  /** Placed as roll over (100 − target): the screen shows `shown` = 100 − roll. */
  over: boolean;
  /** The roll as the player reads it: the roll, or 100 − roll for a roll-over bet. */
  shown: number;
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
  const sentStake = useRef(0);
  const sentOver = useRef(false);
  const reply = useReply<SettledBet>();
  const { resolve, reject } = reply;

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
        over: sentOver.current,
        shown: sentOver.current ? (10000 - Math.round(raw.diceresult * 100)) / 100 : raw.diceresult,
      };
      setResult(r);
      setHistory((h) => [r, ...h].slice(0, HISTORY));
      resolve({
        stake: sentStake.current,
        payout: r.win ? Math.round(r.payout * 100) + sentStake.current : 0,
      });
    });
    const offError = onSocket('dice', 'game-creation-error', (msg) => {
      fail();
      toast.error(eventMessage(msg));
      reject(new Error(eventMessage(msg)));
    });
    return () => {
      offResult();
      offError();
    };
  }, [settle, fail, resolve, reject]);

  /**
   * Checks what the server would refuse anyway, then sends the bet; settles with what came back
   * (rejects when it was refused).
   */
  const place = (amountCents: number, target: number, over = false): Promise<SettledBet> => {
    const problem = betAmountError(amountCents) ?? diceTargetError(target, diceEdge());
    if (problem) {
      toast.error(problem);
      return Promise.reject(new Error(problem));
    }
    sentTarget.current = target;
    sentOver.current = over;
    sentStake.current = amountCents;
    lock.start();
    const settled = reply.expect();
    playSound('bet');
    getSocket('dice').emit('dice:bet', {
      amount: amountCents / 100,
      // display only for the server; rangeData is the roll-under percentage
      multiplier: multiplierFor(target) / 10000,
      rangeData: target / 100,
    });
    return settled;
  };
  const bet = (amountCents: number, target: number, over = false) => {
    place(amountCents, target, over).catch(() => undefined);
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
