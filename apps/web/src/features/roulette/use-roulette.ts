import { roulettePayout } from '@coinsite/shared/fairness';
import {
  ROULETTE_EVENTS,
  type RouletteBetColor,
  type RouletteHistoryEntry,
  type RoulettePlayer,
  type RouletteState,
} from '@coinsite/shared/schemas/roulette';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { freshSnapshot } from '../../lib/fresh-snapshot.ts';
import { http } from '../../lib/http.ts';
import { afterReveal, holdReveal } from '../../lib/reveal-hold.ts';
import { getSocket, onSocket, onSynced } from '../../lib/socket.ts';
import { playSound } from '../../lib/sounds.ts';
import { useEventReducer } from '../../lib/use-event-reducer.ts';
import { type SettledBet, useRoundBet } from '../autobet/use-autobet.ts';
import { eventMessage } from '../dice/use-dice.ts';
import { useGameSocket } from '../dice/use-game-socket.ts';
import { initialRouletteView, type RouletteView, rouletteReducer } from './roulette-state.ts';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * An autobet bet goes into the round on screen only while this much of its betting time is left;
 * later it waits for the next round, so a bet never meets the close and is refused.
 */
export const ROULETTE_AUTO_MARGIN_MS = 1500;

/** True when the round on screen takes an autobet bet now (see ROULETTE_AUTO_MARGIN_MS). */
export function autoBetFits(view: RouletteView, now: number): boolean {
  return (
    view.roundId !== null &&
    view.roll === null &&
    view.bettingEndsAt !== null &&
    now < view.bettingEndsAt - ROULETTE_AUTO_MARGIN_MS
  );
}

/** The autobet's bet: held for the next round, or sent into round `roundId` (settled by its history entry). */
type AutoBet = { color: RouletteBetColor; amount: number } & (
  | { state: 'held' }
  | { state: 'sent'; roundId: string }
  | { state: 'placed'; roundId: string }
);

