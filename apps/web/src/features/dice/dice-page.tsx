import type { GameParams } from '@coinsite/shared/autobet';
import { ArrowLeftRight, Percent, X } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { formatCoins } from '../../lib/format.ts';
import { gameLimits } from '../../lib/site-store.ts';
import { useAnimatedNumber } from '../wallet/use-animated-number.ts';
import { useCalm, usePillFade } from '../../lib/use-calm.ts';
import { AutobetControls, type BetMode, BetModeSwitch } from '../autobet/autobet-panel.tsx';
import { useAutobet } from '../autobet/use-autobet.ts';
import { useBetHotkeys } from '../bet-tools/hotkeys.ts';
import { useInstant } from '../../lib/game-settings.ts';
import { AmountField } from './amount-field.tsx';
import { BET_LOCK_MS } from './bet-lock.ts';
import {
  clampTarget,
  DICE_DEFAULT_TARGET,
  multiplierFor,
  profitOnWin,
  targetForMultiplier,
} from './dice-math.ts';
import { DiceSlider } from './dice-slider.tsx';
import { InstantGameScreen, MaxProfitNote, PlayButton, Readout } from './instant-game.tsx';
import { LinkedField } from './linked-field.tsx';
import { centsToText, textToCents } from './numeric.ts';
import { type DiceResult, useDice } from './use-dice.ts';
import { confirmStake } from '../bet-tools/bet-confirm.tsx';

/**
 * The line under the roll, in the bet's own direction (a Roll Under bet never reads "Rolled over":
 * issue 28 item 10): "Rolled 37.20, under 50.00: you won 1.00" or "Rolled 62.13, needed under
 * 50.00: no luck this time".
 */
export function diceResultText(result: DiceResult): string {
  const line = ((result.over ? 10000 - result.target : result.target) / 100).toFixed(2);
  const direction = result.over ? 'over' : 'under';
  const rolled = `Rolled ${result.shown.toFixed(2)}`;
  return result.win
    ? `${rolled}, ${direction} ${line}: you won ${formatCoins(result.payout)}`
    : `${rolled}, needed ${direction} ${line}: no luck this time`;
}

/** The roll-under target a rule's chance or multiplier asks for (else the player's). */
function paramsTarget(p: GameParams | null, target: number): number {
  if (p?.chance != null) return clampTarget(Math.round(p.chance * 100));
  if (p?.multiplier != null) return clampTarget(targetForMultiplier(p.multiplier));
  return target;
}

function ResultNumber({ result }: { result: DiceResult | null }) {
  const instant = useInstant('dice');
  // instant mode: the roll is shown on the next frame
  const shown = useAnimatedNumber(result?.shown ?? 50, instant ? 1 : BET_LOCK_MS);
  const calm = useCalm(result?.betId);
  return (
    <div className="flex flex-col items-center gap-1" aria-live="polite">
      <span
        data-testid="dice-result"
        className={cn(
          'font-mono text-6xl font-black tabular-nums drop-shadow-lg sm:text-7xl',
          calm && 'transition-colors',
          !result ? 'text-white/25' : result.win ? 'text-accent-400' : 'text-red-400',
        )}
      >
        {shown.toFixed(2)}
      </span>
      <span className="h-5 text-sm font-semibold text-ink-300">
        {result ? diceResultText(result) : 'Roll under or over your target to win'}
      </span>
    </div>
  );
}

function History({ items }: { items: DiceResult[] }) {
  const fade = usePillFade(items[0]?.betId);
  return (
    <ol className="flex h-7 justify-end gap-1.5 overflow-hidden" aria-label="Recent rolls">
      {[...items].reverse().map((r) => (
        <li
          key={r.betId}
          className={cn(
            'shrink-0 rounded-full px-2.5 py-1 font-mono text-xs font-bold text-ink-950',
            fade(r.betId),
            r.win ? 'bg-accent-400' : 'bg-ink-600 text-ink-200',
          )}
        >
          {r.shown.toFixed(2)}
        </li>
      ))}
    </ol>
  );
}

