import { upgraderPayout } from '@coinsite/shared/fairness';
import { coinsToCents, formatCents } from '@coinsite/shared/money';
import { MousePointerClick, X } from 'lucide-react';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { ItemArt, rarityColor } from './item-art.tsx';
import type { UpgraderItem } from './upgrader-api.ts';
import { formatChance, formatMultiplier } from './upgrader-math.ts';

interface TargetCardProps {
  item: UpgraderItem | null;
  multiplier: number;
  chanceBp: number;
  overCap: boolean;
  disabled: boolean;
  onClear: () => void;
}

function Figure({
  label,
  value,
  testId,
  warn,
}: {
  label: string;
  value: string;
  testId: string;
  warn?: boolean;
}) {
  return (
    <div className="flex flex-col items-center rounded-xl bg-ink-950/60 px-2 py-2 ring-1 ring-ink-700">
      <span className="text-[0.65rem] font-semibold tracking-wider text-ink-400 uppercase">{label}</span>
      <span
        data-testid={testId}
        className={`font-mono text-base font-black tabular-nums ${warn ? 'text-red-400' : 'text-white'}`}
      >
        {value}
      </span>
    </div>
  );
}

/** spec-3 §2.4: the chosen item with "your multiplier" and the chance beside it. */
export function TargetCard({ item, multiplier, chanceBp, overCap, disabled, onClear }: TargetCardProps) {
  if (!item) {
    return (
      <div className="flex min-h-56 flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-ink-600 bg-ink-850/40 p-4 text-center">
        <MousePointerClick className="h-8 w-8 text-ink-400" aria-hidden="true" />
        <p className="font-semibold text-white">Choose an item</p>
        <p className="text-sm text-ink-400">Pick the item you want to upgrade to from the list below.</p>
      </div>
    );
  }
  const color = rarityColor(item.color);
  return (
    <div
      data-testid="upgrader-target"
      className="relative flex flex-col gap-3 overflow-hidden rounded-2xl bg-ink-850/80 p-4 ring-1 ring-ink-700"
      style={{ backgroundImage: `radial-gradient(ellipse at 50% 0%, ${color}33, transparent 70%)` }}
    >
      <div className="absolute inset-x-0 top-0 h-1" style={{ background: color }} aria-hidden="true" />
      <button
        type="button"
        aria-label="Deselect item"
        disabled={disabled}
        onClick={onClear}
        className="absolute top-2 right-2 rounded-lg p-1 text-ink-400 transition hover:bg-ink-700 hover:text-white disabled:opacity-40"
      >
        <X className="h-4 w-4" />
      </button>
      <ItemArt name={item.name} color={item.color} image={item.image} className="mx-auto h-24 w-24" />
      <div className="text-center">
        <p className="truncate font-bold text-white">{item.name}</p>
        <p className="inline-flex items-center gap-1 font-mono text-sm font-bold text-gold-300">
          <CoinIcon className="h-3.5 w-3.5" />
          {formatCents(coinsToCents(item.price))}
        </p>
        <p className="text-xs text-ink-400">
          A win pays {formatCents(upgraderPayout(coinsToCents(item.price)))}
        </p>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Figure label="Multiplier" value={formatMultiplier(multiplier)} testId="upgrader-multiplier" />
        <Figure label="Chance" value={formatChance(chanceBp)} testId="upgrader-item-chance" warn={overCap} />
      </div>
    </div>
  );
}
