import {
  COINFLIP_ANIMATION_MS,
  COINFLIP_EVENTS,
  COINFLIP_RECENT_SIZE,
  type CoinflipSide,
  type CoinflipState,
  type CoinflipView,
} from '@coinsite/shared/schemas/coinflip';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { liveChanges } from '../../lib/fresh-snapshot.ts';
import { http } from '../../lib/http.ts';
import { holdReveal } from '../../lib/reveal-hold.ts';
import { useAuthStore } from '../auth/auth-store.ts';
import { getSocket, onSocket, onSynced } from '../../lib/socket.ts';
import { playSound } from '../../lib/sounds.ts';
import { eventMessage } from '../dice/use-dice.ts';
import { useGameSocket } from '../dice/use-game-socket.ts';
import { ensureAgeAnswered } from '../account/age-gate.ts';

const isFlip = (v: unknown): v is CoinflipView =>
  typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string';

/** Open and waiting flips stay in the list; a flip decided live stays there while its coin spins. */
function place(state: CoinflipState, flip: CoinflipView): CoinflipState {
  const open = state.open.filter((f) => f.id !== flip.id);
  if (flip.status === 'open' || flip.status === 'waiting' || flip.status === 'finished') open.unshift(flip);
  open.sort((a, b) => Number(b.id) - Number(a.id));
  const recent =
    flip.status === 'finished'
      ? [flip, ...state.recent.filter((f) => f.id !== flip.id)].slice(0, COINFLIP_RECENT_SIZE)
      : state.recent;
  return { ...state, open, recent };
}

/** The coinflip screen's state: the lists (again after a reconnect) and the /coinflip events. */
export function useCoinflip() {
  const ready = useGameSocket('coinflip');
  const [state, setState] = useState<CoinflipState>({ open: [], recent: [], houseCutPct: 5 });
  const [loaded, setLoaded] = useState(false);
  const [busy, setBusy] = useState(false);
  /** flips decided while we watched: when their coin stops (local time) */
  const [spins, setSpins] = useState<Record<string, number>>({});

  useEffect(() => {
    // the events' changes made while the lists are on their way are applied on top of them: a
    // snapshot older than an event showed a joined flip open again, or kept a finished one waiting
    const live = liveChanges<CoinflipState>();
    const update = (fn: (s: CoinflipState) => CoinflipState) => setState(live.change(fn));
    const load = () => {
      live
        .fetch(async () => {
          const s = await http.get<CoinflipState>('/coinflip');
          return { ...s, open: s.open.filter((f) => f.status !== 'finished') };
        })
        .then((s) => {
          setState(s);
          setLoaded(true);
        })
        .catch((err: unknown) => console.error('coinflip: could not load the flips', err));
    };
    load();
    /** The coins of the player's own flips still turning here (each holds the reveal). */
    const holds = new Set<() => void>();
    const offs = [
      onSynced('coinflip', load),
      onSocket('coinflip', COINFLIP_EVENTS.new, (flip) => {
        if (isFlip(flip)) update((s) => place(s, flip));
      }),
      onSocket('coinflip', COINFLIP_EVENTS.update, (flip) => {
        if (!isFlip(flip)) return;
        if (flip.status === 'finished') {
          setSpins((s) => ({ ...s, [flip.id]: Date.now() + COINFLIP_ANIMATION_MS }));
          // the player's own flip: the win waits for the coin to stop on this screen (issue 28 item 5)
          const me = useAuthStore.getState().user?._id;
          if (me && (flip.creator.id === me || flip.opponent?.id === me)) {
            const release = holdReveal('coinflip');
            holds.add(release);
            setTimeout(() => {
              holds.delete(release);
              release();
            }, COINFLIP_ANIMATION_MS);
          }
          // the result shows a while after the coin stops, then the flip leaves the open list
          setTimeout(
            () =>
              update((s) => ({
                ...s,
                open: s.open.filter((f) => f.id !== flip.id || f.status !== 'finished'),
              })),
            COINFLIP_ANIMATION_MS + 4000,
          );
        }
        update((s) =>
          flip.status === 'cancelled'
            ? { ...s, open: s.open.filter((f) => f.id !== flip.id) }
            : place(s, flip),
        );
      }),
      onSocket('coinflip', COINFLIP_EVENTS.success, (msg) => {
        setBusy(false);
        toast.success(eventMessage(msg, 'Done!'));
      }),
      onSocket('coinflip', COINFLIP_EVENTS.error, (msg) => {
        setBusy(false);
        toast.error(eventMessage(msg));
        playSound('error');
      }),
    ];
    return () => {
      for (const off of offs) off();
      for (const release of holds) release();
      holds.clear();
    };
  }, []);

  const send = (event: string, arg: unknown) => {
    setBusy(true);
    getSocket('coinflip').emit(event, arg);
  };
  // a stake: the first of an account without a date of birth waits for the ask-once dialog (issue 26)
  const stake = (event: string, arg: unknown) =>
    void ensureAgeAnswered().then((ok) => ok && send(event, arg));

  return {
    state,
    loaded,
    ready,
    busy,
    spins,
    create: (amount: number, side: CoinflipSide) => stake(COINFLIP_EVENTS.create, { amount, side }),
    join: (id: string) => stake(COINFLIP_EVENTS.join, id),
    callBot: (id: string) => send(COINFLIP_EVENTS.callBot, id),
    cancel: (id: string) => send(COINFLIP_EVENTS.cancel, id),
  };
}
