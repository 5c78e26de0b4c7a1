import type { PlayerLevel } from '@coinsite/shared/schemas/crash';
import { cn } from '../../lib/cn.ts';

/** A level number in a ring of its major rank's colour. */
export function LevelBadge({
  level,
  color,
  className,
}: {
  level: string;
  color: string;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'relative inline-flex shrink-0 items-center justify-center rounded-2xl font-black text-white',
        className ?? 'h-14 w-14 text-lg',
      )}
      style={{
        background: `radial-gradient(circle at 30% 25%, ${color}55, ${color}22 60%, transparent), #0b1020`,
        boxShadow: `inset 0 0 0 2px ${color}, 0 8px 24px -10px ${color}`,
      }}
    >
      {level}
    </span>
  );
}

/**
 * A player's level under their name in a round's or a flip's list ("Gold · 12"), in its colour.
 * Nothing for a player the server shows as "Hidden" (ghost mode: the level comes empty).
 */
export function LevelLine({ level }: { level: PlayerLevel }) {
  if (!level.levelName) return null;
  return (
    <span className="block truncate text-[10px] font-bold" style={{ color: level.levelColor }}>
      {level.levelName} · {level.name}
    </span>
  );
}
