import { HIDDEN_NAME, RANK } from '@coinsite/shared';
import { DEFAULT_AVATAR_PATH } from './assets.ts';
import type { Ctx } from './context.ts';

/**
 * Ghost mode (issue 33): the ONE place where a player's name and picture are chosen for a payload
 * other people see. Every public view (live feed, bet page, race, profile, battle seat) passes the
 * user through `publicUser` (read at the moment the payload is built, so past bets follow the
 * setting); a broadcast, which has no single viewer, goes out through `emitToViewers`.
 */

/** Who is looking: a signed-in user (id and rank) or nobody in particular (a visitor, a broadcast). */
export type Viewer = { id: number; rank: number } | null;

/** The viewer of a request: its signed-in user, if any. */
export const viewerOf = (user: { id: number; rank: number } | null): Viewer =>
  user ? { id: user.id, rank: user.rank } : null;

/** A user as the views read it from the database (`ghost`: the users.ghost flag). */
export interface NamedUser {
  id: number;
  username: string;
  avatar: string | null;
  ghost: boolean;
}

/** A user as a payload shows them: `id` "" when hidden (no profile to open, nothing to follow). */
export interface PublicUser {
  id: string;
  username: string;
  /** The avatar's URL (ctx.assets.avatar), the default silhouette when hidden. */
  avatar: string;
  hidden: boolean;
}

/** True when `viewer` may see who `userId` is although they are in ghost mode: themself or an admin. */
export const seesThrough = (viewer: Viewer, userId: number): boolean =>
  viewer !== null && (viewer.id === userId || viewer.rank >= RANK.admin);

/** Whose names `viewer` may see although they are ghosts (`reveals` of a one-viewer payload). */
export const revealsTo =
  (viewer: Viewer) =>
  (userId: number): boolean =>
    seesThrough(viewer, userId);

/** The user as `viewer` sees them: the real name, or "Hidden" for a ghost seen by someone else. */
export function publicUser(ctx: Pick<Ctx, 'assets'>, user: NamedUser, viewer: Viewer): PublicUser {
  return shownUser(ctx, user, revealsTo(viewer));
}

/**
 * The user as an audience sees them: `reveals(userId)` says whether it may see a ghost's name (a
 * request's viewer through `revealsTo`, a broadcast's audience through `emitToViewers`).
 */
export function shownUser(
  ctx: Pick<Ctx, 'assets'>,
  user: NamedUser,
  reveals: (userId: number) => boolean,
): PublicUser {
  if (user.ghost && !reveals(user.id)) return hiddenUser(ctx);
  return {
    id: String(user.id),
    username: user.username,
    avatar: ctx.assets.avatar(user.avatar),
    hidden: false,
  };
}

export function hiddenUser(ctx: Pick<Ctx, 'assets'>): PublicUser {
  return { id: '', username: HIDDEN_NAME, avatar: ctx.assets.url(DEFAULT_AVATAR_PATH), hidden: true };
}

/**
 * The id a hidden player goes by where the wire needs a non-empty one to tell rows apart (a round's
 * bets, a flip's seats; the original client matches a crash cash-out by it): `key` is the bet or
 * seat, never the account, so it links to no profile and to nothing outside its own list.
 */
export const hiddenSeatId = (key: string | number): string => `hidden-${key}`;

/** Which of `userIds` are in ghost mode now (one query; none asked, none read). */
export async function ghostsAmong(ctx: Pick<Ctx, 'db'>, userIds: Iterable<number>): Promise<Set<number>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Set();
  const rows = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', ids)
    .where('ghost', '=', true)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * `ghostsAmong` for a broadcast: when the lookup fails every one of `userIds` counts as a ghost, so
 * the frame hides every name rather than show a ghost's (fail closed).
 */
export async function ghostsOrAll(
  ctx: Pick<Ctx, 'db' | 'log'>,
  userIds: Iterable<number>,
  what: string,
): Promise<Set<number>> {
  const ids = new Set(userIds);
  try {
    const found = await ghostsAmong(ctx, ids);
    return new Set([...found].filter((id) => ids.has(id)));
  } catch (err) {
    ctx.log.warn({ err }, `${what}: ghost lookup failed`);
    return ids;
  }
}

/** The room of every admin's sockets (joined at auth, platform/realtime.ts). */
export const STAFF_ROOM = 'staff';

/** What a broadcast needs of a Socket.IO namespace (lets tests fake one). */
export interface Broadcaster {
  emit(event: string, payload: unknown): unknown;
  to(room: string | string[]): Broadcaster;
  except(room: string | string[]): Broadcaster;
}

/**
 * Sends `event` to everyone on `ns`, each seeing the ghosts they may see: `build(reveals)` makes the
 * payload for a audience, `reveals(userId)` saying whether that audience sees the user's name. With
 * no ghost among the users it is one plain broadcast. Otherwise: everyone else gets every ghost
 * hidden, admins get every name, and each ghost's own sockets get their own name.
 */
export function emitToViewers(
  ns: Broadcaster,
  event: string,
  ghosts: ReadonlySet<number>,
  userRoom: (userId: number) => string,
  build: (reveals: (userId: number) => boolean) => unknown,
): void {
  if (ghosts.size === 0) {
    ns.emit(
      event,
      build(() => true),
    );
    return;
  }
  const rooms = [...ghosts].map(userRoom);
  ns.except([STAFF_ROOM, ...rooms]).emit(
    event,
    build((id) => !ghosts.has(id)),
  );
  ns.to(STAFF_ROOM).emit(
    event,
    build(() => true),
  );
  for (const g of ghosts)
    ns.to(userRoom(g))
      .except(STAFF_ROOM)
      .emit(
        event,
        build((id) => !ghosts.has(id) || id === g),
      );
}
