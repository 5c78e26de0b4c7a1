import type { CSSProperties, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { openProfile } from './profile-store.ts';

/**
 * A seat or row that a broadcast shows as "Hidden" (ghost mode) but whose id is the player's own:
 * the player sees their own name and picture (docs/decisions/session-tools.md).
 */
export function useOwnIdentity(
  id: string | null | undefined,
  name: string | null,
  avatar: string | null,
): { name: string | null; avatar: string | null } {
  const me = useAuthStore((s) => s.user);
  if (me && id === me._id) return { name: me.username, avatar: me.avatar };
  return { name, avatar };
}

/** A real account's id (battle bots and empty seats have none, so they stay plain text). */
export const isProfileId = (id: string | null | undefined): id is string =>
  typeof id === 'string' && /^\d{1,18}$/.test(id);

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400';

/**
 * An avatar that opens the user's public profile dialog by id: the one way every list (chat, live
 * feed, race, battle seats, crash and roulette bets) opens a profile.
 */
export function UserAvatarLink({
  id,
  name,
  avatar,
  className,
}: {
  id: string | null | undefined;
  name: string;
  avatar: string | null | undefined;
  className?: string;
}) {
  const picture = <Avatar src={avatar} name={name} className={className} />;
  if (!isProfileId(id)) return picture;
  return (
    <button
      type="button"
      onClick={() => openProfile(id)}
      className={cn('shrink-0 cursor-pointer rounded-full transition hover:opacity-85', focusRing)}
      aria-label={`${name}'s profile`}
      data-testid="user-avatar-link"
    >
      {picture}
    </button>
  );
}

/** A username that opens the user's public profile dialog by id (see UserAvatarLink). */
export function UserNameLink({
  id,
  name,
  className,
  style,
  testId = 'user-link',
  children,
}: {
  id: string | null | undefined;
  name: string;
  className?: string;
  style?: CSSProperties;
  testId?: string;
  /** What to show instead of the bare name. */
  children?: ReactNode;
}) {
  const label = children ?? name;
  if (!isProfileId(id))
    return (
      <span className={cn('truncate', className)} style={style} data-testid={testId}>
        {label}
      </span>
    );
  return (
    <button
      type="button"
      onClick={() => openProfile(id)}
      className={cn(
        'min-w-0 max-w-full cursor-pointer truncate text-left hover:underline',
        focusRing,
        className,
      )}
      style={style}
      title={`${name}'s profile`}
      data-testid={testId}
    >
      {label}
    </button>
  );
}
