import type { CaseItemView } from '@coinsite/shared/schemas/cases';
import { cn } from '../../lib/cn.ts';
import { formatCoins } from '../../lib/format.ts';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { rarityHex } from './rarity.ts';

type Shown = Pick<CaseItemView, 'name' | 'price' | 'color' | 'image'>;

/** An item on a reel or in a list: its art over a glow of its rarity colour, name and price. */
export function ItemCard({
  item,
  highlight = false,
  dim = false,
  className,
  hideText = false,
  width,
}: {
  item: Shown;
  /** Fixed width in px (reels); otherwise the card fills its cell. */
  width?: number;
  highlight?: boolean;
  dim?: boolean;
  className?: string;
  hideText?: boolean;
}) {
  const hex = rarityHex(item.color);
  return (
    <div
      className={cn(
        'relative flex shrink-0 flex-col items-center justify-center gap-1 overflow-hidden rounded-xl bg-ink-850 px-2 py-2 ring-1 ring-ink-700 transition duration-300',
        highlight && 'z-10 scale-105 ring-2',
        dim && 'opacity-40',
        className,
      )}
      style={{
        width,
        background: `radial-gradient(ellipse at 50% 110%, ${hex}55, transparent 70%), linear-gradient(180deg, #141b31, #0f1528)`,
        ...(highlight ? { boxShadow: `0 0 28px -4px ${hex}`, '--tw-ring-color': hex } : {}),
      }}
      data-testid="item-card"
    >
      <span className="absolute inset-x-3 bottom-0 h-0.5 rounded-full" style={{ background: hex }} />
      <img
        src={item.image}
        alt=""
        // no CSS filter: the art draws its own glow, and a filter on every card of a 70-card reel made
        // the spin's first frame long (issue 14 item 11)
        className="aspect-square w-3/4 max-w-24 object-contain"
        draggable={false}
        decoding="async"
      />
      {hideText ? null : (
        <>
          <span className="w-full truncate text-center text-[0.7rem] font-semibold text-ink-200">
            {item.name}
          </span>
          <span className="flex items-center gap-1 font-mono text-xs font-bold text-white tabular-nums">
            <CoinIcon className="h-3 w-3" />
            {formatCoins(item.price)}
          </span>
        </>
      )}
    </div>
  );
}
