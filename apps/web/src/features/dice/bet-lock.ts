import { useCallback, useEffect, useRef, useState } from 'react';

/** spec-3 §4/§9: the dice and limbo bet button is disabled for 350 ms after a bet. */
export const BET_LOCK_MS = 350;
/** A reply that never comes (a dropped connection) must not lock the button for good. */
const REPLY_TIMEOUT_MS = 10_000;

export interface BetLock {
  /** True while the button must stay disabled. */
  locked: boolean;
  /** A bet was sent: lock for at least 350 ms and until its reply. */
  start: () => void;
  /** The result arrived. */
  settle: () => void;
  /**
   * A game-creation-error arrived: per spec-3 §4 the button stays disabled; we release it at the
   * player's next change of an input (docs/decisions/web.md), so a refused bet never strands them.
   */
  fail: () => void;
  /** Any input of the bet changed. */
  inputChanged: () => void;
}

export function useBetLock(): BetLock {
  const [pending, setPending] = useState(false);
  const [cooling, setCooling] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);

  useEffect(
    () => () => {
      for (const t of timers.current) clearTimeout(t);
    },
    [],
  );

  const start = useCallback(() => {
    for (const t of timers.current) clearTimeout(t);
    setPending(true);
    setCooling(true);
    timers.current = [
      setTimeout(() => setCooling(false), BET_LOCK_MS),
      setTimeout(() => setPending(false), REPLY_TIMEOUT_MS),
    ];
  }, []);
  const settle = useCallback(() => setPending(false), []);
  const fail = useCallback(() => {
    setPending(false);
    setBlocked(true);
  }, []);
  const inputChanged = useCallback(() => setBlocked(false), []);

  return { locked: pending || cooling || blocked, start, settle, fail, inputChanged };
}
