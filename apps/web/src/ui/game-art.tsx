import type { ReactElement } from 'react';
import { GAME_THEME, type GameKey } from './game-theme.ts';

/** [0, 1, …, n − 1]: cell numbers of the drawings (stable keys). */
const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

const battles = (c: string) => (
  <g>
    <g stroke={c} strokeWidth="6" strokeLinecap="round">
      <path d="M40 90 L105 25" />
      <path d="M120 90 L55 25" />
    </g>
    <g stroke="#fff" strokeOpacity=".85" strokeWidth="4" strokeLinecap="round">
      <path d="M34 80 l16 16M126 80 l-16 16" />
    </g>
    <circle cx="80" cy="62" r="17" fill="#0b0614" stroke={c} strokeWidth="3" />
    <text x="80" y="68" textAnchor="middle" fontSize="15" fontWeight="900" fill="#fff">
      VS
    </text>
  </g>
);

const upgrader = (c: string) => (
  <g>
    <circle cx="80" cy="60" r="38" fill="none" stroke="#ffffff22" strokeWidth="10" />
    <path d="M80 22 A38 38 0 1 1 44 72" fill="none" stroke={c} strokeWidth="10" strokeLinecap="round" />
    <path
      d="M80 78 V46 M68 58 L80 46 L92 58"
      stroke="#fff"
      strokeWidth="6"
      fill="none"
      strokeLinecap="round"
    />
  </g>
);

const cases = (c: string) => (
  <g>
    <ellipse cx="80" cy="96" rx="46" ry="8" fill="#000" opacity=".35" />
    <rect x="40" y="48" width="80" height="46" rx="6" fill="#7c4a12" stroke={c} strokeWidth="3" />
    <path
      d="M36 38 h88 a4 4 0 0 1 4 4 v10 h-96 v-10 a4 4 0 0 1 4 -4Z"
      fill="#a8651a"
      stroke={c}
      strokeWidth="3"
    />
    <rect x="72" y="44" width="16" height="20" rx="3" fill={c} />
    <path d="M80 18 l4 10 10 1 -8 6 3 10 -9 -6 -9 6 3 -10 -8 -6 10 -1Z" fill="#fff7c2" />
  </g>
);

function roulette(c: string) {
  const slices = range(14).map((i) => {
    const a0 = (i / 14) * Math.PI * 2;
    const a1 = ((i + 1) / 14) * Math.PI * 2;
    const p = (a: number, r: number) => `${80 + Math.cos(a) * r} ${60 + Math.sin(a) * r}`;
    const fill = i === 0 ? '#22c55e' : i % 2 ? '#111827' : c;
    return <path key={i} d={`M80 60 L${p(a0, 44)} A44 44 0 0 1 ${p(a1, 44)}Z`} fill={fill} />;
  });
  return (
    <g>
      <circle cx="80" cy="60" r="48" fill="#2a0c14" stroke="#fbbf24" strokeWidth="3" />
      {slices}
      <circle cx="80" cy="60" r="16" fill="#1f0a10" stroke="#fbbf24" strokeWidth="2" />
      <circle cx="80" cy="26" r="4" fill="#fff" />
    </g>
  );
}

const crash = (c: string) => (
  <g>
    <path d="M20 100 H140 M20 100 V20" stroke="#ffffff33" strokeWidth="2" />
    <path d="M22 98 C70 96 100 80 128 30 L128 98Z" fill={c} opacity=".15" />
    <path d="M22 98 C70 96 100 80 128 30" fill="none" stroke={c} strokeWidth="5" strokeLinecap="round" />
    <circle cx="128" cy="30" r="8" fill="#fff" />
    <text x="44" y="48" fontSize="20" fontWeight="900" fill="#fff">
      2.47×
    </text>
  </g>
);

const die = (x: number, y: number, r: number, fill: string, pips: Array<[number, number]>) => (
  <g transform={`translate(${x} ${y}) rotate(${r})`}>
    <rect x="-22" y="-22" width="44" height="44" rx="9" fill={fill} />
    {pips.map(([px, py]) => (
      <circle key={`${px}-${py}`} cx={px} cy={py} r="4.2" fill="#0b1020" />
    ))}
  </g>
);

const dice = (c: string) => (
  <g>
    {die(62, 64, -14, '#f8fafc', [
      [-10, -10],
      [0, 0],
      [10, 10],
    ])}
    {die(104, 54, 12, c, [
      [-10, -10],
      [10, -10],
      [-10, 10],
      [10, 10],
    ])}
  </g>
);

const limbo = (c: string) => (
  <g>
    {[46, 34, 22].map((r, i) => (
      <circle
        key={r}
        cx="80"
        cy="60"
        r={r}
        fill="none"
        stroke={c}
        strokeOpacity={0.25 + i * 0.25}
        strokeWidth="4"
      />
    ))}
    <text x="80" y="68" textAnchor="middle" fontSize="22" fontWeight="900" fill="#fff">
      100×
    </text>
  </g>
);

const slots = (c: string) => (
  <g>
    <rect x="22" y="24" width="116" height="72" rx="12" fill="#1f0e05" stroke={c} strokeWidth="3" />
    {[0, 1, 2].map((i) => (
      <g key={i}>
        <rect x={32 + i * 34} y="34" width="28" height="52" rx="6" fill="#fff7ed" />
        <text x={46 + i * 34} y="69" textAnchor="middle" fontSize="26" fontWeight="900" fill="#dc2626">
          7
        </text>
      </g>
    ))}
    <circle cx="146" cy="40" r="6" fill={c} />
    <path d="M146 46 V70" stroke={c} strokeWidth="4" strokeLinecap="round" />
  </g>
);

