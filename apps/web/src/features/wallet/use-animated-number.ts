import { BALANCE_ANIMATION_MS } from '@coinsite/shared/constants';
import { useEffect, useRef, useState } from 'react';
import { truncate2 } from '../../lib/format.ts';

const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

/**
 * Animates from the previously shown value to `target` over `duration` (1 s); lands exactly on
 * `target`. A value that changes again before the last animation could end (an autobet's balance,
 * several times a second in turbo) is shown at once: an animation that never finishes re-rendered
 * the bar on every frame for as long as the bets came (docs/decisions/session-tools.md).
 */
export function useAnimatedNumber(target: number, duration = BALANCE_ANIMATION_MS): number {
  const [shown, setShown] = useState(target);
  const shownRef = useRef(target);
  /** when the target last changed (performance.now()); -Infinity: never */
  const changedAt = useRef(Number.NEGATIVE_INFINITY);

  useEffect(() => {
    const from = shownRef.current;
    if (from === target) return;
    const start = performance.now();
    const rapid = start - changedAt.current < duration;
    changedAt.current = start;
    if (rapid) {
      shownRef.current = target;
      setShown(target);
      return;
    }
    let frame = 0;
    const step = (now: number) => {
      const t = Math.min(1, (now - start) / duration);
      const value = t >= 1 ? target : from + (target - from) * easeOutCubic(t);
      shownRef.current = value;
      // what the screen shows (two decimals, cut as formatPlain cuts): a frame that shows the same
      // text renders nothing
      setShown(t >= 1 ? target : truncate2(value));
      if (t < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    // Background tabs pause animation frames: make sure the final value is shown anyway.
    const settle = setTimeout(() => {
      cancelAnimationFrame(frame);
      shownRef.current = target;
      setShown(target);
    }, duration + 50);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(settle);
    };
  }, [target, duration]);

  return shown;
}
