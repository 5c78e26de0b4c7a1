import { BATTLE_MODE_INFO, type BattleCaseView, modeOfGameType } from '@coinsite/shared/schemas/battles';
import { Crown, Skull, UserRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { cn } from '../../lib/cn.ts';
import type { BattlePlayer } from './battles-api.ts';
import { Avatar } from '../../ui/avatar.tsx';

/** "1v1", "1v1v1", "1v1v1v1" or "2v2" from gameType 1..4. */
export const modeLabel = (gameType: number) => modeOfGameType(gameType);
export const modeName = (gameType: number) => BATTLE_MODE_INFO[modeOfGameType(gameType)].label;

/** The battle's cases as a strip that scrolls to the current round. */
export function CaseStrip({
  cases,
  current,
  className,
}: {
  cases: BattleCaseView[];
  current: number;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current?.children[current] as HTMLElement | undefined;
    el?.scrollIntoView({ behavior: 'smooth', block: 'nearest', inline: 'center' });
  }, [current]);
  return (
    <div ref={box} className={cn('flex min-w-0 gap-1.5 overflow-x-auto py-1', className)}>
      {cases.map((c, i) => (
        <img
          // biome-ignore lint/suspicious/noArrayIndexKey: a case may appear twice; the round is the identity
          key={i}
          src={c.image}
          alt={c.name}
          title={`${c.name} · ${c.price.toFixed(2)}`}
          aria-current={i === current ? 'step' : undefined}
          className={cn(
            'h-11 w-11 shrink-0 rounded-lg bg-ink-950/60 object-contain p-1 ring-1 transition',
            i === current ? 'ring-gold-400' : i < current ? 'opacity-40 ring-ink-700' : 'ring-ink-700',
          )}
        />
      ))}
    </div>
  );
}

/**
 * Seat avatars with usernames as tooltips, placeholders for empty seats; 2v2 shows teams. Pictures
 * only: the strip sits inside the battle row's button (a link to a profile in there would be a
 * control inside a control); the battle page's seats open profiles.
 */
export function SeatAvatars({ players, gameType }: { players: BattlePlayer[]; gameType: number }) {
  return (
    <div className="flex items-center gap-1">
      {players.map((p, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
          key={i}
          className={cn('flex items-center', gameType === 4 && i === 2 && 'ml-3')}
          title={p.username ?? 'Empty seat'}
        >
          {p.id ? (
            <Avatar src={p.pfp} name={p.username ?? '?'} className="h-8 w-8 text-xs ring-2 ring-ink-800" />
          ) : (
            <span className="flex h-8 w-8 items-center justify-center rounded-full border border-dashed border-ink-500 text-ink-500">
              <UserRound className="h-4 w-4" aria-hidden="true" />
            </span>
          )}
        </div>
      ))}
    </div>
  );
}

export function ModeBox({
  gameType,
  crazy,
  showRegular = false,
}: {
  gameType: number;
  crazy: boolean;
  /** The battle page names the regular mode too (spec-3 §2.3: crazy or regular). */
  showRegular?: boolean;
}) {
  return (
    <div className="flex items-center gap-1.5">
      <span className="rounded-md bg-ink-950/70 px-2 py-1 text-xs font-bold text-white ring-1 ring-ink-700">
        {modeLabel(gameType)}
      </span>
      {crazy ? (
        <span className="inline-flex items-center gap-1 rounded-md bg-fuchsia-500/15 px-2 py-1 text-xs font-bold text-fuchsia-300 ring-1 ring-fuchsia-500/40">
          <Skull className="h-3 w-3" aria-hidden="true" /> Crazy
        </span>
      ) : showRegular ? (
        <span className="rounded-md bg-ink-950/70 px-2 py-1 text-xs font-bold text-ink-300 ring-1 ring-ink-700">
          Regular
        </span>
      ) : null}
    </div>
  );
}

export function WinnerCrown({ className }: { className?: string }) {
  return <Crown className={cn('h-5 w-5 fill-gold-400 text-gold-300', className)} aria-label="Winner" />;
}
