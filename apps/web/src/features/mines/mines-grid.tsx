import { Bomb, Gem } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { formatCoins } from '../../lib/format.ts';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { formatMultiplier } from '../dice/numeric.ts';
import type { MinesState, Tile } from './mines-state.ts';

function TileButton({
  tile,
  index,
  clickable,
  pending,
  onReveal,
  selected = false,
}: {
  tile: Tile;
  index: number;
  clickable: boolean;
  pending: boolean;
  onReveal: (index: number) => void;
  /** Part of the autobet's tile pattern. */
  selected?: boolean;
}) {
  const hidden = tile.state === 'hidden';
  const label =
    hidden || (!tile.picked && tile.state === 'gem')
      ? `Tile ${index + 1}`
      : `Tile ${index + 1}: ${tile.state === 'mine' ? 'mine' : 'gem'}`;
  return (
    <button
      type="button"
      aria-label={label}
      data-state={tile.state}
      data-picked={tile.picked || undefined}
      data-selected={selected || undefined}
      aria-pressed={selected || undefined}
      disabled={!clickable || !hidden}
      onClick={() => onReveal(index)}
      className={cn(
        'relative flex aspect-square items-center justify-center rounded-lg transition duration-200 sm:rounded-xl',
        hidden &&
          'bg-gradient-to-b from-ink-500 to-ink-600 shadow-[inset_0_-4px_0_rgba(0,0,0,0.3)] disabled:cursor-default',
        hidden && clickable && 'hover:-translate-y-0.5 hover:from-ink-400/80 hover:to-ink-500',
        hidden && !clickable && 'opacity-80',
        pending && 'animate-pulse from-indigo-400/60 to-ink-500',
        !hidden && 'bg-ink-950/80 shadow-inner',
        tile.state === 'mine' && tile.picked && 'bg-red-500/25 ring-2 ring-red-400/70',
        tile.state === 'gem' && tile.picked && 'ring-2 ring-accent-400/50',
        selected && 'from-amber-300/70 to-amber-500/70 ring-2 ring-amber-300',
      )}
    >
      {tile.state === 'gem' ? (
        <Gem
          aria-hidden="true"
          className={cn(
            'h-1/2 w-1/2 text-accent-400 drop-shadow-[0_0_10px_rgba(74,222,128,0.6)] transition duration-300 starting:scale-0 starting:rotate-45 starting:opacity-0',
            !tile.picked && 'opacity-35',
          )}
        />
      ) : null}
      {tile.state === 'mine' ? (
        <Bomb
          aria-hidden="true"
          className={cn(
            'h-1/2 w-1/2 text-red-400 drop-shadow-[0_0_10px_rgba(248,113,113,0.6)] transition duration-300 starting:scale-150 starting:opacity-0',
            !tile.picked && 'opacity-40',
          )}
        />
      ) : null}
    </button>
  );
}

/** The 5×5 board (tiles 0–24 left to right, top to bottom) with the cash-out banner on top. */
export function MinesGrid({
  state,
  onReveal,
  pattern,
  onPick,
}: {
  state: MinesState;
  onReveal: (index: number) => void;
  /** Autobet, before it runs: the tiles are a picker for the pattern every game reveals. */
  pattern?: readonly number[];
  onPick?: (index: number) => void;
}) {
  const picking = pattern !== undefined && onPick !== undefined;
  const clickable =
    picking || (state.status === 'inprogress' && state.pendingTile === null && !state.cashingOut);
  const won = state.finished?.kind === 'cashout' ? state.finished : null;
  return (
    <div className="relative mx-auto w-full max-w-[30rem]">
      <div
        className="grid grid-cols-5 gap-1.5 sm:gap-2.5"
        data-testid="mines-grid"
        data-status={state.status}
      >
        {state.tiles.map((tile, i) => (
          <TileButton
            // biome-ignore lint/suspicious/noArrayIndexKey: a tile is its position on the fixed 5×5 board
            key={i}
            tile={picking ? { state: 'hidden', picked: false } : tile}
            index={i}
            clickable={clickable}
            pending={!picking && state.pendingTile === i}
            onReveal={picking ? onPick : onReveal}
            selected={picking && pattern.includes(i)}
          />
        ))}
      </div>
      {won ? (
        <div
          className="pointer-events-none absolute inset-0 flex items-center justify-center"
          aria-live="polite"
        >
          <div
            data-testid="mines-cashout-banner"
            className="flex flex-col items-center gap-1 rounded-2xl border-2 border-accent-400 bg-ink-900/95 px-8 py-4 shadow-2xl shadow-accent-500/20 transition duration-300 starting:scale-75 starting:opacity-0"
          >
            <span className="font-mono text-3xl font-black text-accent-400">
              {formatMultiplier(won.multiplier)}×
            </span>
            <span className="flex items-center gap-1.5 font-mono text-sm font-bold text-white">
              {formatCoins(won.payout)} <CoinIcon className="h-4 w-4" />
            </span>
          </div>
        </div>
      ) : null}
    </div>
  );
}
