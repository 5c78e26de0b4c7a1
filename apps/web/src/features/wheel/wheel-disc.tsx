import { type WheelRisk, type WheelSegments, wheelTable } from '@coinsite/shared/fairness';
import { memo } from 'react';
import { cn } from '../../lib/cn.ts';
import { segmentColor } from './wheel-math.ts';

const C = 200;
const OUTER = 190;
const INNER = 134;

function point(angleDeg: number, r: number): string {
  const a = (angleDeg * Math.PI) / 180;
  return `${(C + r * Math.sin(a)).toFixed(2)} ${(C - r * Math.cos(a)).toFixed(2)}`;
}

/** The ring of segments: segment i is centred at i × 360 / N degrees clockwise from the top. */
const Ring = memo(function Ring({ segments, risk }: { segments: WheelSegments; risk: WheelRisk }) {
  const table = wheelTable(segments, risk);
  const width = 360 / segments;
  const gap = segments > 30 ? 0.35 : 0.6;
  return (
    <g>
      {table.map((m, i) => {
        const a0 = i * width - width / 2 + gap;
        const a1 = i * width + width / 2 - gap;
        return (
          <path
            // biome-ignore lint/suspicious/noArrayIndexKey: a segment is its index
            key={i}
            d={`M${point(a0, OUTER)} A${OUTER} ${OUTER} 0 0 1 ${point(a1, OUTER)} L${point(a1, INNER)} A${INNER} ${INNER} 0 0 0 ${point(a0, INNER)}Z`}
            fill={segmentColor(m)}
          />
        );
      })}
    </g>
  );
});

/**
 * The wheel (issue 32): `rotation` degrees clockwise; the page turns it to the segment the server
 * drew over `spinMs` (0: at once). The centre shows the last revealed multiplier.
 */
export function WheelDisc({
  segments,
  risk,
  rotation,
  spinMs,
  centre,
  tone,
}: {
  segments: WheelSegments;
  risk: WheelRisk;
  rotation: number;
  spinMs: number;
  centre: string;
  tone: 'idle' | 'win' | 'lose';
}) {
  return (
    <svg
      viewBox="0 0 400 400"
      className="h-auto w-full max-w-[26rem] select-none"
      role="img"
      aria-label={`Wheel, ${segments} segments, ${risk} risk`}
      data-testid="wheel-disc"
    >
      <defs>
        <radialGradient id="wheel-hub" cx="50%" cy="40%" r="65%">
          <stop offset="0%" stopColor="#1e3a4c" />
          <stop offset="100%" stopColor="#07141c" />
        </radialGradient>
      </defs>
      <circle cx={C} cy={C} r={OUTER + 8} fill="#07141c" stroke="#ffffff14" strokeWidth="3" />
      <g
        data-testid="wheel-rotor"
        data-rotation={rotation}
        style={{
          transform: `rotate(${rotation}deg)`,
          transformOrigin: '200px 200px',
          transition: spinMs > 0 ? `transform ${spinMs}ms cubic-bezier(0.12, 0.75, 0.18, 1)` : 'none',
        }}
      >
        <Ring segments={segments} risk={risk} />
      </g>
      <circle cx={C} cy={C} r={INNER - 6} fill="url(#wheel-hub)" stroke="#ffffff10" strokeWidth="2" />
      <text
        x={C}
        y={C + 17}
        textAnchor="middle"
        fontSize="50"
        fontWeight="900"
        data-testid="wheel-centre"
        className={cn(
          tone === 'win' ? 'fill-accent-400' : tone === 'lose' ? 'fill-red-400' : 'fill-white/40',
        )}
        style={{ fontFamily: 'ui-monospace, monospace' }}
      >
        {centre}
      </text>
      {/* the pointer, over the top of the ring */}
      <path
        d="M200 34 L186 4 H214 Z"
        fill="#f8fafc"
        stroke="#07141c"
        strokeWidth="3"
        strokeLinejoin="round"
      />
    </svg>
  );
}
