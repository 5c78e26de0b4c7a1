import type { PlinkoRisk } from '@coinsite/shared/fairness';
import { plinkoTable } from '@coinsite/shared/fairness';
import { plinkoRevealMs } from '@coinsite/shared/schemas/plinko';
import { memo, useEffect, useMemo, useRef } from 'react';
import { BOARD, BOARD_HEIGHT, ballAt, geometry, slotColors, slotLabel } from './plinko-math.ts';
import type { PlinkoDrop } from './use-plinko.ts';

const BOARD_CSS = `
.plinko-peg { fill: #e2e8f0; opacity: .85; transition: fill .25s, opacity .25s; }
.plinko-peg-hit { animation: plinko-peg 260ms ease-out; }
@keyframes plinko-peg { 0% { fill: #f9a8d4; opacity: 1; filter: drop-shadow(0 0 6px #f472b6); } 100% { fill: #e2e8f0; } }
.plinko-ball { fill: url(#plinko-ball); filter: drop-shadow(0 3px 4px rgb(0 0 0 / .45)); }
.plinko-slot-hit { animation: plinko-slot 320ms cubic-bezier(.3,.7,.4,1.4); }
@keyframes plinko-slot { 0% { transform: translateY(0); } 35% { transform: translateY(12px); } 100% { transform: translateY(0); } }
@media (prefers-reduced-motion: reduce) { .plinko-peg-hit, .plinko-slot-hit { animation: none; } }
`;

/** The pegs of a board: drawn once per row count; a peg the ball touches flashes (data-hit). */
const Pegs = memo(function Pegs({ rows }: { rows: number }) {
  const g = geometry(rows);
  return (
    <g>
      {Array.from({ length: rows }, (_, r) =>
        Array.from({ length: r + 3 }, (_, i) => {
          const p = g.peg(r, i);
          return (
            <circle
              // biome-ignore lint/suspicious/noArrayIndexKey: a peg is its row and place
              key={`${r}-${i}`}
              id={`peg-${r}-${i}`}
              cx={p.x}
              cy={p.y}
              r={g.pegR}
              className="plinko-peg"
            />
          );
        }),
      )}
    </g>
  );
});

/** The multiplier slots under the last row, coloured by value; a slot a ball lands in bounces. */
function Slots({ rows, risk, hits }: { rows: number; risk: PlinkoRisk; hits: ReadonlyMap<number, number> }) {
  const g = geometry(rows);
  const table = plinkoTable(rows, risk);
  const colors = slotColors(rows, risk);
  const w = g.dx - Math.max(4, g.dx * 0.1);
  const fontSize = Math.min(30, g.dx * 0.4);
  return (
    <g>
      {table.map((m, k) => {
        const x = g.slotX(k);
        return (
          <g
            // a new key on each landing restarts the bounce
            // biome-ignore lint/suspicious/noArrayIndexKey: a slot is its index
            key={`${k}-${hits.get(k) ?? 0}`}
            data-testid={`plinko-slot-${k}`}
            className={hits.has(k) ? 'plinko-slot-hit' : undefined}
            style={{ transformOrigin: `${x}px ${g.slotY}px`, transformBox: 'view-box' }}
          >
            <rect
              x={x - w / 2}
              y={g.slotY}
              width={w}
              height={BOARD.slotHeight}
              rx={Math.min(10, w * 0.18)}
              fill={colors[k]}
            />
            <rect
              x={x - w / 2}
              y={g.slotY + BOARD.slotHeight - 8}
              width={w}
              height={8}
              rx={4}
              fill="#000"
              opacity=".25"
            />
            <text
              x={x}
              y={g.slotY + BOARD.slotHeight / 2 + fontSize * 0.36}
              textAnchor="middle"
              fontSize={fontSize}
              fontWeight={900}
              fill="#1c0a00"
            >
              {slotLabel(m)}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** One ball following its exact path; tells `onLand` when it reaches its slot. */
function Ball({ drop, onLand }: { drop: PlinkoDrop; onLand: (drop: PlinkoDrop) => void }) {
  const ref = useRef<SVGCircleElement>(null);
  const landRef = useRef(onLand);
  landRef.current = onLand;
  const g = geometry(drop.rows);
  useEffect(() => {
    const started = performance.now();
    const total = plinkoRevealMs(drop.rows);
    let frame = 0;
    let touched = 0;
    const step = (now: number) => {
      const t = now - started;
      const at = ballAt(drop.path, Math.min(t, total));
      ref.current?.setAttribute('cx', String(at.point.x));
      ref.current?.setAttribute('cy', String(at.point.y));
      // flash each peg as the ball leaves it
      while (touched < at.row) {
        const rights = drop.path.slice(0, touched).reduce((a, b) => a + b, 0);
        const peg = document.getElementById(`peg-${touched}-${rights + 1}`);
        if (peg) {
          peg.classList.remove('plinko-peg-hit');
          void peg.getBoundingClientRect();
          peg.classList.add('plinko-peg-hit');
        }
        touched += 1;
      }
      if (t >= total) {
        landRef.current(drop);
        return;
      }
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [drop]);
  return <circle ref={ref} cx={g.cx} cy={-50} r={g.ballR} className="plinko-ball" />;
}

/**
 * The peg board (issue 32): `rows` rows of pegs, the multiplier slots below, and every ball in
 * flight following the path the server drew. A ball that lands is handed to `onLand`.
 */
export function PlinkoBoard({
  rows,
  risk,
  balls,
  hits,
  onLand,
}: {
  rows: number;
  risk: PlinkoRisk;
  balls: readonly PlinkoDrop[];
  hits: ReadonlyMap<number, number>;
  onLand: (drop: PlinkoDrop) => void;
}) {
  const visible = useMemo(() => balls.filter((b) => b.rows === rows), [balls, rows]);
  return (
    <svg
      viewBox={`0 0 ${BOARD.width} ${BOARD_HEIGHT}`}
      className="h-auto w-full max-w-[46rem] select-none"
      role="img"
      aria-label={`Plinko board, ${rows} rows, ${risk} risk`}
      data-testid="plinko-board"
    >
      {/* the board's own styles ship with its lazy chunk, not the first load's CSS */}
      <style>{BOARD_CSS}</style>
      <defs>
        <radialGradient id="plinko-ball" cx="35%" cy="30%" r="70%">
          <stop offset="0%" stopColor="#fff7fb" />
          <stop offset="45%" stopColor="#f472b6" />
          <stop offset="100%" stopColor="#be185d" />
        </radialGradient>
      </defs>
      <Pegs rows={rows} />
      <Slots rows={rows} risk={risk} hits={hits} />
      {visible.map((b) => (
        <Ball key={b.betId} drop={b} onLand={onLand} />
      ))}
    </svg>
  );
}
