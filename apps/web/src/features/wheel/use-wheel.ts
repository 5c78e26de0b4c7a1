import { type WheelRisk, type WheelSegments, wheelParamsError } from '@coinsite/shared/fairness';
import { betAmountError } from '@coinsite/shared/games';
import { useRef } from 'react';
import type { SettledBet } from '../autobet/use-autobet.ts';
import { useInstantBet } from '../dice/use-instant-bet.ts';

export interface WheelSpin {
  betId: string;
  segment: number;
  /** e.g. 0, 1.5, 49.5 */
  multiplier: number;
  /** Gross coins credited (0 on a blank). */
  gross: number;
  grossCents: number;
  payout: number;
  win: boolean;
  segments: WheelSegments;
  risk: WheelRisk;
  instant: boolean;
}

interface Sent {
  segments: WheelSegments;
  risk: WheelRisk;
  instant: boolean;
}

/**
 * wheel:bet / wheel:result / game-creation-error on the wheel namespace (issue 32). `onSpin` hears of
 * each result as it arrives (before the bet's promise settles), so the screen can start turning.
 */
export function useWheel(onSpin: (spin: WheelSpin) => void) {
  const onSpinRef = useRef(onSpin);
  onSpinRef.current = onSpin;
  const { send, ...game } = useInstantBet<WheelSpin, Sent | null>(
    'wheel',
    null,
    (raw, sent) => {
      if (!sent || typeof raw.segment !== 'number') return null;
      const multiplier = typeof raw.multiplier === 'number' ? raw.multiplier : 0;
      const gross = typeof raw.payout === 'number' ? raw.payout : 0;
      const spin: WheelSpin = {
        betId: String(raw.betId ?? Date.now()),
        segment: raw.segment,
        multiplier,
        gross,
        grossCents: Math.round(gross * 100),
        payout: 0,
        win: multiplier > 1,
        segments: sent.segments,
        risk: sent.risk,
        instant: sent.instant,
      };
      onSpinRef.current(spin);
      return spin;
    },
    (amountCents, sent) => ({
      amount: amountCents / 100,
      risk: sent?.risk,
      segments: sent?.segments,
      instant: sent?.instant === true,
    }),
  );

  const place = (
    amountCents: number,
    segments: WheelSegments,
    risk: WheelRisk,
    instant: boolean,
  ): Promise<SettledBet> =>
    send(
      amountCents,
      { segments, risk, instant },
      betAmountError(amountCents) ?? wheelParamsError(segments, risk),
    );

  return { ...game, place };
}
