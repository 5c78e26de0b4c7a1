import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { BET_LOCK_MS } from '../dice/bet-lock.ts';
import { type AutobetConfig, type AutobetState, afterBet, STOP_TEXT, startAutobet } from './autobet.ts';

/** One settled bet as the controller needs it, in cents (`payout` is what came back, 0 on a loss). */
export interface SettledBet {
  stake: number;
  payout: number;
}

export type EndReason = keyof typeof STOP_TEXT;

export interface Autobet {
  running: boolean;
  /** The session so far (null before the first start). */
  session: AutobetState | null;
  /** Why the last session ended. */
  ended: EndReason | null;
  start: (config: AutobetConfig, base: number) => void;
  stop: () => void;
}

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));

/**
 * Runs an autobet session in the browser: `place` sends one normal bet and resolves when it settles
 * (rejects when it is refused). Bets go out no faster than the bet button allows (BET_LOCK_MS apart).
 * The session stops on a stop rule, an error, the player's Stop, leaving the page (unmount) and a
 * lost connection (`connected` false).
 */
export function useAutobet({
  place,
  connected,
  onAmount,
}: {
  place: (amountCents: number) => Promise<SettledBet>;
  connected: boolean;
  /** Told the stake of every bet the session places (the amount field follows it). */
  onAmount?: (amountCents: number) => void;
}): Autobet {
  const [running, setRunning] = useState(false);
  const [session, setSession] = useState<AutobetState | null>(null);
  const [ended, setEnded] = useState<EndReason | null>(null);
  const run = useRef(0);
  const placeRef = useRef(place);
  placeRef.current = place;
  const amountRef = useRef(onAmount);
  amountRef.current = onAmount;

  const finish = useCallback((id: number, reason: EndReason) => {
    if (run.current !== id) return;
    run.current += 1;
    setRunning(false);
    setEnded(reason);
    if (reason === 'error') return; // the game already toasted the server's reason
    if (reason === 'count' || reason === 'player') toast(STOP_TEXT[reason]);
    else toast.info(STOP_TEXT[reason]);
  }, []);

  const start = useCallback(
    (config: AutobetConfig, base: number) => {
      run.current += 1;
      const id = run.current;
      let state = startAutobet(base);
      setSession(state);
      setEnded(null);
      setRunning(true);
      void (async () => {
        for (;;) {
          if (run.current !== id) return;
          const sentAt = Date.now();
          amountRef.current?.(state.amount);
          let bet: SettledBet;
          try {
            bet = await placeRef.current(state.amount);
          } catch {
            finish(id, 'error');
            return;
          }
          if (run.current !== id) return;
          const r = afterBet(config, state, bet);
          state = r.state;
          setSession(state);
          if (r.stop) {
            amountRef.current?.(state.base);
            finish(id, r.stop);
            return;
          }
          await wait(BET_LOCK_MS - (Date.now() - sentAt));
        }
      })();
    },
    [finish],
  );

  const stop = useCallback(() => finish(run.current, 'player'), [finish]);

  useEffect(() => {
    if (running && !connected) finish(run.current, 'offline');
  }, [running, connected, finish]);

  // leaving the page ends the session: no bet is sent from a screen the player no longer sees
  const runningRef = useRef(false);
  runningRef.current = running;
  useEffect(
    () => () => {
      if (runningRef.current) finish(run.current, 'left');
    },
    [finish],
  );

  return { running, session, ended, start, stop };
}

/**
 * A promise per sent bet, settled by the game's result or error event. Only one bet is in flight
 * per game screen; a new one replaces (and rejects) a stale one.
 */
export function useReply<T>() {
  const pending = useRef<{ resolve: (v: T) => void; reject: (e: Error) => void } | null>(null);
  const expect = useCallback(
    () =>
      new Promise<T>((resolve, reject) => {
        pending.current?.reject(new Error('replaced'));
        const timer = setTimeout(() => {
          if (pending.current?.resolve === done) {
            pending.current = null;
            reject(new Error('No reply from the server.'));
          }
        }, 10_000);
        const done = (v: T) => {
          clearTimeout(timer);
          resolve(v);
        };
        pending.current = {
          resolve: done,
          reject: (e) => {
            clearTimeout(timer);
            reject(e);
          },
        };
      }),
    [],
  );
  const resolve = useCallback((v: T) => {
    const p = pending.current;
    pending.current = null;
    p?.resolve(v);
  }, []);
  const reject = useCallback((e: Error) => {
    const p = pending.current;
    pending.current = null;
    p?.reject(e);
  }, []);
  return { expect, resolve, reject };
}
