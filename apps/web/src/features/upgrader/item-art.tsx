import { RARITY_COLORS } from '@coinsite/shared/schemas/cases';
import { useId } from 'react';
import { cn } from '../../lib/cn.ts';

/** An item's colour: a rarity name (grey, blue, …) or a CSS colour as sent. */
export function rarityColor(color: string): string {
  return Object.hasOwn(RARITY_COLORS, color) ? RARITY_COLORS[color as keyof typeof RARITY_COLORS] : color;
}

/** Shapes drawn in a 100×100 box; the item's name picks one (a knife looks like a knife). */
const GLYPHS = {
  blade: 'M20 80 62 38c9-9 16-16 24-22-3 10-10 19-18 28L30 86z M15 76l10 10-7 7-10-10z',
  dice: 'M24 24h52a8 8 0 0 1 8 8v52a8 8 0 0 1-8 8H24a8 8 0 0 1-8-8V32a8 8 0 0 1 8-8zM28 41a5 5 0 1 0 10 0a5 5 0 1 0-10 0zM62 41a5 5 0 1 0 10 0a5 5 0 1 0-10 0zM45 58a5 5 0 1 0 10 0a5 5 0 1 0-10 0zM28 75a5 5 0 1 0 10 0a5 5 0 1 0-10 0zM62 75a5 5 0 1 0 10 0a5 5 0 1 0-10 0z',
  ring: 'M50 30a28 28 0 1 1 0 56 28 28 0 1 1 0-56zm0 11a17 17 0 1 0 0 34 17 17 0 1 0 0-34z M40 12h20l6 12H34z',
  crown: 'M18 74 22 32l15 18 13-26 13 26 15-18 4 42z M18 78h64v9H18z',
  glove:
    'M30 86V50c0-6 8-6 8 0V28c0-6 8-6 8 0v16-20c0-6 8-6 8 0v20-16c0-6 8-6 8 0v28l6-8c4-5 10 0 7 5L64 86z',
  gem: 'M26 40 38 22h24l12 18-24 40z',
  feather: 'M80 14C48 18 26 40 22 78l-6 10 6 2 6-10c30-4 50-26 52-66z',
  chest: 'M16 42c0-12 10-20 34-20s34 8 34 20v6H16z M16 52h68v30H16z M44 46h12v14H44z',
  coin: 'M50 18a32 32 0 1 1 0 64 32 32 0 1 1 0-64z',
  mask: 'M14 34c12-6 24-8 36-2 12-6 24-4 36 2 0 24-10 40-36 44C24 74 14 58 14 34z',
} as const;
type Glyph = keyof typeof GLYPHS;

const WORDS: Array<[RegExp, Glyph]> = [
  [/knife|blade|karambit|talon|fang|sword|sovereign/i, 'blade'],
  [/dice/i, 'dice'],
  [/ring|compass/i, 'ring'],
  [/crown|throne|scepter|helm/i, 'crown'],
  [/glove|gauntlet|knuckle/i, 'glove'],
  [/feather|phoenix|dragon|lore|comet/i, 'feather'],
  [/chest|bar|pouch/i, 'chest'],
  [/mask|skull/i, 'mask'],
  [/coin|penny|token|badge|chip|emblem|tag|pin/i, 'coin'],
];

function glyphFor(name: string): Glyph {
  for (const [re, glyph] of WORDS) if (re.test(name)) return glyph;
  return 'gem';
}

/** The item's picture: its image when the server has one, else its glyph in its rarity colour. */
export function ItemArt({
  name,
  color,
  image,
  className,
}: {
  name: string;
  color: string;
  image?: string;
  className?: string;
}) {
  const id = useId();
  if (image) {
    return <img src={image} alt="" className={cn('object-contain', className)} draggable={false} />;
  }
  const c = rarityColor(color);
  return (
    <svg viewBox="0 0 100 100" className={className} aria-hidden="true">
      <defs>
        <radialGradient id={`${id}g`} cx="50%" cy="55%" r="50%">
          <stop offset="0" stopColor={c} stopOpacity="0.7" />
          <stop offset="1" stopColor={c} stopOpacity="0" />
        </radialGradient>
        <linearGradient id={`${id}f`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="0.4" stopColor={c} />
          <stop offset="1" stopColor="#0b1020" stopOpacity="0.9" />
        </linearGradient>
      </defs>
      <ellipse cx="50" cy="56" rx="46" ry="40" fill={`url(#${id}g)`} />
      <path
        d={GLYPHS[glyphFor(name)]}
        fill={`url(#${id}f)`}
        fillRule="evenodd"
        stroke="#00000066"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}
