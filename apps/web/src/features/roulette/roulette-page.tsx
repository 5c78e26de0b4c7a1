import { rouletteColor, roulettePayout } from '@coinsite/shared/fairness';
import { GameKeys } from '../bet-tools/game-toolbar.tsx';
import { GAME_HOTKEYS, useBetHotkeys } from '../bet-tools/hotkeys.ts';
import {
  ROULETTE_BETTING_MS,
  type RouletteHistoryEntry,
  type RoulettePlayer,
} from '@coinsite/shared/schemas/roulette';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { cn } from '../../lib/cn.ts';
import { openDialog } from '../../lib/dialog-store.ts';
import { drainBar, useMsUntil, useNowAt } from '../../lib/use-clock.ts';
import { GameArt } from '../../ui/game-art.tsx';
import { formatCoins } from '../../lib/format.ts';
import { playSound } from '../../lib/sounds.ts';
import { GAME_THEME } from '../../ui/game-theme.ts';
import { useAuthStore } from '../auth/auth-store.ts';
import { RoundFairButton } from '../crash/round-fair-dialog.tsx';
import { AmountField } from '../dice/amount-field.tsx';
import { centsToText, textToCents } from '../dice/numeric.ts';
import { AutobetControls, type BetMode, BetModeSwitch } from '../autobet/autobet-panel.tsx';
import { useAutobet } from '../autobet/use-autobet.ts';
import { confirmStake } from '../bet-tools/bet-confirm.tsx';
import type { RouletteBetColor } from '@coinsite/shared/schemas/roulette';
import { LiveFeed } from '../live-feed/live-feed.tsx';
import { RouletteColumns } from './roulette-columns.tsx';
import { canBet, type RouletteView, rollShown, rouletteWinnerLabel } from './roulette-state.ts';
import { RouletteWheel, SLOT_STYLE } from './roulette-wheel.tsx';
import { useRoulette } from './use-roulette.ts';

/** "PLACE YOUR BETS · 12.3s": the only part of the page that ticks (ten times a second). */
function Countdown({ endsAt }: { endsAt: number }) {
  const left = useMsUntil(endsAt, 100);
  return <>{`PLACE YOUR BETS · ${(left / 1000).toFixed(1)}s`}</>;
}

/** The betting bar, drained on the compositor from the time left to empty. */
function BettingBar({ endsAt }: { endsAt: number }) {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => (bar.current ? drainBar(bar.current, endsAt, ROULETTE_BETTING_MS) : undefined), [endsAt]);
  return <div ref={bar} className="h-full w-full rounded-full bg-gold-400" />;
}

function Status({ view, now }: { view: RouletteView; now: number }) {
  const roll = view.roll;
  const endsAt = view.bettingEndsAt !== null && now < view.bettingEndsAt ? view.bettingEndsAt : null;
  let title: ReactNode = 'Waiting for the next round';
  if (endsAt !== null) title = <Countdown endsAt={endsAt} />;
  else if (roll && rollShown(view)) {
    const color = rouletteColor(roll.slot);
    title = `Rolled ${color.toUpperCase()} ${roll.slot}`;
  } else if (roll) title = 'Rolling…';
  return (
    <div className="flex flex-col items-center gap-2" data-testid="roulette-status">
      <span className="font-mono text-sm font-black tracking-widest text-white">{title}</span>
      <div className="h-1.5 w-full max-w-md overflow-hidden rounded-full bg-ink-700">
        {endsAt !== null ? <BettingBar endsAt={endsAt} /> : null}
      </div>
    </div>
  );
}

/**
 * What the player's bets of the rolled round paid, in coins (bets on the winning colour pay 2x or
 * 14x), or null when they had no bet on it.
 */
export function myRouletteWin(players: RoulettePlayer[], userId: string | null, slot: number): number | null {
  if (userId === null) return null;
  const winner = rouletteColor(slot);
  const mine = players.filter((p) => p._id === userId && p.color === winner);
  if (mine.length === 0) return null;
  const cents = mine.reduce((sum, p) => sum + roulettePayout(Math.round(p.betAmount * 100), winner, slot), 0);
  return cents / 100;
}

/** The winner's line under the wheel once it has stopped: what their bets on the colour paid. */
function WinBanner({ amount, color }: { amount: number; color: string }) {
  return (
    <div
      data-testid="roulette-win"
      role="status"
      className="mx-auto flex items-center gap-2 rounded-full bg-emerald-500/15 px-4 py-1.5 text-sm font-bold text-emerald-300 ring-1 ring-emerald-400/40 animate-fade-in"
    >
      You won <span className="font-mono tabular-nums text-white">{formatCoins(amount)}</span> on {color}
    </div>
  );
}

