import type { CaseItemView } from '@coinsite/shared/schemas/cases';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { ItemCard } from './item-card.tsx';

const GAP = 8;

/** One spin: the strip scrolls so the card at winnerIndex stops under the marker. */
export interface ReelSpin {
  id: number;
  winnerIndex: number;
  durationMs: number;
}

function useWidth(ref: React.RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}

/**
 * The horizontal case reel: a strip of items behind a centre marker. A new `spin` jumps back to the
 * start and eases out onto the winner with a small random offset inside its card; `onSettled` fires
 * when it stops. `idleIndex` is the card under the marker before any spin.
 */
export function CaseReel({
  strip,
  spin,
  revealed,
  idleIndex = 2,
  onSettled,
  className,
  label = 'Case reel',
}: {
  strip: CaseItemView[];
  spin: ReelSpin | null;
  revealed: boolean;
  idleIndex?: number;
  onSettled?: () => void;
  className?: string;
  label?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const card = width > 0 && width < 520 ? 100 : 132;
  const [pos, setPos] = useState({ index: idleIndex, jitter: 0, animate: false });
  const settled = useRef(onSettled);
  settled.current = onSettled;

  useEffect(() => {
    if (!spin) return;
    setPos({ index: 2, jitter: 0, animate: false });
    let raf2 = 0;
    const raf1 = requestAnimationFrame(() => {
      raf2 = requestAnimationFrame(() => {
        const jitter = (Math.random() - 0.5) * 0.7;
        setPos({ index: spin.winnerIndex, jitter, animate: true });
      });
    });
    const done = setTimeout(() => settled.current?.(), spin.durationMs);
    return () => {
      cancelAnimationFrame(raf1);
      cancelAnimationFrame(raf2);
      clearTimeout(done);
    };
  }, [spin]);

  const step = card + GAP;
  const x = width / 2 - (pos.index * step + card / 2) - pos.jitter * card;
  const duration = spin?.durationMs ?? 0;

  return (
    <div
      ref={box}
      role="img"
      aria-label={label}
      className={cn(
        'relative h-40 overflow-hidden rounded-2xl bg-ink-950/70 ring-1 ring-ink-700 sm:h-44',
        className,
      )}
    >
      <div
        className="absolute top-1/2 left-0 flex will-change-transform"
        style={{
          gap: GAP,
          transform: `translate3d(${x}px, -50%, 0)`,
          transition: pos.animate
            ? `transform ${Math.max(0, duration - 250)}ms cubic-bezier(0.1, 0.75, 0.12, 1)`
            : 'none',
        }}
      >
        {strip.map((item, i) => (
          <ItemCard
            // biome-ignore lint/suspicious/noArrayIndexKey: a strip repeats items; the position is the identity
            key={i}
            item={item}
            className="h-32 sm:h-36"
            highlight={revealed && i === pos.index}
            dim={revealed && i !== pos.index}
            width={card}
          />
        ))}
      </div>
      <div className="pointer-events-none absolute inset-y-0 left-0 w-16 bg-gradient-to-r from-ink-950 to-transparent" />
      <div className="pointer-events-none absolute inset-y-0 right-0 w-16 bg-gradient-to-l from-ink-950 to-transparent" />
      <div className="pointer-events-none absolute inset-y-1 left-1/2 w-0.5 -translate-x-1/2 rounded-full bg-gold-400 shadow-[0_0_12px_2px_rgba(251,191,36,0.7)]" />
      <div className="pointer-events-none absolute top-0 left-1/2 h-0 w-0 -translate-x-1/2 border-x-8 border-t-8 border-x-transparent border-t-gold-400" />
      <div className="pointer-events-none absolute bottom-0 left-1/2 h-0 w-0 -translate-x-1/2 border-x-8 border-b-8 border-x-transparent border-b-gold-400" />
    </div>
  );
}
