import { betAmountError } from '@coinsite/shared/games';
import { diceTargetError } from '@coinsite/shared/fairness';
import type { SettledBet } from '../autobet/use-autobet.ts';
import { diceEdge, multiplierFor } from './dice-math.ts';
import { useInstantBet } from './use-instant-bet.ts';

export { eventMessage } from './event-message.ts';

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

/** dice:bet / dice:result / game-creation-error on the dice namespace (PROTOCOL.md §5). */
export function useDice() {
  const { send, ...game } = useInstantBet<DiceResult, { target: number; over: boolean }>(
    'dice',
    { target: 0, over: false },
    (raw, sent) =>
      typeof raw.diceresult !== 'number'
        ? null
        : {
            betId: String(raw.betId ?? Date.now()),
            roll: raw.diceresult,
            win: raw.win === true,
            multiplier: typeof raw.multiplier === 'number' ? raw.multiplier : 0,
            payout: typeof raw.payout === 'number' ? raw.payout : 0,
            target: sent.target,
            over: sent.over,
            shown: sent.over ? (10000 - Math.round(raw.diceresult * 100)) / 100 : raw.diceresult,
          },
    (amountCents, sent) => ({
      amount: amountCents / 100,
      // display only for the server; rangeData is the roll-under percentage
      multiplier: multiplierFor(sent.target) / 10000,
      rangeData: sent.target / 100,
    }),
  );

  /**
   * Checks what the server would refuse anyway, then sends the bet; settles with what came back
   * (rejects when it was refused).
   */
  /** `quiet`: an autobet's bet (instant mode: no lock, no sound). */
  const place = (amountCents: number, target: number, over = false, quiet = false): Promise<SettledBet> =>
    send(
      amountCents,
      { target, over },
      betAmountError(amountCents) ?? diceTargetError(target, diceEdge()),
      quiet,
    );
  const bet = (amountCents: number, target: number, over = false) => {
    place(amountCents, target, over).catch(() => undefined);
  };

  return { ...game, bet, place };
}
