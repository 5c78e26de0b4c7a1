import type { CaseItemView, CaseView } from '@coinsite/shared/schemas/cases';
import { formatCoins } from '../../lib/format.ts';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { AppDialog } from '../../ui/dialog.tsx';
import { chanceText, rarityHex } from './rarity.ts';

/** Case Contents: every item with its art, colour, price and chance, dearest first. */
export function LootTable({ items, compact = false }: { items: CaseItemView[]; compact?: boolean }) {
  const sorted = [...items].sort((a, b) => b.price - a.price);
  return (
    <ul
      className={
        compact
          ? 'grid grid-cols-2 gap-2 sm:grid-cols-3'
          : 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-5'
      }
      data-testid="loot-table"
    >
      {sorted.map((item) => {
        const hex = rarityHex(item.color);
        return (
          <li
            key={item.id}
            className="relative flex flex-col items-center gap-1.5 overflow-hidden rounded-xl bg-ink-850 p-3 ring-1 ring-ink-700"
            style={{ background: `radial-gradient(ellipse at 50% 0%, ${hex}40, transparent 65%), #0f1528` }}
          >
            <span className="absolute inset-x-0 top-0 h-1" style={{ background: hex }} />
            <span
              className="self-end rounded-md bg-ink-950/70 px-1.5 py-0.5 font-mono text-[0.65rem] font-bold text-ink-200 tabular-nums"
              data-testid="item-chance"
            >
              {chanceText(item)}
            </span>
            <img src={item.image} alt="" className="aspect-square w-16 object-contain drop-shadow-lg" />
            <span className="w-full truncate text-center text-xs font-semibold text-ink-200">
              {item.name}
            </span>
            <span className="flex items-center gap-1 font-mono text-xs font-bold text-white tabular-nums">
              <CoinIcon className="h-3 w-3" />
              {formatCoins(item.price)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** The loot-table dialog of the battle picker's info button (spec-3 §2.2). */
export function LootTableDialog({ c, onClose }: { c: CaseView | null; onClose: () => void }) {
  return (
    <AppDialog
      open={c !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={c?.name ?? ''}
      width="max-w-2xl"
    >
      {c ? (
        <div className="flex flex-col gap-4">
          <div className="flex items-center gap-4">
            <img src={c.image} alt="" className="h-20 w-20 object-contain" />
            <div>
              <p className="text-sm text-ink-300">Case price</p>
              <p className="flex items-center gap-1.5 font-mono text-lg font-bold text-white">
                <CoinIcon />
                {formatCoins(c.price)}
              </p>
            </div>
          </div>
          <LootTable items={c.items} compact />
        </div>
      ) : null}
    </AppDialog>
  );
}
