import type { HiloOption } from '@coinsite/shared';
import { coinsToCents } from '@coinsite/shared/money';
import { ArrowDown, ArrowUp, Equal, SkipForward } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { formatCoins } from '../../lib/format.ts';
import { useGameSettings, useInstant } from '../../lib/game-settings.ts';
import { gameLimits } from '../../lib/site-store.ts';
import { Button } from '../../ui/button.tsx';
import { AutobetControls, type BetMode, BetModeSwitch, SmallField } from '../autobet/autobet-panel.tsx';
import { useAutobet } from '../autobet/use-autobet.ts';
import { confirmStake } from '../bet-tools/bet-confirm.tsx';
import { useBetHotkeys } from '../bet-tools/hotkeys.ts';
import { AmountField } from '../dice/amount-field.tsx';
import { InstantGameScreen, MaxProfitNote, PlayButton, Readout } from '../dice/instant-game.tsx';
import { centsToText, formatMultiplier, textToCents } from '../dice/numeric.ts';
import { HiloTable } from './hilo-table.tsx';
import { useHilo } from './use-hilo.ts';

function GuessButton({
  label,
  option,
  icon,
  tone,
  disabled,
  onClick,
  testId,
}: {
  label: string;
  option: HiloOption | null;
  icon: React.ReactNode;
  tone: 'up' | 'down' | 'plain';
  disabled: boolean;
  onClick: () => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      data-testid={testId}
      disabled={disabled || option === null}
      onClick={onClick}
      className={cn(
        'flex items-center justify-between gap-2 rounded-xl px-3 py-2.5 text-left ring-1 transition disabled:cursor-not-allowed disabled:opacity-40',
        tone === 'up'
          ? 'bg-emerald-500/15 text-emerald-200 ring-emerald-400/40 enabled:hover:bg-emerald-500/25'
          : tone === 'down'
            ? 'bg-rose-500/15 text-rose-200 ring-rose-400/40 enabled:hover:bg-rose-500/25'
            : 'bg-ink-700/70 text-ink-100 ring-ink-600 enabled:hover:bg-ink-600',
      )}
    >
      <span className="flex items-center gap-2 text-sm font-bold">
        {icon}
        {label}
      </span>
      <span className="flex flex-col items-end font-mono text-[11px] font-bold tabular-nums leading-tight">
        {option ? (
          <>
            <span className="text-white">{formatMultiplier(option.multiplier)}×</span>
            <span className="opacity-70">{option.chance.toFixed(2)}%</span>
          </>
        ) : (
          <span className="opacity-70">—</span>
        )}
      </span>
    </button>
  );
}

/** Autobet's guesses per bet: from one to this many won guesses before the cash-out. */
export const HILO_AUTO_MAX_GUESSES = 50;

/** Why autobet cannot start with these guesses per bet (null: it can). */
function guessesProblem(text: string): string | null {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= HILO_AUTO_MAX_GUESSES
    ? null
    : `Guesses per bet: a whole number from 1 to ${HILO_AUTO_MAX_GUESSES}.`;
}

