import {
  CRASH_BET_CLEAR_MS,
  CRASH_EVENTS,
  CRASH_STATUS,
  type CrashBet,
  type CrashCashoutEvent,
  type CrashHist,
} from '@coinsite/shared/schemas/crash';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { freshSnapshot } from '../../lib/fresh-snapshot.ts';
import { getSocket, onSocket, onSynced } from '../../lib/socket.ts';
import { RESYNC_EVENT } from '@coinsite/shared/constants';
import { playSound } from '../../lib/sounds.ts';
import { useAuthStore } from '../auth/auth-store.ts';
import { eventMessage } from '../dice/use-dice.ts';
import { type SettledBet, useRoundBet } from '../autobet/use-autobet.ts';
import { useEventReducer } from '../../lib/use-event-reducer.ts';
import { useGameSocket } from '../dice/use-game-socket.ts';
import { fetchCrash, fetchMyCrashBet } from './crash-api.ts';
import { crashReducer, initialCrashView } from './crash-state.ts';

/** The player's own bet, as the button of spec-3 §4 walks through it. */
export type MyBet =
  | { phase: 'none' }
  | { phase: 'queued'; amount: number; target: number | null }
  | { phase: 'placing' }
  | { phase: 'active'; bet: CrashBet }
  | { phase: 'cashing'; bet: CrashBet }
  | { phase: 'cashed'; bet: CrashBet };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * The crash screen's state: the snapshot (loaded again after every reconnect), the /crash events
 * applied to it, and the player's own bet with its queue (a bet asked for while betting is closed
 * waits here and is sent when the next round starts).
 */
