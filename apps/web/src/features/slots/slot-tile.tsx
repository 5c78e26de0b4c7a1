import { Heart } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';
import type { SlotGameView } from './slots-api.ts';

/** A stable number from a game code (the generated art's colours and symbols). */
export function codeHash(code: string): number {
  let h = 7;
  for (const ch of code) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
}

const SYMBOLS = ['7', '♦', '★', 'BAR', '♣', '♥', '$'];
const SYMBOL_COLOURS = ['#ef4444', '#38bdf8', '#facc15', '#f5f5f5', '#4ade80', '#f472b6', '#fbbf24'];

/**
 * The generated tile: the game's own colours and three reels, for when the banner cannot load; with
 * `named`, the game's name on it too (a tile already names the game under its art: issue 28 item 13).
 */
export function GeneratedArt({
  game,
  className,
  named = false,
}: {
  game: Pick<SlotGameView, 'game_code' | 'game_name'>;
  className?: string;
  named?: boolean;
}) {
  const h = codeHash(game.game_code);
  const hue = h % 360;
  const picks = [
    { reel: 'left', p: h % 7 },
    { reel: 'middle', p: (h >>> 3) % 7 },
    { reel: 'right', p: (h >>> 6) % 7 },
  ];
  return (
    <svg viewBox="0 0 160 120" className={className} aria-hidden="true" preserveAspectRatio="xMidYMid slice">
      <defs>
        <linearGradient id={`bg-${game.game_code}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={`hsl(${hue} 70% 42%)`} />
          <stop offset="1" stopColor={`hsl(${(hue + 50) % 360} 65% 16%)`} />
        </linearGradient>
      </defs>
      <rect width="160" height="120" fill={`url(#bg-${game.game_code})`} />
      <circle cx={20 + (h % 120)} cy="18" r="46" fill="#ffffff" opacity="0.07" />
      <rect x="30" y="14" width="100" height="50" rx="10" fill="#0b0f1d" opacity="0.55" />
      {picks.map(({ reel, p }, i) => (
        <g key={reel}>
          <rect x={37 + i * 30} y="20" width="26" height="38" rx="5" fill="#fff7ed" />
          <text
            x={50 + i * 30}
            y={SYMBOLS[p] === 'BAR' ? 44 : 48}
            textAnchor="middle"
            fontSize={SYMBOLS[p] === 'BAR' ? 10 : 22}
            fontWeight="900"
            fill={SYMBOL_COLOURS[p] === '#f5f5f5' ? '#111827' : SYMBOL_COLOURS[p]}
          >
            {SYMBOLS[p]}
          </text>
        </g>
      ))}
      {named ? (
        <foreignObject x="6" y="68" width="148" height="48">
          <div className="flex h-full items-center justify-center text-center text-[13px] leading-tight font-black text-white [text-shadow:0_2px_6px_rgba(0,0,0,0.7)]">
            <span className="line-clamp-2">{game.game_name}</span>
          </div>
        </foreignObject>
      ) : (
        <g aria-hidden="true">
          {[0, 1, 2, 3, 4].map((i) => (
            <circle
              key={i}
              cx={40 + i * 20}
              cy="90"
              r="5"
              fill="#ffffff"
              opacity={0.18 + ((h >>> i) % 3) * 0.12}
            />
          ))}
        </g>
      )}
    </svg>
  );
}

/** The provider's banner over the generated art; the art stays when the banner cannot load. */
export function SlotArt({ game, className }: { game: SlotGameView; className?: string }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>(game.banner ? 'loading' : 'failed');
  return (
    <div className={cn('relative overflow-hidden', className)}>
      <GeneratedArt game={game} className="absolute inset-0 h-full w-full" />
      {state !== 'failed' ? (
        <img
          src={game.banner}
          alt=""
          loading="lazy"
          draggable={false}
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
          className={cn(
            'absolute inset-0 h-full w-full object-cover transition-opacity duration-300',
            state === 'loaded' ? 'opacity-100' : 'opacity-0',
          )}
        />
      ) : null}
    </div>
  );
}

/**
 * A game in the list grid: a link (art, name, provider) to `to`, and beside it, not inside it, a
 * favourite heart for signed-in players (a button inside a link is a control inside a control).
 * The art is decoration: the name under it names the link.
 */
export function SlotTile({
  game,
  to,
  onFavourite,
}: {
  game: SlotGameView;
  to: string;
  onFavourite?: (favourite: boolean) => void;
}) {
  return (
    <div className="group relative">
      <Link to={to} className="flex flex-col gap-2 rounded-xl">
        <SlotArt
          game={game}
          className="aspect-[4/3] w-full rounded-xl ring-1 ring-ink-700 transition duration-200 group-hover:-translate-y-0.5 group-hover:ring-accent-400/70"
        />
        <span className="flex min-w-0 flex-col px-0.5">
          <span className="truncate text-sm font-bold text-white">{game.game_name}</span>{' '}
          <span className="truncate text-xs text-ink-400">{game.provider}</span>
        </span>
      </Link>
      {onFavourite ? (
        <button
          type="button"
          aria-label={
            game.favourite
              ? `Remove ${game.game_name} from favourites`
              : `Add ${game.game_name} to favourites`
          }
          aria-pressed={game.favourite}
          onClick={() => onFavourite(!game.favourite)}
          className={cn(
            'absolute top-2 right-2 flex h-8 w-8 items-center justify-center rounded-full bg-ink-950/70 ring-1 ring-white/10 backdrop-blur transition hover:scale-110',
            game.favourite ? 'text-red-400' : 'text-white/80',
          )}
        >
          <Heart className="h-4 w-4" fill={game.favourite ? 'currentColor' : 'none'} />
        </button>
      ) : null}
    </div>
  );
}