/** /hilo (issue 32): guess whether the next card is higher or lower; cash out whenever you like. */
export function HiloPage() {
  const [amount, setAmount] = useState('0.00');
  const [mode, setMode] = useState<BetMode>('manual');
  const [guesses, setGuesses] = useState('1');
  const hilo = useHilo();
  const { view, active, pending } = hilo;
  const instant = useInstant('hilo');
  const hotkeys = useGameSettings((s) => s.hotkeys);
  const amountCents = textToCents(amount) ?? 0;
  const startBet = () => void confirmStake(amountCents).then((ok) => ok && hilo.start(amountCents));
  // autobet: each bet plays the likelier side `guesses` times, then cashes out (originals-keno-hilo.md)
  // each bet's game makes moves only while its session goes on (Stop leaves the open game to the player)
  const session = useRef(0);
  const auto = useAutobet({
    place: (cents) => {
      const mine = ++session.current;
      return hilo.playAuto(cents, Number(guesses), () => session.current === mine);
    },
    game: 'hilo',
    connected: hilo.ready,
    onAmount: (cents) => setAmount(centsToText(cents)),
    onEnd: () => {
      session.current += 1;
    },
  });

  // a resumed game brings its own stake into the field (autobet sets the field itself)
  const autoRunning = auto.running;
  useEffect(() => {
    if (view?.status === 'active' && !autoRunning) setAmount(centsToText(coinsToCents(view.amount)));
  }, [view?.status, view?.amount, autoRunning]);

  useBetHotkeys({
    game: 'hilo',
    amount,
    setAmount: (v) => (active || auto.running ? undefined : setAmount(v)),
    bet: auto.running
      ? auto.stop
      : mode === 'auto'
        ? undefined
        : active
          ? view?.canCashout
            ? hilo.cashout
            : undefined
          : hilo.ready && !pending
            ? startBet
            : undefined,
  });
  // ↑ higher, ↓ lower, → skip while a game is open (with the hotkeys turned on)
  useEffect(() => {
    if (!hotkeys || !active || autoRunning) return;
    const keys: Record<string, 'higher' | 'lower' | 'skip'> = {
      ArrowUp: 'higher',
      ArrowDown: 'lower',
      ArrowRight: 'skip',
    };
    const onKey = (e: KeyboardEvent) => {
      const choice = keys[e.key];
      if (
        !choice ||
        e.repeat ||
        (e.target instanceof HTMLElement && ['INPUT', 'TEXTAREA', 'SELECT'].includes(e.target.tagName))
      )
        return;
      e.preventDefault();
      hilo.guess(choice);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [hotkeys, active, autoRunning, hilo.guess]);

  const current = view?.cards[view.cards.length - 1];
  const ace = current?.rank === 'A';
  const king = current?.rank === 'K';
  const o = active && view ? view.options : { higher: null, lower: null, same: null };
  const busy = pending || !active || auto.running;

  // an open game's cash-out (in the Auto tab too: a stopped autobet leaves its game to the player)
  const cashoutButton = view ? (
    <Button
      variant="gold"
      size="lg"
      data-testid="hilo-cashout"
      className="max-md:order-first"
      loading={pending}
      disabled={pending || !view.canCashout}
      onClick={hilo.cashout}
    >
      {view.canCashout ? `Cashout ${view.cashout.toFixed(2)}` : 'Guess a card to cash out'}
    </Button>
  ) : null;

  const panel = (
    <>
      <BetModeSwitch mode={mode} onMode={setMode} disabled={auto.running} />
      <AmountField value={amount} onChange={setAmount} disabled={active || auto.running} />
      {/* on a phone the guesses sit right under the card while a game is open */}
      <div className={cn('grid grid-cols-1 gap-2', active && 'max-md:order-first')}>
        <GuessButton
          testId="hilo-higher"
          label={ace ? 'Higher' : king ? 'Higher' : 'Higher or same'}
          option={o.higher}
          tone="up"
          icon={<ArrowUp className="h-4 w-4" aria-hidden="true" />}
          disabled={busy}
          onClick={() => hilo.guess('higher')}
        />
        <GuessButton
          testId="hilo-lower"
          label={king ? 'Lower' : ace ? 'Lower' : 'Lower or same'}
          option={o.lower}
          tone="down"
          icon={<ArrowDown className="h-4 w-4" aria-hidden="true" />}
          disabled={busy}
          onClick={() => hilo.guess('lower')}
        />
        <div className="grid grid-cols-2 gap-2">
          <GuessButton
            testId="hilo-same"
            label="Same"
            option={o.same}
            tone="plain"
            icon={<Equal className="h-4 w-4" aria-hidden="true" />}
            disabled={busy}
            onClick={() => hilo.guess('same')}
          />
          <Button
            variant="secondary"
            className="h-full"
            data-testid="hilo-skip"
            disabled={busy || !view?.canSkip}
            onClick={() => hilo.guess('skip')}
          >
            <SkipForward className="h-4 w-4" aria-hidden="true" /> Skip
          </Button>
        </div>
      </div>
      <Readout
        label={`Total profit (${formatMultiplier(active && view ? view.multiplier : 1)}×)`}
        value={active && view && view.cashout > 0 ? (view.cashout - view.amount).toFixed(2) : '0.00'}
        tone={active && view && view.cashout > view.amount ? 'win' : undefined}
        testId="hilo-profit"
      />
      {mode === 'auto' ? (
        <>
          {active && view && !auto.running ? cashoutButton : null}
          <SmallField
            label="Guesses per bet"
            value={guesses}
            decimals={0}
            disabled={auto.running}
            testId="hilo-auto-guesses"
            onChange={setGuesses}
          />
          <p className="text-xs text-ink-400">
            Each bet guesses the likelier of higher and lower until that many guesses have won, then cashes
            out.
          </p>
          <AutobetControls
            auto={auto}
            baseCents={amountCents}
            ready={hilo.ready}
            startProblem={active ? 'Finish the open game first.' : guessesProblem(guesses)}
            beforeStart={confirmStake}
          />
        </>
      ) : active && view ? (
        cashoutButton
      ) : (
        <PlayButton data-testid="hilo-bet" disabled={pending || !hilo.ready} onClick={startBet}>
          Bet
        </PlayButton>
      )}
      <MaxProfitNote>
        Max profit per game: {formatCoins(gameLimits.maxProfitCents / 100)}. A game reaching it is cashed out
        for you.
      </MaxProfitNote>
    </>
  );

  return (
    <InstantGameScreen
      title="Hilo"
      game="hilo"
      panel={panel}
      stage={<HiloTable view={view} instant={instant} />}
    />
  );
}
