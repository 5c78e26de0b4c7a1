import { formatCountdown } from '@coinsite/shared/schemas/rain';
import { CloudRain } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { formatCoins } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { openTipRain } from './rain-store.ts';
import { useRainClock } from './use-rain-clock.ts';

/** Counts the shown amount up to the pot (the banner's animated amount). */
function useAnimatedAmount(target: number): number {
  const [shown, setShown] = useState(target);
  const from = useRef(target);
  useEffect(() => {
    const start = performance.now();
    const begin = from.current;
    let frame = 0;
    const tick = (t: number) => {
      const k = Math.min(1, (t - start) / 800);
      const v = begin + (target - begin) * (1 - (1 - k) ** 3);
      from.current = v;
      setShown(v);
      if (k < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [target]);
  return shown;
}

/** The home page's active-rain banner (spec-2 §2): the pot, animated; the tip-rain dialog opens from it. */
export function RainBanner() {
  const { rain, timeLeft, timeLeftToJoin } = useRainClock();
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const amount = useAnimatedAmount(rain.prize);
  if (!rain.active) return null;
  return (
    <section
      data-testid="rain-banner"
      className="flex flex-wrap items-center gap-4 rounded-3xl bg-[radial-gradient(ellipse_at_left,#0c4a6e,transparent_60%),linear-gradient(120deg,#101a33,#0b1020)] p-5 ring-1 ring-sky-400/25"
    >
      <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-sky-500/15 text-sky-300">
        <CloudRain className="h-7 w-7" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-sky-200">Rain is coming</p>
        <p className="font-mono text-2xl font-black text-white tabular-nums">{formatCoins(amount)} coins</p>
        <p className="text-xs text-ink-400">
          {rain.joinable
            ? `Join in the chat: ${formatCountdown(timeLeftToJoin)} left`
            : `Next rain in ${formatCountdown(timeLeft)} · every 30m`}
        </p>
      </div>
      {signedIn ? (
        <Button variant="secondary" onClick={() => openTipRain()}>
          Tip Rain
        </Button>
      ) : null}
    </section>
  );
}
