import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
  onEnd,
}: {
  place: (amountCents: number) => Promise<SettledBet>;
  connected: boolean;
  /** Told the stake of every bet the session places (the amount field follows it). */
  onAmount?: (amountCents: number) => void;
  /** Told when the session ends (a round game drops a bet it still holds for the next round). */
  onEnd?: (reason: EndReason) => void;
}): Autobet {
  const [running, setRunning] = useState(false);
  const [session, setSession] = useState<AutobetState | null>(null);
  const [ended, setEnded] = useState<EndReason | null>(null);
  const run = useRef(0);
  const placeRef = useRef(place);
  placeRef.current = place;
  const amountRef = useRef(onAmount);
  amountRef.current = onAmount;
  const endRef = useRef(onEnd);
  endRef.current = onEnd;

  const finish = useCallback((id: number, reason: EndReason) => {
    if (run.current !== id) return;
    run.current += 1;
    setRunning(false);
    setEnded(reason);
    endRef.current?.(reason);
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
 * per game screen; a new one replaces (and rejects) a stale one. No answer within `timeoutMs`
 * rejects it (null: no time limit, for a bet that waits for a round).
 */
export function useReply<T>(timeoutMs: number | null = 10_000) {
  const pending = useRef<{ resolve: (v: T) => void; reject: (e: Error) => void } | null>(null);
  const expect = useCallback(
    () =>
      new Promise<T>((resolve, reject) => {
        pending.current?.reject(new Error('replaced'));
        const timer =
          timeoutMs === null
            ? undefined
            : setTimeout(() => {
                if (pending.current?.resolve === done) {
                  pending.current = null;
                  reject(new Error('No reply from the server.'));
                }
              }, timeoutMs);
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
    [timeoutMs],
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

/** The autobet's bet in a round game, as the game hook keeps it (crash, roulette). */
export interface RoundBet {
  /** The promise for a bet of `stakeCents` about to be sent (or held for the next round). */
  expect: (stakeCents: number) => Promise<SettledBet>;
  /** True while an autobet bet waits for its round's outcome. */
  pending: () => boolean;
  /** The round decided it: `payoutCents` came back (0 on a loss). */
  settle: (payoutCents: number) => void;
  /** The bet was refused (or could not be sent). */
  fail: (message: string) => void;
}

/**
 * One pattern for the autobet of every round game (crash, roulette): the game hook's `placeRound`
 * puts a bet in the next round it can join and returns `expect(stake)`; the round's events settle it
 * (`settle` at the cashout or the crash, at the wheel's stop) or fail it (the join error). No time
 * limit: a round takes as long as it takes, and Stop, leaving the page or a lost connection end the
 * session instead (useAutobet).
 */
export function useRoundBet(): RoundBet {
  const { expect, resolve, reject } = useReply<SettledBet>(null);
  const stake = useRef<number | null>(null);
  return useMemo(
    () => ({
      expect: (stakeCents: number) => {
        stake.current = stakeCents;
        return expect();
      },
      pending: () => stake.current !== null,
      settle: (payoutCents: number) => {
        const s = stake.current;
        if (s === null) return;
        stake.current = null;
        resolve({ stake: s, payout: payoutCents });
      },
      fail: (message: string) => {
        if (stake.current === null) return;
        stake.current = null;
        reject(new Error(message));
      },
    }),
    [expect, resolve, reject],
  );
}
