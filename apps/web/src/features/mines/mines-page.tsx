import { MINES_MAX, MINES_MIN, MINES_TILES, minesMultiplier } from '@coinsite/shared/fairness';
import { coinsToCents, mulFloor } from '@coinsite/shared/money';
import { Shuffle } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { formatCoins } from '../../lib/format.ts';
import { gameEdges, gameLimits } from '../../lib/site-store.ts';
import { Button } from '../../ui/button.tsx';
import { AmountField } from '../dice/amount-field.tsx';
import { InstantGameScreen, MaxProfitNote, PlayButton, Readout } from '../dice/instant-game.tsx';
import { centsToText, formatMultiplier, textToCents } from '../dice/numeric.ts';
import { MinesGrid } from './mines-grid.tsx';
import type { MinesState } from './mines-state.ts';
import { useMines } from './use-mines.ts';
import { AutobetControls, type BetMode, BetModeSwitch } from '../autobet/autobet-panel.tsx';
import { useAutobet } from '../autobet/use-autobet.ts';
import { useBetHotkeys } from '../bet-tools/hotkeys.ts';
import { useGameSettings } from '../../lib/game-settings.ts';
import { confirmStake } from '../bet-tools/bet-confirm.tsx';

const COUNTS = Array.from({ length: MINES_MAX - MINES_MIN + 1 }, (_, i) => MINES_MIN + i);

/**
 * The multiplier and net profit (cents) of the next safe tile, or null when none is left. The
 * profit stops at the max profit: the server cashes a game out when it gets there.
 */
function nextTile(s: MinesState): { multiplier: number; profit: number } | null {
  const k = s.revealed + 1;
  if (k > MINES_TILES - s.minesCount) return null;
  const m = minesMultiplier(s.minesCount, k, gameEdges.mines);
  const stake = coinsToCents(s.amount);
  return { multiplier: m / 10000, profit: Math.min(mulFloor(stake, m) - stake, gameLimits.maxProfitCents) };
}

