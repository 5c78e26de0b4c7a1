import {
  CRASH_COUNTDOWN_MS,
  CRASH_RED_BELOW,
  CRASH_STATUS,
  type CrashHist,
} from '@coinsite/shared/schemas/crash';
import { crashMultiplierAt } from '@coinsite/shared/games';
import { type RefObject, useEffect, useRef } from 'react';
import { cn } from '../../lib/cn.ts';
import { drainBar } from '../../lib/use-clock.ts';
import { CrashGraph } from './crash-graph.tsx';
import { type CrashView, drawElapsed } from './crash-state.ts';

/** The big number over the graph, written every frame without re-rendering React. */
function Readout({ viewRef }: { viewRef: RefObject<CrashView> }) {
  const main = useRef<HTMLSpanElement>(null);
  const sub = useRef<HTMLSpanElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let frame = 0;
    // the DOM is written only when a value changes (a style write every frame costs a recalc); the
    // countdown's bar drains on the compositor, started once per round
    let shown = { text: '', caption: '', tone: '', hidden: true as boolean | null };
    let drainingTo: number | null = null;
    let stopDrain = () => {};
    const paint = () => {
      const v = viewRef.current;
      const now = Date.now();
      let text = '';
      let caption = '';
      let tone = 'text-white';
      let endsAt: number | null = null;
      if (v.status === CRASH_STATUS.InProgress) {
        text = `${(crashMultiplierAt(drawElapsed(v, now)) / 100).toFixed(2)}x`;
        caption = 'Current payout';
      } else if (
        (v.status === CRASH_STATUS.Over || v.status === CRASH_STATUS.Refunded) &&
        v.crashPoint !== null
      ) {
        text = `${v.crashPoint.toFixed(2)}x`;
        caption = v.status === CRASH_STATUS.Refunded ? 'Round refunded' : 'Crashed';
        tone = 'text-red-400';
      } else if (v.status === CRASH_STATUS.Starting && v.bettingEndsAt !== null) {
        endsAt = v.bettingEndsAt;
        text = `${(Math.max(0, endsAt - now) / 1000).toFixed(1)}s`;
        caption = 'Starting in';
      } else {
        text = '…';
        caption = v.loaded ? 'Waiting for the next round' : 'Loading';
      }
      const hidden = v.status !== CRASH_STATUS.Starting;
      if (main.current && text !== shown.text) main.current.textContent = text;
      if (main.current && tone !== shown.tone) {
        main.current.className = cn(
          'font-mono text-5xl font-black tabular-nums drop-shadow-lg sm:text-7xl',
          tone,
        );
      }
      if (sub.current && caption !== shown.caption) sub.current.textContent = caption;
      if (bar.current && endsAt !== drainingTo) {
        stopDrain();
        drainingTo = endsAt;
        if (endsAt !== null) stopDrain = drainBar(bar.current, endsAt, CRASH_COUNTDOWN_MS);
      }
      if (bar.current && hidden !== shown.hidden) {
        bar.current.parentElement?.classList.toggle('invisible', hidden);
      }
      shown = { text, caption, tone, hidden };
      frame = requestAnimationFrame(paint);
    };
    frame = requestAnimationFrame(paint);
    return () => {
      cancelAnimationFrame(frame);
      stopDrain();
    };
  }, [viewRef]);
  return (
    <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center gap-2">
      <span ref={sub} className="text-xs font-semibold tracking-widest text-ink-300 uppercase" />
      <span ref={main} data-testid="crash-multiplier" aria-live="off" />
      <div className="invisible h-1.5 w-48 overflow-hidden rounded-full bg-ink-700">
        <div ref={bar} className="h-full w-full rounded-full bg-accent-400" />
      </div>
    </div>
  );
}

/** Recent rounds, newest first: below 2.00x red, otherwise green (spec-3 §9). */
export function CrashHistoryStrip({
  history,
  onPick,
}: {
  history: CrashHist[];
  onPick: (id: string) => void;
}) {
  return (
    <ol aria-label="Recent rounds" className="flex gap-1.5 overflow-x-auto pb-1" data-testid="crash-history">
      {history.slice(0, 30).map((h) => (
        <li key={h._id} className="shrink-0">
          <button
            type="button"
            onClick={() => onPick(h._id)}
            title={`Round #${h.number}`}
            className={cn(
              'rounded-full px-2.5 py-1 font-mono text-xs font-bold ring-1 transition hover:brightness-125',
              h.crashPoint < CRASH_RED_BELOW
                ? 'bg-red-500/15 text-red-300 ring-red-500/30'
                : 'bg-accent-500/15 text-accent-300 ring-accent-500/30',
            )}
          >
            {h.crashPoint.toFixed(2)}x
          </button>
        </li>
      ))}
    </ol>
  );
}

export function CrashStage({ viewRef }: { viewRef: RefObject<CrashView> }) {
  return (
    <div className="relative h-[17rem] w-full sm:h-[22rem] lg:h-[26rem]">
      <CrashGraph viewRef={viewRef} />
      <Readout viewRef={viewRef} />
    </div>
  );
}
