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
  const { state, ready, bet, reveal, cashout } = useMines();
  const playing = state.status !== 'idle';

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

  const panel = (
    <>
      <AmountField value={amount} onChange={setAmount} disabled={playing} />
      <div className="grid grid-cols-2 gap-3">
        <MinesSelect value={count} onChange={setCount} disabled={playing} />
        <Readout label="Gems" value={MINES_TILES - (playing ? state.minesCount : count)} />
      </div>
      {state.status === 'inprogress' ? (
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
          onClick={() => {
            const cents = textToCents(amount) ?? 0;
            void confirmStake(cents).then((ok) => ok && bet(cents, count));
          }}
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
      <MinesGrid state={state} onReveal={reveal} />
    </div>
  );

  return <InstantGameScreen title="Mines" game="mines" panel={panel} stage={stage} />;
}
