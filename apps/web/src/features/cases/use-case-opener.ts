import type { CaseItemView, CaseOpenedEvent } from '@coinsite/shared/schemas/cases';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { openDialog } from '../../lib/dialog-store.ts';
import { afterReveal, holdReveal } from '../../lib/reveal-hold.ts';
import { getSocket, onSocket } from '../../lib/socket.ts';
import { playSound } from '../../lib/sounds.ts';
import { useAuthStore } from '../auth/auth-store.ts';
import type { ReelSpin } from './case-reel.tsx';
import { isCelebrated } from './rarity.ts';
import { buildStrip, localTicket } from './reel-strip.ts';
import { itemForTicket } from '@coinsite/shared/fairness';
import { fireConfetti } from '../../lib/confetti.ts';

/** spec-3 §8 and spec-1 §8: the emit could not be sent. */
export const OPEN_FAILED = 'Request to open case failed!';
/** No answer this long after an open: the button is freed so the page never stays stuck. */
const ANSWER_TIMEOUT_MS = 10_000;

export interface StripShape {
  length: number;
  winnerIndex: number;
  /** Distinct fillers drawn (the strip repeats them). */
  distinct?: number;
}

export interface ReelState {
  strip: CaseItemView[];
  spin: ReelSpin | null;
  revealed: boolean;
  result: (CaseItemView & { ticket?: number }) | null;
}

export type OpenedResult = CaseOpenedEvent['caseResult'] & { nonce?: number; betId?: string | null };

let spinSerial = 0;

function celebrate(item: { color: string }): void {
  if (!isCelebrated(item.color)) {
    playSound('notify');
    return;
  }
  playSound('win');
  fireConfetti({ particleCount: 150, spread: 80, origin: { y: 0.5 } });
}

/**
 * Opening a case on a reel (or several): emit → cases:opened starts each reel on its item →
 * reveal when it stops, with sound and confetti for gold and red → idle. cases:error frees the
 * lock with a toast and the error sound; cases:success is a toast. Demo spins are local.
 */
