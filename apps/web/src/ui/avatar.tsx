import { useState } from 'react';
import { cn } from '../lib/cn.ts';

const HUES = [152, 200, 262, 320, 28, 45, 180, 232];

function hueFor(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return HUES[h % HUES.length] ?? 152;
}

interface AvatarProps {
  src?: string | null;
  name: string;
  className?: string;
}

/** The user's picture, or a coloured initial when the server sent an empty URL (or it fails to load). */
export function Avatar({ src, name, className }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const base = cn(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full',
    className ?? 'h-9 w-9',
  );
  if (src && !failed) {
    return (
      <img
        src={src}
        alt={`${name}'s avatar`}
        className={cn(base, 'object-cover')}
        onError={() => setFailed(true)}
      />
    );
  }
  const hue = hueFor(name);
  const initial = (name.trim()[0] ?? '?').toUpperCase();
  return (
    <span
      role="img"
      aria-label={`${name}'s avatar`}
      className={cn(base, 'font-bold text-white ring-1 ring-white/10')}
      style={{ background: `linear-gradient(135deg, hsl(${hue} 70% 45%), hsl(${(hue + 40) % 360} 70% 30%))` }}
    >
      {/* the letter is drawn, not text: it is part of the picture, named by aria-label above, and
          never adds a stray letter to the name of a button that holds the avatar (label in name) */}
      <span
        className="text-[0.9em] leading-none before:content-[attr(data-initial)]"
        data-initial={initial}
      />
    </span>
  );
}
