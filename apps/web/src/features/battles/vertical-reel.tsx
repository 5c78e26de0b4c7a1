import type { CaseItemView } from '@coinsite/shared/schemas/cases';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { formatCoins } from '../../lib/format.ts';
import { rarityHex } from '../cases/rarity.ts';

const ITEM = 92;

export interface VerticalSpin {
  serial: number;
  strip: CaseItemView[];
  winnerIndex: number;
  delayMs: number;
  spinMs: number;
}

/**
 * A seat's reel (spec-3 §4): the strip waits `delayMs`, scrolls for `spinMs` and settles on the
 * winner under the marker. Before any spin it shows `idle` (the last drop or the case).
 */
export function VerticalReel({
  spin,
  revealed,
  idle,
}: {
  spin: VerticalSpin | null;
  revealed: boolean;
  idle: { image: string; name: string; price?: number; color?: string } | null;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(220);
  const [target, setTarget] = useState<{ index: number; jitter: number; animate: boolean }>({
    index: 0,
    jitter: 0,
    animate: false,
  });
  useEffect(() => {
    if (box.current) setHeight(box.current.clientHeight);
  }, []);
  useEffect(() => {
    if (!spin) return;
    setTarget({ index: 2, jitter: 0, animate: false });
    let raf2 = 0;
    const raf1 = requestAnimationFrame(() => {
      raf2 = requestAnimationFrame(() =>
        setTarget({ index: spin.winnerIndex, jitter: (Math.random() - 0.5) * 0.6, animate: true }),
      );
    });
    return () => {
      cancelAnimationFrame(raf1);
      cancelAnimationFrame(raf2);
    };
  }, [spin]);

  const y = height / 2 - (target.index * ITEM + ITEM / 2) - target.jitter * ITEM * 0.5;
  return (
    <div
      ref={box}
      className="relative h-56 overflow-hidden rounded-xl bg-ink-950/70 ring-1 ring-ink-700 sm:h-60"
      data-testid="seat-reel"
    >
      {spin ? (
        <div
          className="absolute inset-x-0 top-0"
          style={{
            transform: `translate3d(0, ${y}px, 0)`,
            transition: target.animate
              ? `transform ${spin.spinMs}ms cubic-bezier(0.12, 0.75, 0.15, 1) ${spin.delayMs}ms`
              : 'none',
          }}
        >
          {spin.strip.map((item, i) => {
            const win = revealed && i === spin.winnerIndex;
            return (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: a strip repeats items; the position is the identity
                key={i}
                className={cn(
                  'flex flex-col items-center justify-center transition',
                  revealed && !win && 'opacity-30',
                )}
                style={{ height: ITEM }}
              >
                <img
                  src={item.image}
                  alt=""
                  className={cn('h-16 w-16 object-contain drop-shadow-lg transition', win && 'scale-125')}
                  style={{ filter: `drop-shadow(0 0 10px ${rarityHex(item.color)}aa)` }}
                />
                {win ? (
                  <span className="mt-1 max-w-full truncate px-1 text-center text-[0.7rem] font-bold text-white">
                    {item.name} · {formatCoins(item.price)}
                  </span>
                ) : null}
              </div>
            );
          })}
        </div>
      ) : idle ? (
        <div className="flex h-full flex-col items-center justify-center gap-2 p-3">
          <img src={idle.image} alt="" className="h-20 w-20 object-contain opacity-80 drop-shadow-xl" />
          <span className="max-w-full truncate text-xs font-semibold text-ink-300">{idle.name}</span>
        </div>
      ) : null}
      <div className="pointer-events-none absolute inset-x-0 top-0 h-12 bg-gradient-to-b from-ink-950 to-transparent" />
      <div className="pointer-events-none absolute inset-x-0 bottom-0 h-12 bg-gradient-to-t from-ink-950 to-transparent" />
      <div className="pointer-events-none absolute top-1/2 left-0 h-0 w-0 -translate-y-1/2 border-y-8 border-l-8 border-y-transparent border-l-gold-400" />
      <div className="pointer-events-none absolute top-1/2 right-0 h-0 w-0 -translate-y-1/2 border-y-8 border-r-8 border-y-transparent border-r-gold-400" />
    </div>
  );
}