function MinesSelect({
  value,
  onChange,
  disabled,
}: {
  value: number;
  onChange: (n: number) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-semibold text-ink-300">
        Mines
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(Number(e.target.value))}
        className="h-11 rounded-lg border border-ink-600 bg-ink-950/70 px-3 font-mono text-sm font-bold text-white focus:border-accent-500 focus:ring-2 focus:ring-accent-500/30 focus:outline-none disabled:opacity-60"
      >
        {COUNTS.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}

/** /mines and /Mines (spec-3 §2.12): a 5×5 board, reveal gems, cash out before a mine. */
export function MinesPage() {
  const [amount, setAmount] = useState('0.00');
  const [count, setCount] = useState(3);
  const { state, ready, bet, reveal, cashout, playPattern } = useMines();
  const [mode, setMode] = useState<BetMode>('manual');
  const pattern = useGameSettings((s) => s.minesPattern);
  const updateSettings = useGameSettings((s) => s.update);
  const auto = useAutobet({
    place: (cents) => playPattern(cents, count, pattern),
    game: 'mines',
    connected: ready,
    onAmount: (cents) => setAmount(centsToText(cents)),
  });
  const playing = state.status !== 'idle' || auto.running;
  const togglePick = (tile: number) =>
    updateSettings({
      minesPattern: pattern.includes(tile) ? pattern.filter((t) => t !== tile) : [...pattern, tile],
    });
  const randomPattern = () => {
    const size = Math.max(1, Math.min(pattern.length || 3, MINES_TILES - count));
    const tiles = Array.from({ length: MINES_TILES }, (_, i) => i);
    for (let i = tiles.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [tiles[i], tiles[j]] = [tiles[j] as number, tiles[i] as number];
    }
    updateSettings({ minesPattern: tiles.slice(0, size) });
  };
  const patternProblem =
    pattern.length === 0
      ? 'Pick the tiles every game reveals: click them on the board.'
      : pattern.length > MINES_TILES - count
        ? `With ${count} mines at most ${MINES_TILES - count} tiles can be picked.`
        : null;

  // a resumed game brings its own stake and mine count into the fields
  useEffect(() => {
    if (state.status !== 'inprogress') return;
    setAmount(centsToText(coinsToCents(state.amount)));
    setCount(state.minesCount);
  }, [state.status, state.amount, state.minesCount]);

  const next = playing ? nextTile(state) : null;
  const current = state.revealed > 0 ? state.multiplier : 1;
  const randomTile = () => {
    const hidden = state.tiles.flatMap((t, i) => (t.state === 'hidden' ? [i] : []));
    const pick = hidden[Math.floor(Math.random() * hidden.length)];
    if (pick !== undefined) reveal(pick);
  };

  const manualBet = () => {
    const cents = textToCents(amount) ?? 0;
    void confirmStake(cents).then((ok) => ok && bet(cents, count));
  };
  useBetHotkeys({
    game: 'mines',
    amount,
    setAmount: (v) => (playing ? undefined : setAmount(v)),
    bet: auto.running
      ? auto.stop
      : mode === 'manual' && state.status === 'idle' && ready
        ? manualBet
        : undefined,
  });

  const panel = (
    <>
      <BetModeSwitch mode={mode} onMode={setMode} disabled={playing} />
      <AmountField value={amount} onChange={setAmount} disabled={playing} />
      <div className="grid grid-cols-2 gap-3">
        <MinesSelect value={count} onChange={setCount} disabled={playing} />
        <Readout label="Gems" value={MINES_TILES - (playing ? state.minesCount : count)} />
      </div>
      {mode === 'auto' ? (
        <>
          <div className="flex items-center justify-between gap-2 text-xs text-ink-300">
            <span data-testid="mines-pattern-size">
              {pattern.length} {pattern.length === 1 ? 'tile' : 'tiles'} picked
            </span>
            <span className="flex gap-1.5">
              <Button size="sm" variant="secondary" disabled={auto.running} onClick={randomPattern}>
                <Shuffle className="h-3.5 w-3.5" aria-hidden="true" /> Random
              </Button>
              <Button
                size="sm"
                variant="ghost"
                disabled={auto.running || pattern.length === 0}
                onClick={() => updateSettings({ minesPattern: [] })}
              >
                Clear
              </Button>
            </span>
          </div>
          <AutobetControls
            game="mines"
            auto={auto}
            baseCents={textToCents(amount) ?? 0}
            ready={ready && state.status === 'idle'}
            startProblem={patternProblem}
            beforeStart={confirmStake}
          />
        </>
      ) : state.status === 'inprogress' ? (
        <>
          <div className="grid grid-cols-2 gap-3">
            <Readout
              label={`Profit (${formatMultiplier(current)}×)`}
              value={state.profit.toFixed(2)}
              tone={state.profit > 0 ? 'win' : undefined}
              testId="mines-profit"
            />
            <Readout
              label={next ? `Next (${formatMultiplier(next.multiplier)}×)` : 'Next'}
              value={next ? `+${centsToText(next.profit)}` : '—'}
            />
          </div>
          <Button variant="secondary" onClick={randomTile} disabled={state.pendingTile !== null}>
            <Shuffle className="h-4 w-4" aria-hidden="true" /> Pick random tile
          </Button>
          <Button
            variant="gold"
            size="lg"
            data-testid="mines-cashout"
            className="max-md:order-first"
            loading={state.cashingOut}
            disabled={state.cashingOut || state.pendingTile !== null}
            onClick={cashout}
          >
            Cashout {centsToText(coinsToCents(state.amount + state.profit))}
          </Button>
        </>
      ) : (
        <PlayButton
          data-testid="mines-bet"
          disabled={state.status === 'starting' || !ready}
          onClick={manualBet}
        >
          Bet
        </PlayButton>
      )}
      <MaxProfitNote>
        Max profit per game: {formatCoins(gameLimits.maxProfitCents / 100)}. A game reaching it is cashed out
        for you.
      </MaxProfitNote>
    </>
  );

  const stage = (
    <div className="flex h-full items-center justify-center p-3 sm:p-6">
      <MinesGrid
        state={state}
        onReveal={reveal}
        {...(mode === 'auto' && !auto.running ? { pattern, onPick: togglePick } : {})}
      />
    </div>
  );

  return <InstantGameScreen title="Mines" game="mines" panel={panel} stage={stage} />;
}