function mines(c: string) {
  const cells = range(9).map((i) => {
    const x = 44 + (i % 3) * 26;
    const y = 22 + Math.floor(i / 3) * 26;
    const gem = i === 1 || i === 5 || i === 6;
    const bomb = i === 8;
    return (
      <g key={i}>
        <rect
          x={x}
          y={y}
          width="22"
          height="22"
          rx="5"
          fill={gem ? '#1e3a8a' : bomb ? '#450a0a' : '#ffffff14'}
        />
        {gem ? <path d={`M${x + 11} ${y + 4} l7 7 -7 7 -7 -7Z`} fill={c} /> : null}
        {bomb ? <circle cx={x + 11} cy={y + 12} r="6" fill="#ef4444" /> : null}
      </g>
    );
  });
  return <g>{cells}</g>;
}

const coinflip = (c: string) => (
  <g>
    <ellipse cx="80" cy="100" rx="30" ry="5" fill="#000" opacity=".35" />
    <circle cx="80" cy="56" r="34" fill={c} stroke="#a16207" strokeWidth="4" />
    <circle cx="80" cy="56" r="24" fill="none" stroke="#a16207" strokeWidth="2" opacity=".6" />
    <text x="80" y="66" textAnchor="middle" fontSize="28" fontWeight="900" fill="#713f12">
      H
    </text>
  </g>
);

const card = (x: number, r: number, label: string, color: string) => (
  <g transform={`translate(${x} 60) rotate(${r})`}>
    <rect x="-24" y="-34" width="48" height="68" rx="6" fill="#f8fafc" />
    <text x="0" y="8" textAnchor="middle" fontSize="26" fontWeight="900" fill={color}>
      {label}
    </text>
  </g>
);

const blackjack = (c: string) => (
  <g>
    {card(66, -12, 'A', '#111827')}
    {card(96, 10, 'K', '#dc2626')}
    <circle cx="124" cy="92" r="10" fill={c} stroke="#fff" strokeWidth="2" strokeDasharray="4 3" />
  </g>
);

/** Pegs in a triangle, a ball on its way down and the slots below, hottest at the edges. */
const plinko = (c: string) => (
  <g>
    {range(5).map((row) =>
      range(row + 3).map((i) => (
        <circle
          key={`${row}-${i}`}
          cx={80 + (i - (row + 2) / 2) * 16}
          cy={22 + row * 15}
          r="2.6"
          fill="#fff"
          opacity=".8"
        />
      )),
    )}
    {['#ef4444', '#f97316', '#facc15', '#f97316', '#ef4444'].map((fill, i) => (
      <rect key={fill + String(i)} x={42 + i * 16} y="98" width="13" height="9" rx="2.5" fill={fill} />
    ))}
    <circle cx="88" cy="52" r="6" fill={c} stroke="#fff" strokeWidth="1.5" />
  </g>
);

/** A wheel of coloured segments under its pointer. */
function wheel(c: string) {
  const colours = ['#1e293b', c, '#1e293b', '#a3e635', '#1e293b', '#facc15', '#1e293b', '#c084fc'];
  return (
    <g>
      {colours.map((fill, i) => {
        const a0 = (i / colours.length) * 2 * Math.PI;
        const a1 = ((i + 1) / colours.length) * 2 * Math.PI;
        const p = (a: number, r: number) => `${80 + r * Math.sin(a)} ${62 - r * Math.cos(a)}`;
        return (
          <path
            key={fill + String(i)}
            d={`M${p(a0, 42)} A42 42 0 0 1 ${p(a1, 42)} L${p(a1, 28)} A28 28 0 0 0 ${p(a0, 28)}Z`}
            fill={fill}
          />
        );
      })}
      <circle cx="80" cy="62" r="27" fill="#0b1220" stroke="#ffffff22" strokeWidth="2" />
      <path d="M80 26 l-7 -12 h14Z" fill="#fff" />
    </g>
  );
}

function keno(c: string) {
  const hits = new Set([1, 6, 8, 13]);
  const picked = new Set([1, 4, 8, 11, 13]);
  return (
    <g>
      {range(15).map((i) => {
        const x = 30 + (i % 5) * 22;
        const y = 26 + Math.floor(i / 5) * 24;
        const hit = hits.has(i) && picked.has(i);
        return (
          <g key={i}>
            <rect
              x={x}
              y={y}
              width="18"
              height="18"
              rx="5"
              fill={hit ? c : picked.has(i) ? '#155e75' : '#ffffff14'}
            />
            {hits.has(i) && !hit ? <circle cx={x + 9} cy={y + 9} r="4" fill={c} opacity=".8" /> : null}
          </g>
        );
      })}
    </g>
  );
}

const hilo = (c: string) => (
  <g>
    {card(62, -8, '7', '#111827')}
    {card(100, 8, 'Q', '#dc2626')}
    <path d="M136 44 l8 -10 l8 10Z" fill={c} />
    <path d="M136 78 l8 10 l8 -10Z" fill="#fff" opacity=".7" />
  </g>
);

const ART: Record<GameKey, (accent: string) => ReactElement> = {
  battles,
  upgrader,
  cases,
  roulette,
  crash,
  dice,
  limbo,
  slots,
  mines,
  coinflip,
  blackjack,
  plinko,
  wheel,
  keno,
  hilo,
};

/** Generated illustration for a game tile (no images are downloaded). */
export function GameArt({ game, className }: { game: GameKey; className?: string }) {
  const accent = GAME_THEME[game][2];
  return (
    <svg viewBox="0 0 160 120" className={className} aria-hidden="true">
      {ART[game](accent)}
    </svg>
  );
}