/** The roulette screen's state: the snapshot (again after a reconnect) plus the /roulette events. */
export function useRoulette() {
  // viewRef: the state after every event so far (the autobet decides on it between renders)
  const [view, dispatch, viewRef] = useEventReducer(rouletteReducer, initialRouletteView);
  const ready = useGameSocket('roulette');
  const [pending, setPending] = useState(false);
  /** The autobet's bet of one round, settled when the wheel has stopped (crash's pattern). */
  const round = useRoundBet();
  const auto = useRef<AutoBet | null>(null);
  /** Held from the spin's start on this screen to its end: the balance, feed and columns wait. */
  const hold = useRef<(() => void) | null>(null);
  const release = useCallback(() => {
    hold.current?.();
    hold.current = null;
  }, []);
  /** The wheel stopped on this screen: the result shows, and what was held for it follows. */
  const landed = useCallback(() => {
    dispatch({ type: 'landed' });
    release();
  }, [dispatch, release]);

  useEffect(() => {
    const send = (color: RouletteBetColor, amount: number) => {
      setPending(true);
      getSocket('roulette').emit(ROULETTE_EVENTS.join, color, amount);
    };
    const sendHeld = (roundId: string) => {
      const a = auto.current;
      if (a?.state !== 'held') return;
      auto.current = { color: a.color, amount: a.amount, state: 'sent', roundId };
      send(a.color, a.amount);
    };
    /** The wheel stopped on `entry`: the autobet's bet of that round is settled. */
    const settle = (entry: RouletteHistoryEntry) => {
      const a = auto.current;
      if (!a || a.state === 'held' || a.roundId !== entry._id) return;
      auto.current = null;
      round.settle(roulettePayout(Math.round(a.amount * 100), a.color, entry.randomModule));
    };
    // the round events (a new round, the roll) call seen(): a snapshot older than one is asked again
    const { load, seen } = freshSnapshot(
      () => http.get<RouletteState>('/roulette'),
      (state) => dispatch({ type: 'snapshot', state, now: Date.now() }),
      (err) => console.error('roulette: could not load the round', err),
    );
    load();
    const offs = [
      onSynced('roulette', load),
      onSocket('roulette', ROULETTE_EVENTS.newRound, (waitMs, id, privateHash, number) => {
        seen();
        const now = Date.now();
        // the columns clear once the wheel has stopped on this screen (the countdown counts from now)
        afterReveal('roulette', () => openRound(waitMs, id, privateHash, number, now));
      }),
    ];
    /** A new round opens on screen. */
    const openRound = (waitMs: unknown, id: unknown, privateHash: unknown, number: unknown, now: number) => {
      // a bet of an earlier round whose stop this screen missed: its entry is in the history
      const a = auto.current;
      if (a && a.state !== 'held') {
        const entry = viewRef.current.history.find((h) => h._id === a.roundId);
        if (entry) settle(entry);
        else if (a.roundId !== String(id)) {
          auto.current = null;
          round.fail('The round ended unseen.');
        }
      }
      dispatch({
        type: 'newRound',
        waitMs: Number(waitMs) || 0,
        id: String(id),
        number: typeof number === 'number' ? number : null,
        privateHash: String(privateHash ?? ''),
        now,
      });
      sendHeld(String(id));
    };
    offs.push(
      onSocket('roulette', ROULETTE_EVENTS.rolled, (index, slot, animMs, totalMs) => {
        seen();
        release();
        hold.current = holdReveal('roulette');
        dispatch({
          type: 'rolled',
          index: Number(index),
          slot: Number(slot),
          animMs: Number(animMs) || 5000,
          totalMs: Number(totalMs) || 5500,
          now: Date.now(),
        });
      }),
      onSocket('roulette', ROULETTE_EVENTS.history, (entry) => {
        if (!isRecord(entry)) return;
        const e = entry as unknown as RouletteHistoryEntry;
        // the strip of last rolls, and the autobet's settlement, wait for the wheel too
        afterReveal('roulette', () => {
          dispatch({ type: 'history', entry: e });
          settle(e);
        });
      }),
      onSocket('roulette', ROULETTE_EVENTS.newPlayer, (player) => {
        if (isRecord(player)) dispatch({ type: 'player', player: player as unknown as RoulettePlayer });
      }),
      onSocket('roulette', ROULETTE_EVENTS.joinSuccess, () => {
        setPending(false);
        const a = auto.current;
        if (a?.state === 'sent') auto.current = { ...a, state: 'placed' };
      }),
      onSocket('roulette', ROULETTE_EVENTS.joinError, (msg) => {
        setPending(false);
        toast.error(eventMessage(msg));
        playSound('error');
        if (auto.current?.state === 'sent') {
          auto.current = null;
          round.fail(eventMessage(msg));
        }
      }),
    );
    return () => {
      for (const off of offs) off();
      release();
    };
  }, [dispatch, viewRef, round, release]);

  const bet = (color: RouletteBetColor, amount: number) => {
    if (amount <= 0) {
      toast.error('The minimum bet is 0.01.');
      return;
    }
    setPending(true);
    getSocket('roulette').emit(ROULETTE_EVENTS.join, color, amount);
  };

  /**
   * Autobet: a bet on `color` in the round on screen when it still has time, otherwise in the next
   * one; settled when the wheel has stopped (what the bet paid, 0 on another colour).
   */
  const placeRound = (color: RouletteBetColor, amount: number): Promise<SettledBet> => {
    if (auto.current) return Promise.reject(new Error('A bet is already waiting for its round.'));
    if (!(amount > 0)) return Promise.reject(new Error('The minimum bet is 0.01.'));
    const settled = round.expect(Math.round(amount * 100));
    const v = viewRef.current;
    if (v.roundId !== null && autoBetFits(v, Date.now())) {
      auto.current = { color, amount, state: 'sent', roundId: v.roundId };
      bet(color, amount);
    } else auto.current = { color, amount, state: 'held' };
    return settled;
  };

  /** The autobet ended: a bet still held for the next round is not sent (one sent plays out). */
  const dropRound = () => {
    auto.current = null;
    round.fail('stopped');
  };

  return { view, ready, pending, bet, placeRound, dropRound, landed };
}
