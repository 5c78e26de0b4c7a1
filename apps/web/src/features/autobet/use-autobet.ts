import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { SOCKET_MIN_INTERVAL_MS } from '@coinsite/shared/constants';
import { type InstantGame, useGameSettings } from '../../lib/game-settings.ts';
import { BET_LOCK_MS } from '../dice/bet-lock.ts';
import type { GameParams } from '@coinsite/shared/autobet';
import {
  type AutobetConfig,
  type AutobetState,
  afterBet,
  paramsOf,
  STOP_TEXT,
  startAutobet,
} from './autobet.ts';

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
  /** `params`: the game inputs at the start (dice: over) that the advanced rules may switch. */
  start: (config: AutobetConfig, base: number, params?: Partial<GameParams>) => void;
  stop: () => void;
}

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));

/**
 * Turbo (instant mode on): the next bet leaves as soon as the server takes it. Two limits only: the
 * socket's spacing (SOCKET_MIN_INTERVAL_MS between two events, counted from the reply, which the
 * server sent after it took the bet, so the gap on arrival is never shorter) and the per-user bet rate
 * (30 a second on the server, bet-engine.ts): a bet leaves at most every TURBO_SEND_GAP_MS, 25 a second.
 */
export const TURBO_REPLY_GAP_MS = SOCKET_MIN_INTERVAL_MS + 2;
export const TURBO_SEND_GAP_MS = 40;
/** Turbo paints the session's figures at most this often. */
const TURBO_PAINT_MS = 100;

/**
 * How long to wait before the next bet: the normal pace (BET_LOCK_MS from the send), or turbo's. Both
 * keep the socket's spacing after the reply: a bet whose reply came later than BET_LOCK_MS (a game
 * of several moves, a loaded server that read it late) would otherwise go out right behind it, and
 * the server, which counts the spacing from when it read the last event, drops it with "Slow down!"
 * (a mines autobet ended in error that way under a loaded CI run, stop 44).
 */
export function nextBetDelay(turbo: boolean, sentAt: number, repliedAt: number, now: number): number {
  const spacing = TURBO_REPLY_GAP_MS - (now - repliedAt);
  if (!turbo) return Math.max(BET_LOCK_MS - (now - sentAt), spacing);
  return Math.max(spacing, TURBO_SEND_GAP_MS - (now - sentAt));
}

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
  onParams,
  game,
}: {
  /** `params`: what the advanced rules changed of the game's inputs (null: nothing yet). */
  place: (amountCents: number, params: GameParams | null) => Promise<SettledBet>;
  /** Told when the rules changed the game's inputs (the screen shows them). */
  onParams?: (params: GameParams) => void;
  /** An instant game: with its instant mode on, the session runs in turbo (nextBetDelay). */
  game?: InstantGame;
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
  const paramsRef = useRef(onParams);
  paramsRef.current = onParams;

  // turbo's painting of the session figures (and the amount field), at most every TURBO_PAINT_MS
  const paint = useRef(
    (() => {
      let timer: ReturnType<typeof setTimeout> | null = null;
      let latest: AutobetState | null = null;
      return {
        later(s: AutobetState) {
          latest = s;
          timer ??= setTimeout(() => {
            timer = null;
            if (latest) {
              setSession(latest);
              amountRef.current?.(latest.amount);
            }
          }, TURBO_PAINT_MS);
        },
        pending: () => timer !== null,
        /** Paints what is waiting now (the session ended). */
        flush() {
          if (!timer) return;
          clearTimeout(timer);
          timer = null;
          if (latest) {
            setSession(latest);
            amountRef.current?.(latest.amount);
          }
        },
        cancel() {
          if (timer) clearTimeout(timer);
          timer = null;
        },
      };
    })(),
  );
  useEffect(() => () => paint.current.cancel(), []);

  /** The session's base stake: the amount field returns to it whatever ended the session. */
  const baseRef = useRef(0);
  const finish = useCallback((id: number, reason: EndReason) => {
    if (run.current !== id) return;
    paint.current.flush();
    run.current += 1;
    setRunning(false);
    // an escalated stake never stays in the field (a refused bet, Stop, a lost connection)
    if (reason !== 'left') amountRef.current?.(baseRef.current);
    setEnded(reason);
    endRef.current?.(reason);
    if (reason === 'error') return; // the game already toasted the server's reason
    if (reason === 'count' || reason === 'player') toast(STOP_TEXT[reason]);
    else toast.info(STOP_TEXT[reason]);
  }, []);

  const start = useCallback(
    (config: AutobetConfig, base: number, params?: Partial<GameParams>) => {
      run.current += 1;
      const id = run.current;
      let state = startAutobet(base, params);
      baseRef.current = state.base;
      setSession(state);
      setEnded(null);
      setRunning(true);
      void (async () => {
        for (;;) {
          if (run.current !== id) return;
          const sentAt = Date.now();
          // turbo: the amount field follows with the painted figures (paint.later)
          const turboNow = game !== undefined && useGameSettings.getState().instant[game] === true;
          if (!turboNow || state.played === 0) amountRef.current?.(state.amount);
          let bet: SettledBet;
          try {
            bet = await placeRef.current(state.amount, paramsOf(state));
          } catch {
            finish(id, 'error');
            return;
          }
          const repliedAt = Date.now();
          if (run.current !== id) return;
          const before = paramsOf(state);
          const r = afterBet(config, state, bet);
          state = r.state;
          const turbo = game !== undefined && useGameSettings.getState().instant[game] === true;
          // turbo: the figures are painted at most every TURBO_PAINT_MS, not once per bet
          if (!turbo || r.stop) {
            paint.current.cancel();
            setSession(state);
          } else paint.current.later(state);
          const after = paramsOf(state);
          if (after && after !== before) paramsRef.current?.(after);
          if (r.stop) {
            finish(id, r.stop);
            return;
          }
          await wait(nextBetDelay(turbo, sentAt, repliedAt, Date.now()));
        }
      })();
    },
    [finish, game],
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
