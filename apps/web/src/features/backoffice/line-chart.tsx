import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartLine {
  label: string;
  color: string;
  values: Array<number | null>;
  /** Draw as bars instead of a line. */
  bars?: boolean;
  dash?: number[];
}

/**
 * A time-series chart (uPlot, canvas): x in seconds since the epoch. Loaded only with the back office
 * and the transparency page (their own chunks), never in the players' first load. It follows its
 * container's width.
 */
export function LineChart({
  title,
  x,
  lines,
  height = 220,
  yFormat = (v) => v.toLocaleString('en-US', { maximumFractionDigits: 2 }),
  xDates = true,
}: {
  title: string;
  x: number[];
  lines: ChartLine[];
  height?: number;
  yFormat?: (v: number) => string;
  /** false: x is a plain number (bets), not a time. */
  xDates?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const axis = {
      stroke: '#9aa3c0',
      grid: { stroke: 'rgba(129,139,173,0.12)' },
      ticks: { stroke: '#253052' },
    };
    const plot = new uPlot(
      {
        width: Math.max(200, el.clientWidth),
        height,
        scales: { x: { time: xDates } },
        // our own legend below (a plain list): uPlot's toggles a line on a click, unreachable by keyboard
        legend: { show: false },
        cursor: { points: { size: 6 } },
        axes: [{ ...axis }, { ...axis, size: 64, values: (_u, ticks) => ticks.map((t) => yFormat(t)) }],
        series: [
          {},
          ...lines.map((l) => ({
            label: l.label,
            stroke: l.color,
            width: 2,
            dash: l.dash,
            fill: l.bars ? `${l.color}55` : undefined,
            paths: l.bars ? uPlot.paths.bars?.({ size: [0.6, 40] }) : undefined,
            points: { show: !l.bars && x.length < 40 },
          })),
        ],
      },
      [x, ...lines.map((l) => l.values)] as uPlot.AlignedData,
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(200, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [x, lines, height, yFormat, xDates]);
  return (
    <figure className="flex min-w-0 flex-col gap-2 rounded-2xl bg-ink-850/80 p-3 ring-1 ring-ink-700">
      <figcaption className="text-sm font-bold text-white">{title}</figcaption>
      <div
        ref={box}
        className="uplot-dark w-full min-w-0 text-xs text-ink-200"
        role="img"
        aria-label={title}
      />
      <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-ink-200">
        {lines.map((l) => (
          <li key={l.label} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="h-2.5 w-2.5 rounded-sm"
              style={{ backgroundColor: l.color }}
            />
            {l.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}
