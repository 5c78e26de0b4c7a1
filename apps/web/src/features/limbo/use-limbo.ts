import { betAmountError } from '@coinsite/shared/games';
import { limboTargetError } from '@coinsite/shared/fairness';
import type { SettledBet } from '../autobet/use-autobet.ts';
import { useInstantBet } from '../dice/use-instant-bet.ts';

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

/** limbo:bet / limbo:result / game-creation-error on the limbo namespace (PROTOCOL.md §5). */
export function useLimbo() {
  const { send, ...game } = useInstantBet<LimboResult, number>(
    'limbo',
    0,
    (raw, target) =>
      typeof raw.crashpoint !== 'number'
        ? null
        : {
            betId: String(raw.betId ?? Date.now()),
            crashpoint: raw.crashpoint,
            win: raw.win === true,
            payout: typeof raw.payout === 'number' ? raw.payout : 0,
            target,
          },
    (amountCents, target) => ({ amount: amountCents / 100, multiplier: target / 100 }),
  );

  /** `target` in hundredths, or null when the field does not hold a valid one. */
  const place = (amountCents: number, target: number | null, quiet = false): Promise<SettledBet> => {
    const problem =
      betAmountError(amountCents) ?? (target === null ? limboTargetError(0) : limboTargetError(target));
    return send(
      amountCents,
      target ?? 0,
      problem ?? (target === null ? 'Invalid target multiplier.' : null),
      quiet,
    );
  };
  const bet = (amountCents: number, target: number | null) => {
    place(amountCents, target).catch(() => undefined);
  };

  return { ...game, bet, place };
}
