import { useRef } from 'react';

/** Changes closer together than this are busy (a turbo autobet, a busy live feed): no motion for them. */
export const CALM_GAP_MS = 1000;

/**
 * Whether `key` changes at a calm pace: false when its latest change came less than `gapMs` after the
 * one before. Motion that marks a change (a row fading in, a bar sliding, a pill appearing) helps at a
 * person's pace; at ten changes a second every change restarts an animation that never gets to end,
 * and the page redraws every frame for nothing (issue 33: turbo's long frames).
 */
export function useCalm(key: unknown, gapMs = CALM_GAP_MS): boolean {
  const seen = useRef<Pace>({ key, at: Number.NEGATIVE_INFINITY, calm: true });
  seen.current = nextPace(seen.current, key, performance.now(), gapMs);
  return seen.current.calm;
}

/** What useCalm remembers: the last key, when it changed, and whether that change was calm. */
export interface Pace {
  key: unknown;
  at: number;
  calm: boolean;
}

/** The pace after seeing `key` at `now`: unchanged while the key is the same. */
export function nextPace(pace: Pace, key: unknown, now: number, gapMs = CALM_GAP_MS): Pace {
  if (Object.is(pace.key, key)) return pace;
  return { key, at: now, calm: now - pace.at >= gapMs };
}

/** A result pill's entrance. */
export const PILL_FADE = 'motion-decorative animate-[fade-in_250ms_ease-out]';

/**
 * The entrance class for the pills of a game's recent results: only the newest pill fades in, and
 * only when results come at a calm pace. `newest`: the key of the newest result.
 */
export function usePillFade(newest: string | undefined): (key: string) => string | false {
  const calm = useCalm(newest);
  return (key) => calm && key === newest && PILL_FADE;
}
