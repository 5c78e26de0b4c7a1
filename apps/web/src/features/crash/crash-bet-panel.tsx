import { CRASH_AUTO_CASHOUT_DEFAULT, CRASH_STATUS } from '@coinsite/shared/schemas/crash';
import { useBetHotkeys } from '../bet-tools/hotkeys.ts';
import { crashCashoutPayout } from '@coinsite/shared/games';
import { useId, useState } from 'react';
import { formatCoins } from '../../lib/format.ts';
import { AmountField } from '../dice/amount-field.tsx';
import { PlayButton, Readout } from '../dice/instant-game.tsx';
import { acceptsNumeric, centsToText, textToCents, textToNumber } from '../dice/numeric.ts';
import type { CrashView } from './crash-state.ts';
import type { MyBet } from './use-crash.ts';
import { AutobetControls, type BetMode, BetModeSwitch } from '../autobet/autobet-panel.tsx';
import { type SettledBet, useAutobet } from '../autobet/use-autobet.ts';
import { confirmStake } from '../bet-tools/bet-confirm.tsx';

/** What the button says and does for the player's bet and the round's status (spec-3 §4). */
function buttonFor(mine: MyBet, view: CrashView) {
  switch (mine.phase) {
    case 'queued':
      return { text: 'Cancel bet (queued)', action: 'place' as const, disabled: false };
    case 'placing':
      return { text: 'Betting...', action: 'none' as const, disabled: true };
    case 'active':
      return {
        text: 'Cashout',
        action: 'cashout' as const,
        disabled: view.status !== CRASH_STATUS.InProgress,
      };
    case 'cashing':
      return { text: 'Cashout', action: 'none' as const, disabled: true };
    case 'cashed':
      return { text: 'Cashed out', action: 'none' as const, disabled: true };
    default:
      return { text: 'Place bet', action: 'place' as const, disabled: false };
  }
}

export function CrashBetPanel({
  view,
  mine,
  ready,
  onPlace,
  onCashout,
  placeRound,
  dropRound,
}: {
  /** The autobet ended: a bet still held for the next round is dropped. */
  dropRound: () => void;
  /** Autobet: one bet in the next round, settled at its cashout or the crash. */
  placeRound: (amount: number, target: number | null) => Promise<SettledBet>;
  view: CrashView;
  mine: MyBet;
  ready: boolean;
  onPlace: (amount: number, target: number | null) => void;
  onCashout: () => void;
}) {
  const autoId = useId();
  const [amount, setAmount] = useState('0.00');
  const [auto, setAuto] = useState(CRASH_AUTO_CASHOUT_DEFAULT.toFixed(2));
  const amountCents = textToCents(amount) ?? 0;
  const autoValue = textToNumber(auto);
  const target = autoValue === null ? null : Math.round(autoValue * 100);
  const button = buttonFor(mine, view);
  const betCents =
    mine.phase === 'active' || mine.phase === 'cashing' ? Math.round(mine.bet.betAmount * 100) : 0;
  const live = betCents > 0 && view.status === CRASH_STATUS.InProgress;
  const [mode, setMode] = useState<BetMode>('manual');
  const autobet = useAutobet({
    place: (cents) => placeRound(cents / 100, target),
    connected: ready,
    onAmount: (cents) => setAmount(centsToText(cents)),
    onEnd: dropRound,
  });
  const editing = (mine.phase === 'none' || mine.phase === 'cashed') && !autobet.running;
  const press = () => {
    if (button.action === 'cashout') onCashout();
    else if (button.action === 'place') {
      // a queued bet's button cancels it: no question then
      if (mine.phase === 'queued') onPlace(amountCents / 100, target);
      else void confirmStake(amountCents).then((ok) => ok && onPlace(amountCents / 100, target));
    }
  };
  useBetHotkeys({
    amount,
    setAmount: (v) => (editing ? setAmount(v) : undefined),
    bet: autobet.running
      ? autobet.stop
      : mode === 'manual' || button.action === 'cashout'
        ? button.disabled || !ready
          ? undefined
          : press
        : undefined,
  });

  return (
    <>
      <BetModeSwitch mode={mode} onMode={setMode} disabled={autobet.running} />
      <AmountField value={amount} onChange={setAmount} disabled={!editing} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={autoId} className="text-xs font-semibold text-ink-300">
          Auto Cashout
        </label>
        <div className="flex h-11 items-center gap-1 rounded-lg border border-ink-600 bg-ink-950/70 px-3 focus-within:border-accent-500 focus-within:ring-2 focus-within:ring-accent-500/30">
          <input
            id={autoId}
            data-testid="crash-auto"
            inputMode="decimal"
            autoComplete="off"
            value={auto}
            disabled={!editing}
            placeholder="None"
            onChange={(e) => {
              const next = e.target.value.replace(',', '.');
              if (acceptsNumeric(next, 2, 7)) setAuto(next);
            }}
            className="h-full min-w-0 flex-1 bg-transparent font-mono text-sm font-bold text-white tabular-nums placeholder:text-ink-400 focus:outline-none"
          />
          <span className="font-mono text-sm font-bold text-ink-400" aria-hidden="true">
            x
          </span>
        </div>
      </div>
      <Readout
        label="Profit on auto cashout"
        value={
          target !== null && target > 100
            ? `+${formatCoins((crashCashoutPayout(amountCents, target, Math.round(view.maxProfit * 100)) - amountCents) / 100)}`
            : '—'
        }
      />
      {mode === 'auto' ? (
        <AutobetControls
          auto={autobet}
          baseCents={amountCents}
          ready={ready}
          startProblem={
            target === null || target <= 100 ? 'Set an auto cashout above 1.00x for autobet.' : null
          }
          beforeStart={confirmStake}
        />
      ) : null}
      {mode === 'auto' && mine.phase !== 'active' && mine.phase !== 'cashing' ? null : (
        <PlayButton
          data-testid="crash-bet"
          disabled={button.disabled || !ready}
          className={button.action === 'cashout' ? 'from-gold-300 to-gold-500' : undefined}
          onClick={press}
        >
          <span>{button.text}</span>
          {live ? (
            <span className="font-mono text-sm tabular-nums opacity-80">
              {formatCoins(Math.floor(betCents * view.lastTick) / 100)}
            </span>
          ) : null}
        </PlayButton>
      )}
      {view.maxProfit > 0 ? (
        <p className="text-xs text-ink-400">
          Max profit per bet: {formatCoins(view.maxProfit)}. A bet reaching it is cashed out for you.
        </p>
      ) : null}
    </>
  );
}
