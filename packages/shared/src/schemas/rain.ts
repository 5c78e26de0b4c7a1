import { type Cents, formatCents } from '../money.ts';

/**
 * Rain (spec-2 §2/§4/§7, spec-1 terms, economy.md "Rain"): the texts and the admin view of
 * suspicious joins. Events and RainState live in chat.ts (CHAT_EVENTS, rainStateSchema).
 * The spec shows no server sentences for rain; these are ours.
 */
export const RAIN_TEXT = {
  joined: 'You joined the rain!',
  alreadyJoined: 'You have already joined this rain.',
  notJoinable: 'The rain is not open for joining right now.',
  captcha: 'Please complete the captcha.',
  closing: 'The rain is paying out, please try again in a moment.',
  signIn: 'Please sign in to join the rain.',
  every: 'every 30m',
  joinIn: 'join in:',
  join: 'Join',
  joinedButton: 'Joined',
  tipRain: 'Tip Rain',
  title: 'Rain',
} as const;

export const rainText = {
  levelRequired: (level: number) =>
    `You need to reach level ${level} or verify your identity to join the rain.`,
  wagerRequired: (cents: Cents) => `You need to wager at least ${formatCents(cents)} coins to join the rain.`,
  tipRange: (minCents: Cents, maxCents: Cents) =>
    `Rain tips must be between ${formatCents(minCents)} and ${formatCents(maxCents)}.`,
  tipped: (cents: Cents) => `You added ${formatCents(cents)} coins to the rain!`,
};

/** `m:ss` of a millisecond count (the rain's 'join in:' countdown). */
export function formatCountdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** GET /api/external/v1/rain/suspicious (admin): joins from an address another joiner of the same rain used. */
export interface SuspiciousRainJoin {
  rainId: string;
  userId: string;
  username: string;
  ip: string;
  /** ISO date */
  joined: string;
  /** the other joiners of that rain from the same address */
  sameIpUsers: string[];
}
