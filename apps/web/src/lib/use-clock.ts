import { useEffect, useReducer, useState } from 'react';

/**
 * Milliseconds left until `at` (ms epoch), re-rendering every `everyMs` (a second by default) while
 * some are left, and not after: 0 once passed or when null. One ticker per countdown, in the
 * component that shows it, so a page does not re-render whole for a clock.
 */
export function useMsUntil(at: number | null, everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= at) clearInterval(timer);
    }, everyMs);
    return () => clearInterval(timer);
  }, [at, everyMs]);
  return at === null ? 0 : Math.max(0, at - now);
}

/**
 * The time now, with a re-render at each of `times` still to come and at no other: for what flips at
 * a deadline (a bet button that opens and closes with the round), where a ticker would re-render a
 * whole page ten times a second for nothing.
 */
export function useNowAt(times: ReadonlyArray<number | null>): number {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const now = Date.now();
  const next = Math.min(...times.filter((t): t is number => t !== null && t > now));
  useEffect(() => {
    if (!Number.isFinite(next)) return;
    const timer = setTimeout(rerender, next - Date.now() + 1);
    return () => clearTimeout(timer);
  }, [next]);
  return now;
}

/** The id of a countdown bar's animation (`Animation.id`). */
export const COUNTDOWN_ANIMATION = 'countdown';

/**
 * Drains a bar from its share of `fullMs` left until `endsAt` down to empty, on the compositor (a
 * transform, no layout, no script per frame): the countdown bars of crash and roulette. The bar's
 * transform origin is its left edge. Returns a stop.
 */
export function drainBar(bar: HTMLElement, endsAt: number, fullMs: number): () => void {
  const left = Math.max(0, endsAt - Date.now());
  const from = Math.min(1, left / fullMs);
  bar.style.transformOrigin = 'left';
  if (left === 0 || typeof bar.animate !== 'function') {
    bar.style.transform = 'scaleX(0)';
    return () => {};
  }
  const run = bar.animate([{ transform: `scaleX(${from})` }, { transform: 'scaleX(0)' }], {
    // named: a countdown is not an entrance (the browser tests' screenshots wait for entrances only)
    id: COUNTDOWN_ANIMATION,
    duration: left,
    easing: 'linear',
    fill: 'forwards',
  });
  return () => run.cancel();
}
