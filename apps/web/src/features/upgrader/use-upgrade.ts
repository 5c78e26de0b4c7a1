import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useGameSettings } from '../../lib/game-settings.ts';
import { afterReveal, holdReveal } from '../../lib/reveal-hold.ts';
import { getSocket, onSocket } from '../../lib/socket.ts';
import { playSound } from '../../lib/sounds.ts';
import { fractionText, ticketFraction } from './upgrader-math.ts';
import { fireConfetti } from '../../lib/confetti.ts';
import { type SettledBet, useReply } from '../autobet/use-autobet.ts';

/** spec-3 §8: the attempt's error toast (the spec's text, typo included). */
export const UPGRADE_ERROR_PREFIX = 'An error occured when trying attempt the upgrade: ';
/** No answer this long after an attempt: the button is freed so the page never stays stuck. */
const ANSWER_TIMEOUT_MS = 10_000;

/** upgrader:result as the server sends it. */
export interface UpgradeResult {
  success: boolean;
  ticket: number;
  ticketDisplay: string;
  payout: number;
  betId: string;
}

function asResult(value: unknown): UpgradeResult | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.ticket !== 'number' || !Number.isFinite(v.ticket)) return null;
  return {
    success: v.success === true,
    ticket: v.ticket,
    ticketDisplay:
      typeof v.ticketDisplay === 'string' ? v.ticketDisplay : fractionText(ticketFraction(v.ticket)),
    payout: typeof v.payout === 'number' ? v.payout : 0,
    betId: typeof v.betId === 'string' ? v.betId : String(v.betId ?? ''),
  };
}

function celebrate(): void {
  playSound('win');
  fireConfetti({ particleCount: 140, spread: 75, origin: { y: 0.55 } });
}

/**
 * spec-3 §4 Upgrader: idle → pending (emit) → spinning (result, until the dial calls finishSpin)
 * → idle; an error frees the button with a toast.
 */
export function useUpgrade() {
  const [pending, setPending] = useState(false);
  /** The result the dial is turning to; the page re-renders only at its start and end. */
  const [spinning, setSpinning] = useState<UpgradeResult | null>(null);
  const [last, setLast] = useState<UpgradeResult | null>(null);
  const timeout = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const reply = useReply<SettledBet>();
  const { resolve, reject } = reply;
  const sentStake = useRef(0);
  /** Held from the attempt until the dial lands: the balance and the feed wait (issue 28 item 5). */
  const hold = useRef<(() => void) | null>(null);
  const release = useCallback(() => {
    hold.current?.();
    hold.current = null;
  }, []);

  useEffect(() => {
    const clearWatch = () => clearTimeout(timeout.current);
    const offs = [
      onSocket('upgrader', 'upgrader:result', (payload) => {
        const result = asResult(payload);
        if (!result) return;
        clearWatch();
        setLast(null);
        setSpinning(result);
      }),
      onSocket('upgrader', 'upgrader:error', (message) => {
        clearWatch();
        release();
        setPending(false);
        playSound('error');
        toast.error(`${UPGRADE_ERROR_PREFIX}${String(message ?? '')}`);
        reject(new Error(String(message ?? '')));
      }),
      onSocket('upgrader', 'upgrader:success', (message) => {
        afterReveal('upgrader', () => toast.success(String(message ?? '')));
      }),
    ];
    return () => {
      clearWatch();
      release();
      for (const off of offs) off();
    };
  }, [reject, release]);

  const attempt = useCallback(
    (amount: number, itemId: string, isUnder: boolean) => {
      sentStake.current = Math.round(amount * 100);
      setPending(true);
      release();
      hold.current = holdReveal('upgrader');
      // instant mode: the dial lands at once, so the server announces the win at once too
      if (useGameSettings.getState().instant.upgrader === true)
        getSocket('upgrader').emit('upgrader:attempt', amount, itemId, isUnder, { instant: true });
      else getSocket('upgrader').emit('upgrader:attempt', amount, itemId, isUnder);
      clearTimeout(timeout.current);
      timeout.current = setTimeout(() => {
        release();
        setPending(false);
        toast.error(`${UPGRADE_ERROR_PREFIX}the server did not answer.`);
        reject(new Error('the server did not answer'));
      }, ANSWER_TIMEOUT_MS);
    },
    [reject, release],
  );

  /** An attempt for autobet: settles once the dial has landed (stake and what came back, in cents). */
  const place = useCallback(
    (amount: number, itemId: string, isUnder: boolean): Promise<SettledBet> => {
      const settled = reply.expect();
      attempt(amount, itemId, isUnder);
      return settled;
    },
    [attempt, reply],
  );

  const finishSpin = useCallback(
    (result: UpgradeResult) => {
      setSpinning(null);
      setPending(false);
      setLast(result);
      release();
      if (result.success) celebrate();
      resolve({ stake: sentStake.current, payout: result.success ? Math.round(result.payout * 100) : 0 });
    },
    [resolve, release],
  );

  return { pending, spinning, last, attempt, place, finishSpin };
}