/** The last rounds as coloured chips, and the colour counts of the last 100 (spec-3 §9). */
function History({ history }: { history: RouletteHistoryEntry[] }) {
  const counts = { red: 0, green: 0, black: 0 };
  for (const h of history) {
    const label = rouletteWinnerLabel(h.winner);
    if (label !== 'INVALID') counts[label] += 1;
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <ol
        aria-label="Last rolls"
        className="flex min-w-0 flex-1 gap-1.5 overflow-hidden"
        data-testid="roulette-history"
      >
        {history.slice(0, 10).map((h) => {
          const label = rouletteWinnerLabel(h.winner);
          return (
            <li
              key={h._id}
              title={label === 'INVALID' ? `Round #${h.number}: INVALID` : `Round #${h.number}`}
              data-winner={label}
              className={cn(
                'flex h-8 shrink-0 items-center justify-center rounded-full text-xs font-black shadow ring-1 ring-white/10',
                label === 'INVALID'
                  ? 'bg-ink-700 px-2 text-[0.6rem] tracking-wide text-ink-200'
                  : `w-8 ${SLOT_STYLE[label]}`,
              )}
            >
              {label === 'INVALID' ? 'INVALID' : h.randomModule}
            </li>
          );
        })}
      </ol>
      <div className="flex items-center gap-3 text-xs font-semibold text-ink-300" aria-label="Last 100 rolls">
        <span className="text-ink-400">Last 100</span>
        {(['red', 'green', 'black'] as const).map((c) => (
          <span key={c} className="inline-flex items-center gap-1.5">
            <span className={cn('h-3 w-3 rounded-full ring-1 ring-white/25', SLOT_STYLE[c])} />
            <span className="font-mono tabular-nums">{counts[c]}</span>
          </span>
        ))}
      </div>
    </div>
  );
}

const AUTO_COLORS: Array<{ color: RouletteBetColor; label: string; style: string }> = [
  { color: 'red', label: 'Red 2x', style: 'from-rose-500 to-rose-700 text-white' },
  { color: 'green', label: 'Green 14x', style: 'from-emerald-400 to-emerald-600 text-emerald-950' },
  { color: 'black', label: 'Black 2x', style: 'from-ink-500 to-ink-700 text-white' },
];

/** The colour every autobet round bets on. */
function AutoColorPicker({
  color,
  onColor,
  disabled,
}: {
  color: RouletteBetColor;
  onColor: (c: RouletteBetColor) => void;
  disabled: boolean;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <span id="roulette-auto-color" className="text-xs font-semibold text-ink-300">
        Bet every round on
      </span>
      <div role="group" aria-labelledby="roulette-auto-color" className="grid grid-cols-3 gap-2">
        {AUTO_COLORS.map((c) => (
          <button
            key={c.color}
            type="button"
            aria-pressed={color === c.color}
            disabled={disabled}
            data-testid={`auto-color-${c.color}`}
            onClick={() => onColor(c.color)}
            className={cn(
              'h-10 rounded-lg bg-gradient-to-b text-sm font-black opacity-50 transition hover:opacity-80 disabled:pointer-events-none',
              c.style,
              color === c.color && 'opacity-100 ring-2 ring-white/70',
            )}
          >
            {c.label}
          </button>
        ))}
      </div>
      <p className="text-xs text-ink-400">
        One bet a round, placed when the round opens; the next goes out once the wheel has stopped.
      </p>
    </div>
  );
}