export function useCaseOpener(opts: {
  slug: string;
  items: CaseItemView[];
  count: number;
  event: 'cases:open' | 'cases:free';
  payload: string;
  durationMs: number;
  /** cases:open only: the player's instant mode, sent as `{instant: true}` after the slug. */
  instant?: boolean;
  live: StripShape;
  demo: StripShape;
  idleLength: number;
  onOpened?: (result: OpenedResult) => void;
}) {
  const { slug, items, count, event, payload, durationMs, instant, live, demo, idleLength, onOpened } = opts;
  const signedIn = useAuthStore((s) => s.isAuthenticated && s.user !== null);
  const idleStrip = useCallback(
    () => buildStrip(items, { length: idleLength, winnerIndex: -1, winner: null }),
    [items, idleLength],
  );
  const [reels, setReels] = useState<ReelState[]>([]);
  const [busy, setBusy] = useState(false);
  /** the spin in progress is a free demo (the buttons say so, never "Opening...") */
  const [demoing, setDemoing] = useState(false);
  const expected = useRef(0);
  const spinning = useRef(0);
  const nextReel = useRef(0);
  const watch = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onOpenedRef = useRef(onOpened);
  onOpenedRef.current = onOpened;
  // several cases open one after another: the next emit waits for the previous answer, so the
  // server's 10 ms spacing rule never drops one
  const queued = useRef(0);
  const emitRef = useRef(() => {});
  emitRef.current = () => {
    if (queued.current <= 0) return;
    queued.current--;
    // the win's update-wallet then waits for the instant reel's stop, not the whole spin
    if (instant && event === 'cases:open') getSocket('cases').emit(event, payload, { instant: true });
    else getSocket('cases').emit(event, payload);
  };
  const emitNext = useCallback(() => setTimeout(() => emitRef.current(), 15), []);

  useEffect(() => {
    if (items.length === 0) return;
    setReels(
      Array.from({ length: count }, () => ({
        strip: idleStrip(),
        spin: null,
        revealed: false,
        result: null,
      })),
    );
  }, [items, count, idleStrip]);

  /** Held from an opening's emit until its last reel stops: the balance and the feed wait (issue 28 item 5). */
  const hold = useRef<(() => void) | null>(null);
  const release = useCallback(() => {
    hold.current?.();
    hold.current = null;
  }, []);

  const settleIfDone = useCallback(() => {
    if (expected.current <= 0 && spinning.current <= 0) {
      release();
      clearTimeout(watch.current);
      setBusy(false);
      setDemoing(false);
    }
  }, [release]);

  const startSpin = useCallback(
    (index: number, winner: CaseItemView & { ticket?: number }, shape: StripShape) => {
      spinning.current++;
      const strip = buildStrip(items, { ...shape, winner });
      setReels((rs) =>
        rs.map((r, i) =>
          i === index
            ? {
                strip,
                spin: { id: ++spinSerial, winnerIndex: shape.winnerIndex, durationMs },
                revealed: false,
                result: winner,
              }
            : r,
        ),
      );
    },
    [items, durationMs],
  );

  const settled = useCallback(
    (index: number) => {
      spinning.current--;
      setReels((rs) => rs.map((r, i) => (i === index ? { ...r, revealed: true } : r)));
      const won = reels[index]?.result;
      if (won) celebrate(won);
      settleIfDone();
    },
    [reels, settleIfDone],
  );

  useEffect(() => {
    const offs = [
      onSocket('cases', 'cases:opened', (raw) => {
        const ev = raw as CaseOpenedEvent | null;
        if (!ev || ev.case?.slug !== slug || expected.current <= 0) return;
        expected.current--;
        const index = nextReel.current++;
        startSpin(index, ev.caseResult, live);
        onOpenedRef.current?.({ ...ev.caseResult, nonce: ev.nonce, betId: ev.betId });
        emitNext();
      }),
      onSocket('cases', 'cases:error', (message) => {
        if (expected.current <= 0) return;
        // the rest would fail the same way (balance, disabled case): stop here
        expected.current = 0;
        queued.current = 0;
        playSound('error');
        toast.error(String(message ?? OPEN_FAILED));
        settleIfDone();
      }),
      onSocket('cases', 'cases:success', (message) => {
        // a losing opening ("You got … worth 0.10 from a 2.50 case") is news, not a success
        const text = String(message ?? '');
        // told once the reels have stopped on this screen
        afterReveal('cases', () => {
          if (text.startsWith('You won')) toast.success(text);
          else toast.info(text);
        });
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [slug, live, startSpin, settleIfDone, emitNext]);

  useEffect(
    () => () => {
      clearTimeout(watch.current);
      release();
    },
    [release],
  );

  const open = useCallback(() => {
    if (!signedIn) {
      openDialog({ name: 'signIn', view: 'login' });
      return;
    }
    if (busy || items.length === 0) return;
    const socket = getSocket('cases');
    if (!socket.connected) {
      toast.error(OPEN_FAILED);
      return;
    }
    setBusy(true);
    release();
    hold.current = holdReveal('cases');
    expected.current = count;
    spinning.current = 0;
    nextReel.current = 0;
    setReels((rs) => rs.map((r) => ({ ...r, revealed: false })));
    queued.current = count;
    emitRef.current();
    clearTimeout(watch.current);
    watch.current = setTimeout(
      () => {
        if (expected.current > 0) toast.error(OPEN_FAILED);
        expected.current = 0;
        queued.current = 0;
        settleIfDone();
      },
      ANSWER_TIMEOUT_MS * count + durationMs,
    );
  }, [signedIn, busy, items, count, durationMs, settleIfDone, release]);

  const demoSpin = useCallback(() => {
    if (busy || items.length === 0) return;
    setBusy(true);
    setDemoing(true);
    expected.current = 0;
    spinning.current = 0;
    for (let i = 0; i < count; i++) startSpin(i, itemForTicket(items, localTicket()), demo);
  }, [busy, items, count, demo, startSpin]);

  return useMemo(
    () => ({ reels, busy, demoing, open, demoSpin, settled }),
    [reels, busy, demoing, open, demoSpin, settled],
  );
}
