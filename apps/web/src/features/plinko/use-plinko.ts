import { plinkoParamsError, type PlinkoRisk } from '@coinsite/shared/fairness';
import { betAmountError } from '@coinsite/shared/games';
import { useRef } from 'react';
import type { SettledBet } from '../autobet/use-autobet.ts';
import { useInstantBet } from '../dice/use-instant-bet.ts';

export interface PlinkoDrop {
  betId: string;
  /** One step per row, 1 = right. */
  path: number[];
  slot: number;
  /** e.g. 0.2, 1000 */
  multiplier: number;
  /** Gross coins credited. */
  gross: number;
  /** Net profit in coins (0 when it paid back less than the stake). */
  payout: number;
  win: boolean;
  grossCents: number;
  rows: number;
  risk: PlinkoRisk;
  /** In instant mode the ball is not drawn: the slot lights at once. */
  instant: boolean;
}

interface Sent {
  rows: number;
  risk: PlinkoRisk;
  instant: boolean;
}

/**
 * plinko:bet / plinko:result / game-creation-error on the plinko namespace (issue 32). `onDrop` hears
 * of each result as it arrives (before the bet's promise settles), so the screen can start its ball.
 */
export function usePlinko(onDrop: (drop: PlinkoDrop) => void) {
  const onDropRef = useRef(onDrop);
  onDropRef.current = onDrop;
  const { send, ...game } = useInstantBet<PlinkoDrop, Sent | null>(
    'plinko',
    null,
    (raw, sent) => {
      const drop = readDrop(raw, sent);
      if (drop) onDropRef.current(drop);
      return drop;
    },
    (amountCents, sent) => ({
      amount: amountCents / 100,
      risk: sent?.risk,
      rows: sent?.rows,
      instant: sent?.instant === true,
    }),
  );

  const place = (
    amountCents: number,
    rows: number,
    risk: PlinkoRisk,
    instant: boolean,
  ): Promise<SettledBet> =>
    send(amountCents, { rows, risk, instant }, betAmountError(amountCents) ?? plinkoParamsError(rows, risk));

  return { ...game, place };
}

function readDrop(raw: Record<string, unknown>, sent: Sent | null): PlinkoDrop | null {
  if (!sent || !Array.isArray(raw.path) || typeof raw.slot !== 'number') return null;
  const multiplier = typeof raw.multiplier === 'number' ? raw.multiplier : 0;
  const gross = typeof raw.payout === 'number' ? raw.payout : 0;
  const grossCents = Math.round(gross * 100);
  return {
    betId: String(raw.betId ?? Date.now()),
    path: raw.path.map((s) => (s === 1 ? 1 : 0)),
    slot: raw.slot,
    multiplier,
    gross,
    grossCents,
    win: multiplier > 1,
    payout: 0,
    rows: typeof raw.rows === 'number' ? raw.rows : sent.rows,
    risk: raw.risk === 'low' || raw.risk === 'medium' || raw.risk === 'high' ? raw.risk : sent.risk,
    instant: sent.instant,
  };
}