/** /roulette (spec-3 §2.8): the wheel, the countdown, the history, the amount and the three colour columns. */
export function RoulettePage() {
  const roulette = useRoulette();
  const { view } = roulette;
  // re-renders when betting opens and closes, not on a ticker (the countdown ticks on its own)
  const now = useNowAt([view.bettingOpensAt, view.bettingEndsAt]);
  const signedIn = useAuthStore((s) => s.user !== null);
  const userId = useAuthStore((s) => s.user?._id ?? null);
  const [amount, setAmount] = useState('0.00');
  const [from, to] = GAME_THEME.roulette;
  // the result shows when the wheel has stopped on this screen (issue 28 item 5)
  const rolledColor = view.roll && rollShown(view) ? rouletteColor(view.roll.slot) : null;
  const won = rolledColor && view.roll ? myRouletteWin(view.players, userId, view.roll.slot) : null;
  // one toast per round when the wheel stops on the player's colour (the balance follows with it)
  const toasted = useRef<string | null>(null);
  useEffect(() => {
    if (won === null || !rolledColor || view.roundId === null || view.roll?.late) return;
    if (toasted.current === view.roundId) return;
    toasted.current = view.roundId;
    toast.success(`You won ${formatCoins(won)} on ${rolledColor}!`);
    playSound('win');
  }, [won, rolledColor, view.roundId, view.roll?.late]);
  const rounds = view.history.map((h) => {
    const label = rouletteWinnerLabel(h.winner);
    return { ...h, result: label === 'INVALID' ? label : `${label} ${h.randomModule}` };
  });

  const amountCents = textToCents(amount) ?? 0;
  const onBet = (color: RouletteBetColor) => {
    if (!signedIn) {
      openDialog({ name: 'signIn', view: 'login' });
      return;
    }
    // bet safety (issue 15): a stake above the chosen share of the balance asks first
    void confirmStake(amountCents).then((ok) => ok && roulette.bet(color, amountCents / 100));
  };
  const [mode, setMode] = useState<BetMode>('manual');
  const [autoColor, setAutoColor] = useState<RouletteBetColor>('red');
  // auto-bet every round, as crash does: the same controller, settled when the wheel stops
  const autobet = useAutobet({
    place: (cents) => roulette.placeRound(autoColor, cents / 100),
    connected: roulette.ready,
    onAmount: (cents) => setAmount(centsToText(cents)),
    onEnd: roulette.dropRound,
  });

  useBetHotkeys({
    amount,
    setAmount: (v) => (autobet.running ? undefined : setAmount(v)),
    bet: autobet.running ? autobet.stop : undefined,
    more:
      autobet.running || mode !== 'manual'
        ? {}
        : { r: () => onBet('red'), g: () => onBet('green'), b: () => onBet('black') },
  });

  return (
    <div className="mx-auto flex w-full max-w-[1300px] flex-col gap-4 p-3 animate-fade-in sm:p-6">
      <header className="flex items-center justify-between gap-3">
        <h1 className="flex items-center gap-2 text-xl font-black tracking-tight text-white sm:text-2xl">
          <GameArt game="roulette" className="h-9 w-12" />
          Roulette
        </h1>
        <div className="flex items-center gap-1.5">
          <GameKeys rows={GAME_HOTKEYS.roulette} />
          <RoundFairButton
            game="roulette"
            current={{
              _id: view.roundId,
              number: view.roundNumber,
              privateHash: view.privateHash,
              publicSeed: view.publicSeed,
            }}
            rounds={rounds}
          />
        </div>
      </header>
      <section
        className="flex flex-col gap-4 rounded-2xl p-3 ring-1 ring-ink-700 sm:p-5"
        style={{ background: `radial-gradient(ellipse at 50% 0%, ${from}aa, ${to} 85%)` }}
      >
        <History history={view.history} />
        <RouletteWheel roll={view.roll} onLanded={roulette.landed} />
        <Status view={view} now={now} />
        {won !== null && rolledColor ? <WinBanner amount={won} color={rolledColor} /> : null}
      </section>
      <section className="flex flex-col gap-3 rounded-2xl bg-ink-850 p-3 ring-1 ring-ink-700 sm:p-4">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="sm:w-44">
            <BetModeSwitch mode={mode} onMode={setMode} disabled={autobet.running} />
          </div>
          <div className="flex-1">
            <AmountField value={amount} onChange={setAmount} disabled={autobet.running} />
          </div>
          <button
            type="button"
            disabled={autobet.running}
            onClick={() => setAmount('0.00')}
            className="h-11 rounded-lg bg-ink-700 px-4 text-sm font-bold text-ink-200 transition hover:bg-ink-600 hover:text-white disabled:opacity-50"
          >
            Clear
          </button>
        </div>
        {mode === 'auto' ? (
          <div className="grid gap-4 md:grid-cols-2" data-testid="roulette-autobet">
            <AutoColorPicker color={autoColor} onColor={setAutoColor} disabled={autobet.running} />
            <AutobetControls
              auto={autobet}
              baseCents={amountCents}
              ready={roulette.ready}
              beforeStart={confirmStake}
            />
          </div>
        ) : null}
      </section>
      <RouletteColumns
        players={view.players}
        winner={rolledColor}
        disabled={signedIn && (autobet.running || !roulette.ready || roulette.pending || !canBet(view, now))}
        onBet={onBet}
      />
      <LiveFeed game="roulette" />
    </div>
  );
}
