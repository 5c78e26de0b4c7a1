import { BALANCE_ANIMATION_MS } from '@coinsite/shared/constants';
import { useEffect, useRef, useState } from 'react';
import { truncate2 } from '../../lib/format.ts';

const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

/** Count-ups running now. */
let running = 0;
/**
 * Marks a count-up's start (+1) or end (-1). While any runs the page's root carries
 * `data-counting`: a browser test's settled screenshot waits for the numbers to land (the CSS
 * animations it already waits for do not include these script-driven ones).
 */
function counting(step: 1 | -1): void {
  running = Math.max(0, running + step);
  if (typeof document !== 'undefined') document.documentElement.toggleAttribute('data-counting', running > 0);
}

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
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      counting(-1);
    };
    counting(1);
    const step = (now: number) => {
      const t = Math.min(1, (now - start) / duration);
      const value = t >= 1 ? target : from + (target - from) * easeOutCubic(t);
      shownRef.current = value;
      // what the screen shows (two decimals, cut as formatPlain cuts): a frame that shows the same
      // text renders nothing
      setShown(t >= 1 ? target : truncate2(value));
      if (t < 1) frame = requestAnimationFrame(step);
      else end();
    };
    frame = requestAnimationFrame(step);
    // Background tabs pause animation frames: make sure the final value is shown anyway.
    const settle = setTimeout(() => {
      cancelAnimationFrame(frame);
      shownRef.current = target;
      setShown(target);
      end();
    }, duration + 50);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(settle);
      end();
    };
  }, [target, duration]);

  return shown;
}
