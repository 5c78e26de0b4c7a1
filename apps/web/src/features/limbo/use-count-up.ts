import { useEffect, useState } from 'react';

/** How long the limbo number takes to count up to its result. */
export const COUNT_UP_MS = 600;

const easeOut = (t: number) => 1 - (1 - t) ** 3;

/**
 * Counts from 1.00 up to `to` when `runId` changes. The count runs on a logarithmic scale so a
 * 1.3× and a 5,000× result both take the same time and read naturally.
 */
export function useCountUp(
  to: number | null,
  runId: string | null,
  durationMs = COUNT_UP_MS,
): { value: number; done: boolean } {
  const [state, setState] = useState({ value: to ?? 1, done: true, runId });

  useEffect(() => {
    if (to === null || runId === null) return;
    const from = 1;
    const span = Math.log(Math.max(to, from) / from);
    const start = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const t = durationMs <= 0 ? 1 : Math.min(1, (now - start) / durationMs);
      if (t >= 1) {
        setState({ value: to, done: true, runId });
        return;
      }
      setState({ value: Math.floor(from * Math.exp(span * easeOut(t)) * 100) / 100, done: false, runId });
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    // a background tab pauses frames: land on the result anyway
    const settle = setTimeout(() => {
      cancelAnimationFrame(frame);
      setState({ value: to, done: true, runId });
    }, durationMs + 100);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(settle);
    };
  }, [to, runId, durationMs]);

  // until the first frame of a new run, show its start rather than the previous run's end
  if (state.runId !== runId) return { value: 1, done: false };
  return { value: state.value, done: state.done };
}
