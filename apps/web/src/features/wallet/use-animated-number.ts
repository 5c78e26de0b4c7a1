import { BALANCE_ANIMATION_MS } from '@coinsite/shared/constants';
import { useEffect, useRef, useState } from 'react';

const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

/** Animates from the previously shown value to `target` over 1 s; lands exactly on `target`. */
export function useAnimatedNumber(target: number, duration = BALANCE_ANIMATION_MS): number {
  const [shown, setShown] = useState(target);
  const shownRef = useRef(target);

  useEffect(() => {
    const from = shownRef.current;
    if (from === target) return;
    const start = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const t = Math.min(1, (now - start) / duration);
      const value = t >= 1 ? target : from + (target - from) * easeOutCubic(t);
      shownRef.current = value;
      setShown(value);
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
