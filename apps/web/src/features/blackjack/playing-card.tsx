import type { BlackjackCardView } from '@coinsite/shared';
import type { CSSProperties } from 'react';
import { cn } from '../../lib/cn.ts';

const RED = new Set(['♦', '♥']);

/**
 * One card on the felt. A card is mounted once, when it is dealt, and slides in from the shoe
 * (top right); the hole card is a back until the dealer turns it, then the face flips in.
 */
export function PlayingCard({
  card,
  delayMs = 0,
  flip = false,
  className,
}: {
  card: BlackjackCardView | null;
  delayMs?: number;
  /** turned over where it lies (the hole card) instead of dealt from the shoe */
  flip?: boolean;
  className?: string;
}) {
  const style: CSSProperties = { animationDelay: `${delayMs}ms` };
  const base = cn(
    'relative aspect-[5/7] w-[clamp(3.1rem,11vw,5.4rem)] shrink-0 rounded-[0.55rem] shadow-[0_6px_18px_rgba(0,0,0,0.45)]',
    flip ? 'animate-flip-in' : 'animate-deal-in',
  );
  if (!card) {
    return (
      <div
        role="img"
        aria-label="Face-down card"
        data-testid="bj-card-back"
        style={style}
        className={cn(
          base,
          'border-2 border-white/90 bg-[repeating-linear-gradient(45deg,#1e3a8a_0_6px,#172554_6px_12px)]',
          className,
        )}
      >
        <div className="absolute inset-1.5 rounded-[0.35rem] ring-1 ring-white/25" />
      </div>
    );
  }
  const red = RED.has(card.suit);
  return (
    <div
      role="img"
      aria-label={`${card.rank}${card.suit}`}
      data-testid="bj-card"
      data-card={`${card.rank}${card.suit}`}
      style={style}
      className={cn(
        base,
        'flex flex-col justify-between bg-gradient-to-b from-white to-slate-100 p-1 font-black leading-none select-none sm:p-1.5',
        red ? 'text-red-600' : 'text-slate-900',
        className,
      )}
    >
      <span className="flex flex-col items-start text-[clamp(0.8rem,2.6vw,1.2rem)]">
        {card.rank}
        <span className="text-[0.8em]">{card.suit}</span>
      </span>
      <span className="absolute inset-0 flex items-center justify-center text-[clamp(1.4rem,5vw,2.4rem)]">
        {card.suit}
      </span>
      <span className="flex rotate-180 flex-col items-start text-[clamp(0.8rem,2.6vw,1.2rem)]">
        {card.rank}
        <span className="text-[0.8em]">{card.suit}</span>
      </span>
    </div>
  );
}