/** /dice (spec-3 §2.11): roll under a target picked on the slider or in the linked fields. */
export function DicePage() {
  const [amount, setAmount] = useState('0.00');
  const [target, setTarget] = useState(DICE_DEFAULT_TARGET);
  // roll over X is sent as roll under 100 − X (the wire has no direction: docs/decisions.md)
  const [over, setOver] = useState(false);
  const dice = useDice();
  const [mode, setMode] = useState<BetMode>('manual');
  const auto = useAutobet({
    // the advanced rules may switch the side or set a chance / multiplier (shown in the fields)
    place: (cents, p) => dice.place(cents, paramsTarget(p, target), p?.over ?? over, true),
    onParams: (p) => {
      setTarget(paramsTarget(p, target));
      if (p.over !== null) setOver(p.over);
    },
    game: 'dice',
    connected: dice.ready,
    onAmount: (cents) => setAmount(centsToText(cents)),
  });
  const amountCents = textToCents(amount) ?? 0;
  const guardedBet = () =>
    void confirmStake(amountCents).then((ok) => ok && dice.bet(amountCents, target, over));
  useBetHotkeys({
    game: 'dice',
    amount,
    setAmount: (v) => (auto.running ? undefined : changeAmount(v)),
    bet: auto.running ? auto.stop : mode === 'manual' && !dice.locked ? () => guardedBet() : undefined,
  });
  const multiplier = multiplierFor(target);
  const profit = profitOnWin(amountCents, target);

  const changeTarget = (t: number) => {
    setTarget(clampTarget(t));
    dice.inputChanged();
  };
  const changeAmount = (v: string) => {
    setAmount(v);
    dice.inputChanged();
  };

  const panel = (
    <>
      <BetModeSwitch mode={mode} onMode={setMode} disabled={auto.running} />
      <AmountField
        value={amount}
        onChange={changeAmount}
        disabled={auto.running}
        profitOf={(stake) => profitOnWin(stake, target)}
      />
      <Readout
        label={`Profit on Win (${(multiplier / 10000).toFixed(4)}×)`}
        value={centsToText(profit)}
        testId="dice-profit"
        tone={profit > gameLimits.maxProfitCents ? 'lose' : undefined}
      />
      {mode === 'manual' ? (
        <PlayButton data-testid="dice-bet" disabled={dice.locked} onClick={() => guardedBet()}>
          Bet
        </PlayButton>
      ) : (
        <AutobetControls
          auto={auto}
          baseCents={amountCents}
          ready={dice.ready}
          beforeStart={confirmStake}
          game="dice"
          abilities={{ switchSide: true, chance: true, multiplier: true }}
          startParams={{ over }}
        />
      )}
      <MaxProfitNote over={profit > gameLimits.maxProfitCents}>
        Max profit per bet: {formatCoins(gameLimits.maxProfitCents / 100)}. A bet that could win more is
        refused.
      </MaxProfitNote>
    </>
  );

  const stage = (
    <div className="flex h-full flex-col gap-6 p-4 sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <button
          type="button"
          data-testid="dice-direction"
          aria-pressed={over}
          title={over ? 'Switch to roll under' : 'Switch to roll over'}
          onClick={() => setOver((o) => !o)}
          className="inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg bg-ink-950/60 px-2.5 text-xs font-bold text-ink-200 ring-1 ring-white/10 transition hover:text-white"
        >
          <ArrowLeftRight className="h-3.5 w-3.5" aria-hidden="true" />
          {over ? 'Roll Over' : 'Roll Under'}
        </button>
        <History items={dice.history} />
      </div>
      <div className="flex flex-1 flex-col justify-center gap-8 py-2">
        <ResultNumber result={dice.result} />
        <DiceSlider
          target={target}
          onTarget={changeTarget}
          over={over}
          mark={dice.result ? { roll: dice.result.shown, win: dice.result.win, id: dice.result.betId } : null}
        />
      </div>
      <div className="grid grid-cols-3 gap-2 rounded-xl bg-ink-950/50 p-3 ring-1 ring-white/5 sm:gap-3">
        <LinkedField
          label="Multiplier"
          display={(multiplier / 10000).toFixed(4)}
          decimals={4}
          onValue={(m) => changeTarget(targetForMultiplier(m))}
          adornment={<X className="h-4 w-4" aria-hidden="true" />}
          testId="dice-multiplier"
        />
        <LinkedField
          label={over ? 'Roll Over' : 'Roll Under'}
          display={((over ? 10000 - target : target) / 100).toFixed(2)}
          decimals={2}
          onValue={(v) => changeTarget(over ? 10000 - v * 100 : v * 100)}
          testId={over ? 'dice-roll-over' : 'dice-roll-under'}
        />
        <LinkedField
          label="Win Chance"
          display={(target / 100).toFixed(2)}
          decimals={2}
          onValue={(v) => changeTarget(v * 100)}
          adornment={<Percent className="h-4 w-4" aria-hidden="true" />}
          testId="dice-chance"
        />
      </div>
    </div>
  );

  return <InstantGameScreen title="Dice" game="dice" panel={panel} stage={stage} />;
}
