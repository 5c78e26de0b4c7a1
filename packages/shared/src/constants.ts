/** Constants named by the spec. Every literal the client and server share is declared here once. */

export const NAMESPACES = [
  'chat',
  'coinflip',
  'roulette',
  'battles',
  'cases',
  'crash',
  'upgrader',
  'limbo',
  'dice',
  'mines',
  'blackjack',
  'plinko',
  'wheel',
  'keno',
  'hilo',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const RANK = { user: 1, admin: 5 } as const;
export const MODERATOR_RANK = 5;

export const CONTROL_NAMES = [
  'maintenance',
  'login',
  'deposits',
  'withdraws',
  'coinflip',
  'battles',
  'roulette',
  'crash',
  'slots',
] as const;
export type ControlName = (typeof CONTROL_NAMES)[number];

export const TOAST_MS = 4500;
export const SITE_CHECK_COUNTDOWN_MS = 1000;
export const BALANCE_ANIMATION_MS = 1000;
export const WIN_SOUND_VOLUME = 0.25;
export const PAGE_FADE_MS = 620;

/** Auth */
export const USERNAME_RE = /^[A-Za-z0-9_]{3,16}$/;
export const PASSWORD_MIN = 8;
export const LOGIN_CODE_TTL_MS = 60_000;
export const RESET_CODE_TTL_MS = 15 * 60_000;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;

/** Socket events sent by the server on every namespace (spec-1 §4). */
export const ACCOUNT_EVENTS = {
  updateWallet: 'update-wallet',
  /** `{ balance }` absolute, after the calls whose answer reports the change (PROTOCOL §3). */
  walletBalance: 'wallet-balance',
  notifyError: 'notify-error',
  notifySuccess: 'notify-success',
  notifyInfo: 'notify-info',
  kicked: 'connection_kicked',
  banned: 'user banned',
} as const;

/**
 * Issue 26: sent (ours) on each namespace when this node's link to the other nodes (Redis) came back
 * after events may have been lost: the client reloads its snapshots (chat, rounds). Only to sockets
 * whose handshake `auth` carries `{ resync: true }` (our client); the original client is sent the
 * missed chat lines and the current states under the event names it knows instead.
 */
export const RESYNC_EVENT = 'resync';

/** Socket events under 10 ms apart from one socket are dropped (PROTOCOL.md §1). */
export const SOCKET_MIN_INTERVAL_MS = 10;

/** Live feed tabs (issue 15): High rollers list bets of at least this stake (coins)… */
export const HIGH_ROLLER_STAKE = 100;
/** …and Lucky wins bets that paid at least this multiplier. */
export const LUCKY_WIN_MULTIPLIER = 10;

/** The operator's default refused states (REFUSED_REGIONS): the terms name Nevada and Washington. */
export const DEFAULT_REFUSED_REGIONS: readonly string[] = ['NV', 'WA'];
