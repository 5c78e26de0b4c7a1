import { GripHorizontal, RotateCcw, X } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { gameName } from '../../app/games.tsx';
import { cn } from '../../lib/cn.ts';
import { centsToText } from '../dice/numeric.ts';
import { profitLine, totalsOf, useLiveStats } from './live-stats-store.ts';

const WIDTH = 300;
const CHART_W = 268;
const CHART_H = 110;

const signed = (cents: number) => `${cents < 0 ? '−' : cents > 0 ? '+' : ''}${centsToText(Math.abs(cents))}`;

/** The running profit as an SVG line over a zero line, green above and red below (drawn here, no chart library). */
export function ProfitChart({ line }: { line: number[] }) {
  const { path, zeroY, area } = useMemo(() => {
    const max = Math.max(0, ...line);
    const min = Math.min(0, ...line);
    const span = max - min || 1;
    const x = (i: number) => (line.length <= 1 ? 0 : (i / (line.length - 1)) * CHART_W);
    const y = (v: number) => 4 + ((max - v) / span) * (CHART_H - 8);
    const pts = line.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`);
    const z = y(0);
    return {
      path: `M${pts.join('L')}`,
      zeroY: z,
      area: `M0,${z.toFixed(1)}L${pts.join('L')}L${x(line.length - 1).toFixed(1)},${z.toFixed(1)}Z`,
    };
  }, [line]);
  return (
    <svg
      viewBox={`0 0 ${CHART_W} ${CHART_H}`}
      width="100%"
      height={CHART_H}
      role="img"
      aria-label={`Profit over ${line.length - 1} bets`}
      data-testid="live-stats-chart"
      className="overflow-visible"
    >
      <defs>
        <clipPath id="ls-above">
          <rect x="0" y="0" width={CHART_W} height={zeroY} />
        </clipPath>
        <clipPath id="ls-below">
          <rect x="0" y={zeroY} width={CHART_W} height={CHART_H - zeroY} />
        </clipPath>
      </defs>
      <path d={area} clipPath="url(#ls-above)" className="fill-accent-500/20" />
      <path d={area} clipPath="url(#ls-below)" className="fill-red-500/20" />
      <line x1="0" x2={CHART_W} y1={zeroY} y2={zeroY} className="stroke-ink-500" strokeDasharray="3 3" />
      <path d={path} clipPath="url(#ls-above)" fill="none" strokeWidth="2" className="stroke-accent-400" />
      <path d={path} clipPath="url(#ls-below)" fill="none" strokeWidth="2" className="stroke-red-400" />
    </svg>
  );
}

function Figure({
  label,
  value,
  tone,
  testId,
}: {
  label: string;
  value: string;
  tone?: number;
  testId?: string;
}) {
  return (
    <div className="flex flex-col rounded-lg bg-ink-950/50 px-2.5 py-1.5 ring-1 ring-ink-700">
      <dt className="text-[11px] text-ink-400">{label}</dt>
      <dd
        data-testid={testId}
        className={cn(
          'font-mono text-sm font-bold tabular-nums',
          tone === undefined || tone === 0 ? 'text-white' : tone > 0 ? 'text-accent-400' : 'text-red-400',
        )}
      >
        {value}
      </dd>
    </div>
  );
}

/** Keeps the panel inside the window. */
function clampPos(x: number, y: number, el: HTMLElement | null) {
  const w = el?.offsetWidth ?? WIDTH;
  const h = el?.offsetHeight ?? 300;
  return {
    x: Math.min(Math.max(0, x), Math.max(0, window.innerWidth - w)),
    y: Math.min(Math.max(0, y), Math.max(0, window.innerHeight - h)),
  };
}

/**
 * The live stats panel (Stake's "Live Stats"): moved by its title bar, over any page. Profit,
 * wagered, wins and losses, best win and the profit chart of the player's bets since the last reset,
 * for one game or all.
 */
export function LiveStatsPanel() {
  const s = useLiveStats();
  const ref = useRef<HTMLDivElement>(null);
  const games = Object.keys(s.totals);
  const t = totalsOf(s, s.game);
  const line = useMemo(() => profitLine(s, s.game), [s]);
  const pos = s.pos ?? { x: window.innerWidth - WIDTH - 24, y: 120 };
  const shown = clampPos(pos.x, pos.y, ref.current);

  // a window made smaller must not leave the panel out of reach
  useEffect(() => {
    const onResize = () => {
      const p = useLiveStats.getState().pos;
      if (p) useLiveStats.getState().setPos(clampPos(p.x, p.y, ref.current));
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const drag = (e: React.PointerEvent) => {
    if ((e.target as HTMLElement).closest('button, select')) return;
    const start = { x: e.clientX - shown.x, y: e.clientY - shown.y };
    const el = e.currentTarget as HTMLElement;
    el.setPointerCapture(e.pointerId);
    let last = shown;
    const move = (ev: PointerEvent) => {
      last = clampPos(ev.clientX - start.x, ev.clientY - start.y, ref.current);
      if (ref.current) ref.current.style.transform = `translate(${last.x}px, ${last.y}px)`;
    };
    const up = () => {
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      el.removeEventListener('pointercancel', up);
      useLiveStats.getState().setPos(last);
    };
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', up);
  };

  return (
    <section
      ref={ref}
      aria-label="Live stats"
      data-testid="live-stats"
      className="fixed top-0 left-0 z-40 flex w-[300px] max-w-[calc(100vw-16px)] flex-col gap-2 rounded-2xl bg-ink-850/95 p-3 shadow-2xl ring-1 ring-ink-600 backdrop-blur"
      style={{ transform: `translate(${shown.x}px, ${shown.y}px)` }}
    >
      <header
        onPointerDown={drag}
        data-testid="live-stats-handle"
        className="flex cursor-move touch-none items-center gap-2 select-none"
      >
        <GripHorizontal className="h-4 w-4 text-ink-500" aria-hidden="true" />
        <h2 className="flex-1 text-sm font-bold text-white">Live stats</h2>
        <button
          type="button"
          aria-label="Reset live stats"
          title="Reset"
          data-testid="live-stats-reset"
          onClick={() => s.reset()}
          className="grid h-7 w-7 place-items-center rounded-md text-ink-300 hover:bg-ink-700 hover:text-white"
        >
          <RotateCcw className="h-3.5 w-3.5" />
        </button>
        <button
          type="button"
          aria-label="Close live stats"
          onClick={() => s.setOpen(false)}
          className="grid h-7 w-7 place-items-center rounded-md text-ink-300 hover:bg-ink-700 hover:text-white"
        >
          <X className="h-4 w-4" />
        </button>
      </header>
      <select
        aria-label="Game"
        data-testid="live-stats-game"
        value={s.game}
        onChange={(e) => s.setGame(e.target.value)}
        className="h-8 rounded-md border border-ink-600 bg-ink-900 px-2 text-xs font-semibold text-white"
      >
        <option value="">All games</option>
        {games.map((g) => (
          <option key={g} value={g}>
            {gameName(g)}
          </option>
        ))}
      </select>
      <dl className="grid grid-cols-2 gap-1.5">
        <Figure label="Profit" value={signed(t.profit)} tone={t.profit} testId="live-stats-profit" />
        <Figure label="Wagered" value={centsToText(t.wagered)} testId="live-stats-wagered" />
        <Figure label="Wins" value={String(t.wins)} testId="live-stats-wins" />
        <Figure label="Losses" value={String(t.losses)} testId="live-stats-losses" />
        <Figure label="Best win" value={centsToText(t.best)} testId="live-stats-best" />
        <Figure label="Bets" value={String(t.bets)} testId="live-stats-bets" />
      </dl>
      <div className="rounded-lg bg-ink-950/50 p-2 ring-1 ring-ink-700">
        <ProfitChart line={line} />
      </div>
    </section>
  );
}