export function useCrash() {
  // viewRef is the state after every event so far: placing a bet reads it (a render-late status
  // once queued an autobet bet after its round's `starting` had passed; docs/decisions/web.md)
  const [view, dispatch, viewRef] = useEventReducer(crashReducer, initialCrashView);
  const userId = useAuthStore((s) => s.user?._id ?? null);
  const userRef = useRef(userId);
  userRef.current = userId;
  const ready = useGameSocket('crash');
  const [mine, setMineState] = useState<MyBet>({ phase: 'none' });
  const mineRef = useRef(mine);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** The autobet's bet of this round: settled at its cashout, or at the crash with nothing. */
  const round = useRoundBet();

  const setMine = useCallback((next: MyBet) => {
    mineRef.current = next;
    setMineState(next);
    if (clearTimer.current) clearTimeout(clearTimer.current);
    clearTimer.current = null;
    if (next.phase === 'cashed')
      clearTimer.current = setTimeout(() => setMine({ phase: 'none' }), CRASH_BET_CLEAR_MS);
  }, []);

  /**
   * The player's bet placed from another tab or device (issue 28 item 6): it shows here too, with
   * Cashout, since the cash-out goes by the player, not by the tab that placed the bet.
   */
  const adoptOwn = useCallback(
    (bets: readonly CrashBet[]) => {
      const own = bets.find((b) => b.playerID === userRef.current);
      const m = mineRef.current;
      if (!own || (m.phase !== 'none' && m.phase !== 'queued')) return;
      if (own.status === 2) return; // already cashed out elsewhere: nothing to do here
      setMine({ phase: 'active', bet: own });
    },
    [setMine],
  );

  useEffect(() => {
    // the round events (starting, start, end) call seen(): a snapshot older than one is asked again
    const { load, seen } = freshSnapshot(
      fetchCrash,
      (state) => {
        dispatch({ type: 'snapshot', state, now: Date.now() });
        const c = state.current;
        if (c && (c.status === CRASH_STATUS.Starting || c.status === CRASH_STATUS.InProgress))
          adoptOwn(c.players);
      },
      (err) => console.error('crash: could not load the round', err),
    );
    load();
    const send = (amount: number, target: number | null) => {
      setMine({ phase: 'placing' });
      getSocket('crash').emit(CRASH_EVENTS.join, target, amount);
    };
    const offs = [
      onSynced('crash', load),
      onSocket('crash', CRASH_EVENTS.starting, (e) => {
        if (!isRecord(e)) return;
        seen();
        dispatch({
          type: 'starting',
          id: String(e._id),
          number: typeof e.number === 'number' ? e.number : null,
          privateHash: String(e.privateHash ?? ''),
          timeUntilStart: Number(e.timeUntilStart ?? 0),
          now: Date.now(),
        });
        const m = mineRef.current;
        if (m.phase === 'queued') send(m.amount, m.target);
        else if (m.phase !== 'placing') setMine({ phase: 'none' });
      }),
      onSocket('crash', CRASH_EVENTS.start, (e) => {
        if (!isRecord(e)) return;
        seen();
        const id = e._id === undefined ? undefined : String(e._id);
        dispatch({ type: 'start', id, publicSeed: String(e.publicSeed ?? ''), now: Date.now() });
      }),
      onSocket('crash', CRASH_EVENTS.tick, (m) => {
        if (typeof m === 'number') dispatch({ type: 'tick', multiplier: m, now: Date.now() });
      }),
      onSocket('crash', CRASH_EVENTS.end, (e) => {
        if (!isRecord(e) || !isRecord(e.game)) return;
        seen();
        dispatch({ type: 'end', game: e.game as unknown as CrashHist });
        const m = mineRef.current;
        if (m.phase === 'active' || m.phase === 'cashing') {
          setMine({ phase: 'none' });
          round.settle(0);
        }
      }),
      onSocket('crash', CRASH_EVENTS.bets, (bets) => {
        if (!Array.isArray(bets)) return;
        dispatch({ type: 'bets', bets: bets as CrashBet[] });
        adoptOwn(bets as CrashBet[]);
      }),
      onSocket('crash', CRASH_EVENTS.betCashout, (e) => {
        if (!isRecord(e)) return;
        const event = e as unknown as CrashCashoutEvent;
        dispatch({ type: 'cashout', event });
        const m = mineRef.current;
        if (event.playerID === userRef.current && (m.phase === 'active' || m.phase === 'cashing')) {
          setMine({ phase: 'cashed', bet: { ...m.bet, ...event } });
          round.settle(Math.round(event.winningAmount * 100));
        }
      }),
      onSocket('crash', CRASH_EVENTS.joinSuccess, (bet) => {
        if (!isRecord(bet)) return;
        setMine({ phase: 'active', bet: bet as unknown as CrashBet });
        toast.success('Successfully joined the game!');
      }),
      onSocket('crash', CRASH_EVENTS.joinError, (msg) => {
        if (mineRef.current.phase === 'placing') setMine({ phase: 'none' });
        toast.error(eventMessage(msg));
        playSound('error');
        round.fail(eventMessage(msg));
      }),
      onSocket('crash', CRASH_EVENTS.cashoutSuccess, () => {
        toast.success('Successfully cashed out!', { id: 'crash-cashout' });
      }),
      onSocket('crash', CRASH_EVENTS.cashoutError, (msg) => {
        const m = mineRef.current;
        if (m.phase === 'cashing') setMine({ phase: 'active', bet: m.bet });
        toast.error(eventMessage(msg));
        playSound('error');
      }),
    ];
    return () => {
      for (const off of offs) off();
      if (clearTimer.current) clearTimeout(clearTimer.current);
    };
  }, [setMine, dispatch, round, adoptOwn]);

  // after a reload the player's bet of the running round comes back (spec-3 §6: only when signed in)
  useEffect(() => {
    if (!ready) return;
    fetchMyCrashBet()
      .then(({ bet }) => {
        if (bet && mineRef.current.phase === 'none')
          setMine(bet.status === 2 ? { phase: 'cashed', bet } : { phase: 'active', bet });
      })
      .catch((err: unknown) => console.error('crash: could not load my bet', err));
  }, [ready, setMine]);

  // issue 26: after a resync (broadcasts lost between the nodes) the own bet is read again: a cash-out
  // made meanwhile (the auto cash-out on the leader) shows as cashed
  useEffect(
    () =>
      onSocket('crash', RESYNC_EVENT, () => {
        fetchMyCrashBet()
          .then(({ bet }) => {
            const m = mineRef.current;
            if (bet?.status !== 2 || (m.phase !== 'active' && m.phase !== 'cashing')) return;
            setMine({ phase: 'cashed', bet });
            round.settle(Math.round((bet.winningAmount ?? 0) * 100));
          })
          .catch((err: unknown) => console.error('crash: could not load my bet', err));
      }),
    [setMine, round],
  );

  /** Place bet (or queue it while betting is closed), or cancel the queued one. */
  const placeOrCancel = (amount: number, target: number | null) => {
    const m = mineRef.current;
    if (m.phase === 'queued') {
      setMine({ phase: 'none' });
      return;
    }
    if (m.phase !== 'none' || amount <= 0) return; // spec-3 §5: an amount of 0 or less is ignored
    if (viewRef.current.status === CRASH_STATUS.Starting) {
      setMine({ phase: 'placing' });
      getSocket('crash').emit(CRASH_EVENTS.join, target, amount);
    } else setMine({ phase: 'queued', amount, target });
  };

  const cashout = () => {
    const m = mineRef.current;
    if (m.phase !== 'active' || viewRef.current.status !== CRASH_STATUS.InProgress) return;
    setMine({ phase: 'cashing', bet: m.bet });
    getSocket('crash').emit(CRASH_EVENTS.cashout);
  };

  /**
   * Autobet: a bet in the next round it can join (queued while betting is closed), settled when it
   * is cashed out (by the auto cashout) or the round crashes.
   */
  const placeRound = (amount: number, target: number | null): Promise<SettledBet> => {
    if (mineRef.current.phase === 'cashed') setMine({ phase: 'none' });
    if (mineRef.current.phase !== 'none') return Promise.reject(new Error('A bet is already in this round.'));
    const settled = round.expect(Math.round(amount * 100));
    placeOrCancel(amount, target);
    return settled;
  };

  /** The autobet ended: a bet it still holds for the next round is not sent. */
  const dropRound = () => {
    if (round.pending() && mineRef.current.phase === 'queued') setMine({ phase: 'none' });
    round.fail('stopped');
  };

  return { view, viewRef, mine, ready, placeOrCancel, placeRound, dropRound, cashout };
}
