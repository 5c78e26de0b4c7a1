import {
  ROULETTE_EVENTS,
  type RouletteHistoryEntry,
  type RoulettePlayer,
} from '@coinsite/shared/schemas/roulette';
import { useEffect, useReducer, useState } from 'react';
import { toast } from 'sonner';
import { http } from '../../lib/http.ts';
import { getSocket, onSocket } from '../../lib/socket.ts';
import { playSound } from '../../lib/sounds.ts';
import type { RouletteState } from '@coinsite/shared/schemas/roulette';
import { eventMessage } from '../dice/use-dice.ts';
import { useGameSocket } from '../dice/use-game-socket.ts';
import { initialRouletteView, rouletteReducer } from './roulette-state.ts';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The roulette screen's state: the snapshot (again after a reconnect) plus the /roulette events. */
export function useRoulette() {
  const [view, dispatch] = useReducer(rouletteReducer, initialRouletteView);
  const ready = useGameSocket('roulette');
  const [pending, setPending] = useState(false);

  useEffect(() => {
    const load = () => {
      http
        .get<RouletteState>('/roulette')
        .then((state) => dispatch({ type: 'snapshot', state, now: Date.now() }))
        .catch((err: unknown) => console.error('roulette: could not load the round', err));
    };
    load();
    const offs = [
      onSocket('roulette', 'connect', load),
      onSocket('roulette', ROULETTE_EVENTS.newRound, (waitMs, id, privateHash) => {
        dispatch({
          type: 'newRound',
          waitMs: Number(waitMs) || 0,
          id: String(id),
          privateHash: String(privateHash ?? ''),
          now: Date.now(),
        });
      }),
      onSocket('roulette', ROULETTE_EVENTS.rolled, (index, slot, animMs, totalMs) => {
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
        if (isRecord(entry)) dispatch({ type: 'history', entry: entry as unknown as RouletteHistoryEntry });
      }),
      onSocket('roulette', ROULETTE_EVENTS.newPlayer, (player) => {
        if (isRecord(player)) dispatch({ type: 'player', player: player as unknown as RoulettePlayer });
      }),
      onSocket('roulette', ROULETTE_EVENTS.joinSuccess, () => setPending(false)),
      onSocket('roulette', ROULETTE_EVENTS.joinError, (msg) => {
        setPending(false);
        toast.error(eventMessage(msg));
        playSound('error');
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, []);

  const bet = (color: 'red' | 'green' | 'black', amount: number) => {
    if (amount <= 0) {
      toast.error('The minimum bet is 0.01.');
      return;
    }
    setPending(true);
    getSocket('roulette').emit(ROULETTE_EVENTS.join, color, amount);
  };

  return { view, ready, pending, bet };
}
