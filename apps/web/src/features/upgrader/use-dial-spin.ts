import { useCallback, useEffect, useRef, useState } from 'react';
import { UPGRADER_SPIN_MS } from './upgrader-math.ts';

/** Full turns before the needle settles: enough to read as a spin, few enough to follow. */
const TURNS = 5;
const easeOutQuart = (t: number) => 1 - (1 - t) ** 4;

/**
 * The dial's needle angle (degrees, cumulative). `spin(fraction, onDone)` turns it for 5 s onto
 * `fraction` of the circle; the counter reads the same angle, so both always agree.
 */
export function useDialSpin() {
  const [angle, setAngle] = useState(0);
  const angleRef = useRef(0);
  const stopRef = useRef<() => void>(() => undefined);

  const spin = useCallback((fraction: number, onDone: () => void, durationMs = UPGRADER_SPIN_MS) => {
    stopRef.current();
    const from = angleRef.current;
    const to = from - (from % 360) + 360 * TURNS + fraction * 360;
    const start = performance.now();
    let frame = 0;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      cancelAnimationFrame(frame);
      clearTimeout(settle);
      angleRef.current = to;
      setAngle(to);
      onDone();
    };
    const step = (now: number) => {
      const t = durationMs <= 0 ? 1 : Math.min(1, (now - start) / durationMs);
      if (t >= 1) {
        finish();
        return;
      }
      const value = from + (to - from) * easeOutQuart(t);
      angleRef.current = value;
      setAngle(value);
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    // Background tabs pause animation frames: the result still lands on time.
    const settle = setTimeout(finish, durationMs + 100);
    stopRef.current = () => {
      finished = true;
      cancelAnimationFrame(frame);
      clearTimeout(settle);
    };
  }, []);

  useEffect(() => () => stopRef.current(), []);

  return { angle, spin };
}
