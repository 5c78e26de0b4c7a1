import { ROULETTE_WHEEL_ORDER, rouletteColor } from '@coinsite/shared/fairness';
import { ROULETTE_SLOT_PX } from '@coinsite/shared/schemas/roulette';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import type { Roll } from './roulette-state.ts';

const SLOTS = ROULETTE_WHEEL_ORDER.length;
/** The strip repeats the wheel; a spin travels five turns from the third copy to the eighth. */
const COPIES = 10;
const REST = 2 * SLOTS;
const LAND = 7 * SLOTS;
const TILES = Array.from({ length: COPIES * SLOTS }, (_, i) => ({
  i,
  slot: ROULETTE_WHEEL_ORDER[i % SLOTS] ?? 0,
}));

export const SLOT_STYLE = {
  green: 'bg-gradient-to-b from-emerald-400 to-emerald-600 text-emerald-950',
  red: 'bg-gradient-to-b from-rose-500 to-rose-700 text-white',
  black: 'bg-gradient-to-b from-ink-600 to-ink-800 text-ink-200',
} as const;

interface Position {
  /** the tile under the marker */
  tile: number;
  /** px from the tile's centre: where in the slot the wheel stops */
  offset: number;
  /** transition length; 0 jumps */
  ms: number;
}

/**
 * The 15-slot wheel as a strip under a marker (spec-3 §4): it turns to the winning slot with a
 * random offset inside it, highlights the winner, and after the animation resets to the same slot
 * in an earlier copy of the strip, ready for the next spin.
 */
export function RouletteWheel({ roll, onLanded }: { roll: Roll | null; onLanded?: () => void }) {
  const [pos, setPos] = useState<Position>({ tile: REST, offset: 0, ms: 0 });
  const [lit, setLit] = useState<number | null>(null);
  const landedRef = useRef(onLanded);
  landedRef.current = onLanded;
  /** The spin's end, told once: the strip's transition ended, or its time ran out. */
  const landing = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (!roll) {
      setLit(null);
      return;
    }
    if (roll.late) {
      setPos({ tile: REST + roll.index, offset: 0, ms: 0 });
      setLit(REST + roll.index);
      return;
    }
    const offset = Math.round((Math.random() - 0.5) * (ROULETTE_SLOT_PX - 16));
    setLit(null);
    setPos({ tile: LAND + roll.index, offset, ms: roll.animMs });
    let landed = false;
    const landNow = () => {
      if (landed) return;
      landed = true;
      landing.current = null;
      setLit(LAND + roll.index);
      landedRef.current?.();
    };
    landing.current = landNow;
    // the timer counts from when this screen started the spin: a late screen lands late
    const land = setTimeout(landNow, roll.animMs);
    const reset = setTimeout(() => {
      setPos({ tile: REST + roll.index, offset, ms: 0 });
      setLit(REST + roll.index);
    }, roll.totalMs);
    return () => {
      clearTimeout(land);
      clearTimeout(reset);
      landing.current = null;
    };
  }, [roll]);

  const shift = pos.tile * ROULETTE_SLOT_PX + ROULETTE_SLOT_PX / 2 + pos.offset;
  return (
    <div
      className="relative h-24 overflow-hidden rounded-xl bg-ink-950/60 ring-1 ring-white/5"
      data-testid="roulette-wheel"
      data-spinning={(roll !== null && !roll.late && lit === null) || undefined}
    >
      <div
        onTransitionEnd={(e) => {
          if (e.target === e.currentTarget && e.propertyName === 'transform') landing.current?.();
        }}
        className="absolute top-2 bottom-2 left-1/2 flex"
        style={{
          transform: `translateX(${-shift}px)`,
          transition: pos.ms > 0 ? `transform ${pos.ms}ms cubic-bezier(0.12, 0.75, 0.15, 1)` : 'none',
        }}
      >
        {TILES.map(({ i, slot }) => (
          <div key={i} className="px-1" style={{ width: ROULETTE_SLOT_PX }}>
            <div
              data-slot={slot}
              data-lit={lit === i || undefined}
              className={cn(
                'flex h-full items-center justify-center rounded-lg text-xl font-black shadow-inner transition duration-300',
                SLOT_STYLE[rouletteColor(slot)],
                lit !== null && lit !== i && 'opacity-40',
                lit === i && 'scale-105 ring-4 ring-gold-300',
              )}
            >
              {slot}
            </div>
          </div>
        ))}
      </div>
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 left-1/2 w-1 -translate-x-1/2 bg-gold-300 shadow-[0_0_12px_rgba(253,230,138,0.9)]"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 left-0 w-16 bg-gradient-to-r from-ink-900 to-transparent"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 right-0 w-16 bg-gradient-to-l from-ink-900 to-transparent"
      />
    </div>
  );
}
