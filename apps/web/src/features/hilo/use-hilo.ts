import { HILO_EVENTS, type HiloView } from '@coinsite/shared';
import type { HiloChoice } from '@coinsite/shared/fairness';
import { betAmountError } from '@coinsite/shared/games';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { getSocket, onSocket } from '../../lib/socket.ts';
import { playSound } from '../../lib/sounds.ts';
import { useInstant } from '../../lib/game-settings.ts';
import { type SettledBet, TURBO_REPLY_GAP_MS, useReply } from '../autobet/use-autobet.ts';
import { eventMessage } from '../dice/event-message.ts';
import { likelierGuess } from './hilo-auto.ts';
import { useGameSocket } from '../dice/use-game-socket.ts';
import { useOpenGame } from '../dice/use-open-game.ts';

const isView = (v: unknown): v is HiloView =>
  typeof v === 'object' &&
  v !== null &&
  Array.isArray((v as HiloView).cards) &&
  typeof (v as HiloView).status === 'string';

/** Autobet's pause between two moves of a game, and after its end, so each card can be seen. */
export const HILO_AUTO_STEP_MS = 400;

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A game's outcome as autobet counts it: what came back, in cents (0 when lost). */
const settledOf = (v: HiloView): SettledBet => ({
  stake: Math.round(v.amount * 100),
  payout: v.status === 'cashed' ? Math.round((v.payout ?? v.cashout) * 100) : 0,
});

/**
 * The hilo game as the screen sees it (issue 32): every answer is the whole game's view
 * (hilo:state), so the screen keeps the latest one. The open game is loaded from GET /api/hilo/me
 * whenever the socket binds, so a reload or a server restart resumes it.
 */
export function useHilo() {
  const [view, setView] = useState<HiloView | null>(null);
  const [pending, setPending] = useState(false);
  const { resume, seen } = useOpenGame<HiloView>(
    'hilo',
    (open) => {
      if (isView(open)) setView(open);
    },
    () => {
      setView(null);
      setPending(false);
    },
  );
  const ready = useGameSocket('hilo');
  // autobet's moves wait for their answer (one in flight)
  const reply = useReply<HiloView>();
  const { resolve, reject } = reply;
  const instant = useInstant('hilo');
  const instantRef = useRef(instant);
  instantRef.current = instant;

  useEffect(() => {
    const offs = [
      onSocket('hilo', HILO_EVENTS.state, (raw) => {
        if (!isView(raw)) return;
        seen();
        setPending(false);
        setView(raw);
        if (raw.status === 'lost') playSound('error');
        resolve(raw);
      }),
      onSocket('hilo', HILO_EVENTS.error, (raw) => {
        setPending(false);
        toast.error(eventMessage(raw));
        reject(new Error(eventMessage(raw)));
        // another tab may have moved the game on
        resume();
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [resume, seen, resolve, reject]);

  const active = view?.status === 'active';
  const start = (amountCents: number) => {
    const problem = betAmountError(amountCents);
    if (problem) {
      toast.error(problem);
      return;
    }
    if (!ready || pending || active) return;
    setPending(true);
    playSound('bet');
    getSocket('hilo').emit(HILO_EVENTS.start, { amount: amountCents / 100 });
  };
  const guess = (choice: HiloChoice) => {
    if (!ready || pending || !active) return;
    setPending(true);
    getSocket('hilo').emit(HILO_EVENTS.guess, { choice });
  };
  const cashout = () => {
    if (!ready || pending || !view?.canCashout) return;
    setPending(true);
    getSocket('hilo').emit(HILO_EVENTS.cashout);
  };

  /** One move of autobet: sends it and resolves with the game's next view (rejects on a refusal). */
  const move = useCallback(
    async (send: () => void): Promise<HiloView> => {
      const next = reply.expect();
      setPending(true);
      send();
      const v = await next;
      await wait(instantRef.current ? TURBO_REPLY_GAP_MS : HILO_AUTO_STEP_MS);
      return v;
    },
    [reply],
  );

  /**
   * One autobet game (the rule of docs/decisions/originals-keno-hilo.md): bet `amountCents`, guess
   * the likelier side until `guesses` guesses have won, then cash out. Resolves with what the game
   * paid (0 when a guess lost); the server may end it sooner (max profit, the last card). Once
   * `going()` is false (the session was stopped or left) it makes no further move: the open game is
   * the player's to finish.
   */
  const playAuto = useCallback(
    async (amountCents: number, guesses: number, going: () => boolean): Promise<SettledBet> => {
      const problem = betAmountError(amountCents);
      if (problem) {
        toast.error(problem);
        throw new Error(problem);
      }
      playSound('bet');
      let v = await move(() => getSocket('hilo').emit(HILO_EVENTS.start, { amount: amountCents / 100 }));
      let won = 0;
      const halt = () => {
        if (!going()) throw new Error('Autobet stopped.');
      };
      while (v.status === 'active' && won < guesses) {
        halt();
        const choice = likelierGuess(v.options);
        v = await move(() => getSocket('hilo').emit(HILO_EVENTS.guess, { choice }));
        if (v.steps[v.steps.length - 1]?.win) won += 1;
      }
      if (v.status === 'active') halt();
      if (v.status === 'active') v = await move(() => getSocket('hilo').emit(HILO_EVENTS.cashout));
      return settledOf(v);
    },
    [move],
  );

  return { view, ready, pending, active, start, guess, cashout, playAuto };
}
