import type { CoinflipSide } from '@coinsite/shared/schemas/coinflip';
import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn.ts';

const SIZES = {
  sm: { box: 'h-5 w-5', text: 'text-[9px]' },
  md: { box: 'h-7 w-7', text: 'text-[11px]' },
  lg: { box: 'h-12 w-12', text: 'text-lg' },
} as const;

function Face({ side, back, text }: { side: CoinflipSide; back?: boolean; text: string }) {
  return (
    <span
      className={cn(
        'absolute inset-0 flex items-center justify-center rounded-full font-black [backface-visibility:hidden]',
        text,
        side === 'heads'
          ? 'bg-gradient-to-br from-gold-300 to-gold-500 text-amber-900 ring-2 ring-amber-200/60'
          : 'bg-gradient-to-br from-slate-200 to-slate-400 text-slate-700 ring-2 ring-white/60',
      )}
      style={back ? { transform: 'rotateY(180deg)' } : undefined}
    >
      {side === 'heads' ? 'H' : 'T'}
    </span>
  );
}

/**
 * The coin: heads on the front, tails on the back. `spinUntil` (local ms) makes it turn several
 * times and land on `result`; without it the coin just shows the side.
 */
export function Coin({
  result,
  spinUntil,
  waiting,
  size = 'lg',
  className,
}: {
  result: CoinflipSide;
  spinUntil?: number;
  waiting?: boolean;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const landing = result === 'tails' ? 180 : 0;
  const [spinning, setSpinning] = useState(spinUntil !== undefined && spinUntil > Date.now());
  const [turn, setTurn] = useState(spinning ? 0 : landing);
  const [ms, setMs] = useState(0);
  useEffect(() => {
    const left = spinUntil === undefined ? 0 : spinUntil - Date.now();
    if (left <= 0) {
      setSpinning(false);
      setTurn(landing);
      return;
    }
    setSpinning(true);
    setMs(left);
    // one frame at rest, then the long turn to the result
    const frame = requestAnimationFrame(() => setTurn(360 * 6 + landing));
    const stop = setTimeout(() => setSpinning(false), left);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(stop);
    };
  }, [spinUntil, landing]);
  return (
    <span
      data-testid="coin"
      data-side={spinning ? undefined : result}
      className={cn(
        'relative inline-block [perspective:400px]',
        SIZES[size].box,
        waiting && 'animate-pulse',
        className,
      )}
    >
      <span
        className="absolute inset-0 [transform-style:preserve-3d]"
        style={{
          transform: `rotateY(${turn}deg)`,
          transition: spinning ? `transform ${ms}ms cubic-bezier(0.2, 0.7, 0.2, 1)` : 'none',
        }}
      >
        <Face side="heads" text={SIZES[size].text} />
        <Face side="tails" back text={SIZES[size].text} />
      </span>
    </span>
  );
}
