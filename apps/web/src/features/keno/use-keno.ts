import { KENO_EVENTS, type KenoResult } from '@coinsite/shared';
import { type KenoRisk, kenoPicksError } from '@coinsite/shared/fairness';
import { betAmountError } from '@coinsite/shared/games';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useInstant } from '../../lib/game-settings.ts';
import { getSocket, onSocket } from '../../lib/socket.ts';
import { playSound } from '../../lib/sounds.ts';
import { type SettledBet, useReply } from '../autobet/use-autobet.ts';
import { useBetLock } from '../dice/bet-lock.ts';
import { eventMessage } from '../dice/event-message.ts';
import { useGameSocket } from '../dice/use-game-socket.ts';

/** One drawn number every 130 ms: the server holds a win's balance for KENO_REVEAL_MS (1.5 s). */
export const KENO_STEP_MS = 130;
const HISTORY = 8;

export interface KenoRound extends KenoResult {
  picks: number[];
  stake: number;
  /** How many of the drawn numbers the board shows yet (10 once revealed). */
  shown: number;
}

const isResult = (v: unknown): v is KenoResult =>
  typeof v === 'object' &&
  v !== null &&
  Array.isArray((v as KenoResult).drawn) &&
  typeof (v as KenoResult).betId === 'string';

/**
 * keno:bet / keno:result / game-creation-error on the keno namespace (issue 32). The draw is shown
 * one number at a time (at once in instant mode); the bet settles (for the autobet, the history and
 * the bet button) when the last number is shown.
 */
export function useKeno() {
  const ready = useGameSocket('keno');
  const instant = useInstant('keno');
  const lock = useBetLock();
  const { settle, fail } = lock;
  const [round, setRound] = useState<KenoRound | null>(null);
  const [history, setHistory] = useState<KenoRound[]>([]);
  const [revealing, setRevealing] = useState(false);
  const sent = useRef<{ stake: number; picks: number[] }>({ stake: 0, picks: [] });
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);
  const reply = useReply<SettledBet>();
  const { resolve, reject } = reply;
  const instantRef = useRef(instant);
  instantRef.current = instant;

  useEffect(() => {
    const clear = () => {
      for (const t of timers.current) clearTimeout(t);
      timers.current = [];
    };
    const offResult = onSocket('keno', KENO_EVENTS.result, (raw) => {
      if (!isResult(raw)) return;
      clear();
      const bet = sent.current;
      const full: KenoRound = { ...raw, picks: bet.picks, stake: bet.stake, shown: 0 };
      const done = () => {
        setRound({ ...full, shown: full.drawn.length });
        setRevealing(false);
        setHistory((h) => [full, ...h].slice(0, HISTORY));
        settle();
        resolve({ stake: bet.stake, payout: Math.round(full.payout * 100) });
      };
      if (instantRef.current) {
        done();
        return;
      }
      setRevealing(true);
      setRound(full);
      // each number lands with a soft chime when it is one of the picks
      const chime = (n: number | undefined) => {
        if (n !== undefined && full.hits.includes(n)) playSound('notify', 0.08);
      };
      for (let i = 1; i < full.drawn.length; i++) {
        timers.current.push(
          setTimeout(() => {
            chime(full.drawn[i - 1]);
            setRound((r) => (r?.betId === full.betId ? { ...r, shown: i } : r));
          }, i * KENO_STEP_MS),
        );
      }
      timers.current.push(
        setTimeout(() => {
          chime(full.drawn[full.drawn.length - 1]);
          done();
        }, full.drawn.length * KENO_STEP_MS),
      );
    });
    const offError = onSocket('keno', KENO_EVENTS.error, (msg) => {
      fail();
      toast.error(eventMessage(msg));
      reject(new Error(eventMessage(msg)));
    });
    return () => {
      offResult();
      offError();
      clear();
    };
  }, [settle, fail, resolve, reject]);

  /** Checks what the server would refuse anyway, then sends the bet; settles once the draw is shown. */
  const place = useCallback(
    (amountCents: number, risk: KenoRisk, picks: number[]): Promise<SettledBet> => {
      const problem = betAmountError(amountCents) ?? kenoPicksError(risk, picks);
      if (problem) {
        toast.error(problem);
        return Promise.reject(new Error(problem));
      }
      sent.current = { stake: amountCents, picks: [...picks] };
      lock.start();
      const settled = reply.expect();
      playSound('bet');
      getSocket('keno').emit(
        KENO_EVENTS.bet,
        { amount: amountCents / 100, risk, picks },
        { instant: instantRef.current },
      );
      return settled;
    },
    [lock, reply],
  );
  const bet = (amountCents: number, risk: KenoRisk, picks: number[]) => {
    place(amountCents, risk, picks).catch(() => undefined);
  };

  return {
    ready,
    round,
    history,
    revealing,
    locked: lock.locked || revealing || !ready,
    place,
    bet,
    inputChanged: lock.inputChanged,
  };
}
