import { z } from 'zod';
import { type Cents, formatCents } from '../money.ts';
import { coinAmount, INTEGER_STRING, wireNumber } from './common.ts';

/**
 * Giveaways (issue 10 item 5; not in the spec, ours): an admin starts one with a prize, a duration
 * and an entry rule (a minimum wager over the last 7 days); players join from the chat's giveaway
 * panel; the winner is drawn provably fairly (docs/decisions/chat.md "Giveaways"). The state sent to
 * clients (GiveawayState) and the event names live in chat.ts.
 */

export const GIVEAWAY_MIN_MINUTES = 1;
export const GIVEAWAY_MAX_MINUTES = 7 * 24 * 60;
/** The window the entry rule's wager is summed over. */
export const GIVEAWAY_WAGER_WINDOW_MS = 7 * 24 * 60 * 60_000;
/** After the draw, the result (seed, public value, winner) stays in the panel this long. */
export const GIVEAWAY_RESULT_SHOWN_MS = 5 * 60_000;

/** PUT /api/external/v1/giveaway/create (rank 5). Fields arrive as typed: strings or numbers. */
export const giveawayCreateBody = z.object({
  /** coins */
  prize: coinAmount.refine((v) => v >= 0.01, 'Prize must be at least 0.01.'),
  durationMinutes: wireNumber(
    z
      .number({ error: 'Duration must be a number.' })
      .int('Duration must be a whole number of minutes.')
      .min(GIVEAWAY_MIN_MINUTES, `Duration must be at least ${GIVEAWAY_MIN_MINUTES} minute.`)
      .max(GIVEAWAY_MAX_MINUTES, `Duration must be at most ${GIVEAWAY_MAX_MINUTES} minutes.`),
    INTEGER_STRING,
  ),
  /** coins wagered in the last 7 days needed to join (0 = anyone signed in) */
  minWager: coinAmount.optional().default(0),
});
export type GiveawayCreateBody = z.infer<typeof giveawayCreateBody>;

export const GIVEAWAY_TEXT = {
  alreadyRunning: 'A giveaway is already running.',
  created: 'Successfully created giveaway!',
  signIn: 'Please sign in to join the giveaway.',
  notRunning: 'This giveaway is not running any more.',
  alreadyJoined: 'You have already joined this giveaway.',
  joined: 'You joined the giveaway. Good luck!',
  noEntries: 'The giveaway ended with no entries.',
  panelTitle: 'Giveaway',
  join: 'Join',
  joinedLabel: 'Joined',
} as const;

export const giveawayText = {
  wagerRequired: (cents: Cents) =>
    `You need to have wagered ${formatCents(cents)} coins in the last 7 days to join this giveaway.`,
  won: (username: string, cents: Cents) => `${username} won the giveaway of ${formatCents(cents)} coins!`,
};

/** SHA-256 of a string, hex (the browser and the server compute it alike for verification). */
export type HexDigest = string;

/**
 * The winning entry, from the HMAC-SHA256 hex digest of (key = server seed, message = public seed):
 * its first 13 hex digits (52 bits) read as an integer, modulo the number of entries (0-based
 * position in join order).
 */
export function giveawayWinnerIndex(hmacHex: HexDigest, entries: number): number {
  return Number.parseInt(hmacHex.slice(0, 13), 16) % entries;
}
