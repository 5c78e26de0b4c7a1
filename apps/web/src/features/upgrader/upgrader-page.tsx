import { coinsToCents } from '@coinsite/shared/money';
import { useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { openDialog } from '../../lib/dialog-store.ts';
import { Button } from '../../ui/button.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { AutobetControls, type BetMode, BetModeSwitch } from '../autobet/autobet-panel.tsx';
import { useAutobet } from '../autobet/use-autobet.ts';
import { useBetHotkeys } from '../bet-tools/hotkeys.ts';
import { useGameSocket } from '../dice/use-game-socket.ts';
import { GameToolbar } from '../bet-tools/game-toolbar.tsx';
import { ProvablyFairButton } from '../fairness-dialog/provably-fair-button.tsx';
import { LiveFeed } from '../live-feed/live-feed.tsx';
import { BetPanel } from './bet-panel.tsx';
import { ItemGrid } from './item-grid.tsx';
import { TargetCard } from './target-card.tsx';
import type { UpgraderItem } from './upgrader-api.ts';
import { DialStage, type DialTone } from './upgrader-dial.tsx';
import {
  amountForPercent,
  capAmountCents,
  maxAmountCents,
  parseAmountCents,
  percentOfWallet,
  rollRange,
  upgradeFigures,
} from './upgrader-math.ts';
import { useUpgrade } from './use-upgrade.ts';
import { confirmStake } from '../bet-tools/bet-confirm.tsx';

/** Digits with at most two decimals: anything else typed is not taken. */
const AMOUNT_TYPING = /^\d{0,9}(\.\d{0,2})?$/;

function SideToggle({
  isUnder,
  disabled,
  onChange,
}: {
  isUnder: boolean;
  disabled: boolean;
  onChange: (u: boolean) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Over or Under"
      className="grid w-full grid-cols-2 gap-1 rounded-xl bg-ink-950/70 p-1 ring-1 ring-ink-700"
    >
      {(['Over', 'Under'] as const).map((label) => {
        const active = (label === 'Under') === isUnder;
        return (
          <button
            key={label}
            type="button"
            aria-pressed={active}
            disabled={disabled}
            onClick={() => onChange(label === 'Under')}
            className={cn(
              'h-9 rounded-lg text-sm font-bold transition disabled:opacity-60',
              active
                ? 'bg-teal-400/20 text-teal-200 ring-1 ring-teal-400/50'
                : 'text-ink-300 hover:text-white',
            )}
          >
            {label}
          </button>
        );
      })}
    </div>
  );
}

/** The Upgrader (spec-3 §2.4, §4, §5, §9) at /upgrader. */
export function UpgraderPage() {
  const user = useAuthStore((s) => s.user);
  const walletCents = user ? coinsToCents(user.wallet) : 0;
  const [selected, setSelected] = useState<UpgraderItem | null>(null);
  const [amountText, setAmountText] = useState('');
  const [isUnder, setIsUnder] = useState(false);
  /** The result stays on the dial until the player changes the bet. */
  const [settledBet, setSettledBet] = useState<string | null>(null);
  const { pending, spinning, last, attempt, place, finishSpin } = useUpgrade();
  const [mode, setMode] = useState<BetMode>('manual');
  const connected = useGameSocket('upgrader');
  const auto = useAutobet({
    game: 'upgrader',
    place: (cents) =>
      selected ? place(cents / 100, selected.id, isUnder) : Promise.reject(new Error('Choose an item.')),
    connected,
    onAmount: (cents) => setAmountText((cents / 100).toFixed(2)),
  });

  const amountCents = user ? parseAmountCents(amountText) : null;
  const percent = user ? percentOfWallet(amountCents ?? 0, walletCents) : 100;
  const priceCents = selected ? coinsToCents(selected.price) : null;
  const figures = upgradeFigures(amountCents, priceCents);
  const range = rollRange(Math.min(figures.chanceBp, 10_000), isUnder);
  const tone: DialTone =
    spinning || !last || last.betId === settledBet ? 'idle' : last.success ? 'win' : 'lose';
  const busy = pending || spinning !== null || auto.running;

  const touch = () => setSettledBet(last?.betId ?? null);
  // spec-3 §5: the amount never exceeds 80 % of the chosen item's price, so neither does the chance
  const changeAmount = (text: string) => {
    if (!AMOUNT_TYPING.test(text)) return;
    touch();
    const typed = parseAmountCents(text);
    const capped = typed === null ? null : capAmountCents(typed, priceCents);
    setAmountText(capped !== null && typed !== null && capped < typed ? (capped / 100).toFixed(2) : text);
  };
  const changePercent = (p: number) => {
    if (!user) return;
    touch();
    setAmountText((capAmountCents(amountForPercent(p, walletCents), priceCents) / 100).toFixed(2));
  };
  const atCap = priceCents !== null && amountCents !== null && amountCents >= maxAmountCents(priceCents);
  const toggleItem = (item: UpgraderItem) => {
    touch();
    setSelected((current) => (current?.id === item.id ? null : item));
    setAmountText('');
  };

  const upgrade = () => {
    if (!user) {
      openDialog({ name: 'signIn', view: 'login' });
      return;
    }
    if (busy || !selected) return;
    // spec-3 §5: beyond the 80 % cap the attempt is silently ignored (the chance shows red).
    if (figures.overCap) return;
    const cents = amountCents ?? 0;
    const item = selected;
    void confirmStake(cents).then((ok) => ok && attempt(cents / 100, item.id, isUnder));
  };

  useBetHotkeys({
    game: 'upgrader',
    amount: amountText,
    setAmount: (text) => (auto.running ? undefined : changeAmount(text)),
    bet: auto.running ? auto.stop : mode === 'manual' && !busy ? upgrade : undefined,
  });

  return (
    <div className="@container mx-auto flex max-w-6xl animate-fade-in flex-col gap-5 p-3 sm:p-5">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-black text-white">Upgrader</h1>
        <div className="flex items-center gap-1.5">
          <GameToolbar game="upgrader" />
          <ProvablyFairButton />
        </div>
      </header>

      <section
        aria-label="Upgrade"
        className="grid items-center gap-4 rounded-3xl bg-[radial-gradient(ellipse_at_50%_0%,#0f3d3a,transparent_65%),linear-gradient(180deg,#141b31,#0b1020)] p-3 ring-1 ring-ink-700 sm:p-5 @xl:grid-cols-2 @3xl:grid-cols-[1fr_auto_1fr]"
      >
        <div className="flex flex-col items-center gap-3 @xl:col-span-2 @3xl:order-2 @3xl:col-span-1 @3xl:w-72">
          <DialStage
            spin={spinning}
            onSpinEnd={finishSpin}
            restTicket={last?.ticketDisplay}
            range={range}
            chanceBp={figures.chanceBp}
            isUnder={isUnder}
            tone={tone}
            overCap={figures.overCap}
            caption={
              tone === 'win' && last
                ? `You won ${last.payout.toFixed(2)}`
                : tone === 'lose'
                  ? 'No luck this time'
                  : undefined
            }
          />
          <div className="flex w-full max-w-72 flex-col gap-2">
            <SideToggle
              isUnder={isUnder}
              disabled={busy}
              onChange={(u) => {
                touch();
                setIsUnder(u);
              }}
            />
            <BetModeSwitch mode={mode} onMode={setMode} disabled={auto.running} />
            {mode === 'manual' ? (
              <Button
                size="lg"
                className="w-full bg-gradient-to-b from-teal-300 to-teal-500 shadow-[0_6px_20px_-6px_rgba(45,212,191,0.6)]"
                disabled={busy || (user !== null && !selected)}
                onClick={upgrade}
              >
                {busy ? 'Upgrading...' : user ? 'Upgrade' : 'Sign in to upgrade'}
              </Button>
            ) : (
              <AutobetControls
                game="upgrader"
                auto={auto}
                baseCents={amountCents ?? 0}
                ready={connected && !pending && spinning === null}
                startProblem={
                  !selected
                    ? 'Choose an item to upgrade to.'
                    : figures.overCap
                      ? 'The win chance is capped at 80%.'
                      : null
                }
                beforeStart={confirmStake}
              />
            )}
            <p
              className={cn('min-h-4 text-center text-xs', figures.overCap ? 'text-red-300' : 'text-ink-400')}
            >
              {figures.overCap || atCap
                ? `The win chance is capped at 80%: at most ${(maxAmountCents(priceCents ?? 0) / 100).toFixed(2)} on this item.`
                : !user
                  ? 'Sign in to upgrade your balance.'
                  : !selected
                    ? 'Choose an item to upgrade to.'
                    : ''}
            </p>
          </div>
        </div>
        <div className="min-w-0 @3xl:order-1">
          <BetPanel
            amountText={user ? amountText : ''}
            percent={percent}
            disabled={busy || !user}
            onAmount={changeAmount}
            onPercent={changePercent}
          />
        </div>
        <div className="min-w-0 @3xl:order-3">
          <TargetCard
            item={selected}
            multiplier={figures.multiplier}
            chanceBp={figures.chanceBp}
            overCap={figures.overCap}
            disabled={busy}
            onClear={() => selected && toggleItem(selected)}
          />
        </div>
      </section>

      <ItemGrid selectedId={selected?.id ?? null} disabled={busy} onToggle={toggleItem} />
      <LiveFeed game="upgrader" />
    </div>
  );
}
