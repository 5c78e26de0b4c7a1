import { z } from 'zod';
import { type Cents, MAX_AMOUNT_CENTS } from '../money.ts';
import { INTEGER_STRING, MONEY_STRING, wireNumber } from './common.ts';

/**
 * The weekly wager race (issue 11; spec-2 §2, §3, §7; PROTOCOL.md §4; economy.md "Race"): entry
 * value = stakes wagered during the race; places 1–10 are paid prize × distribution[k] / 100 once
 * the race ends, and the next weekly race starts by itself.
 */

/** Place k's share of the prize in basis points (economy.md: 40, 20, 14.5, 7, 5.5, 4.5, 3.5, 2.5, 1.5, 1 %). */
export const RACE_DISTRIBUTION_BP = [4000, 2000, 1450, 700, 550, 450, 350, 250, 150, 100] as const;
/** The same as percentages, as the wire's prizeDistribution carries them. */
export const RACE_PRIZE_DISTRIBUTION: number[] = RACE_DISTRIBUTION_BP.map((bp) => bp / 100);
/** Paid places (the top ten). */
export const RACE_PLACES = RACE_DISTRIBUTION_BP.length;
/** A race that starts by itself: $1,000 = 2,000 coins, one week long. */
export const RACE_WEEKLY_PRIZE_CENTS: Cents = 200_000;
export const RACE_WEEK_MS = 7 * 24 * 60 * 60_000;

/** Place k's (1-based) prize in cents: floor(prize × bp / 10,000); the rounding stays with the house. */
export function racePlacePrize(prizeCents: Cents, place: number): Cents {
  const bp = RACE_DISTRIBUTION_BP[place - 1];
  return bp === undefined ? 0 : Math.floor((prizeCents * bp) / 10_000);
}

/** The same for a prize in coins, as the page computes it (spec-2 §5: prize × percentage / 100). */
export function racePlacePrizeCoins(prizeCoins: number, place: number): number {
  const pct = RACE_PRIZE_DISTRIBUTION[place - 1];
  return pct === undefined ? 0 : Math.floor(prizeCoins * pct) / 100;
}

/** The admin race form's refusals, in words. */
export const RACE_FORM_TEXT = {
  endMissing: 'Please choose the date and time the race ends.',
  endTooFar: 'The race must end before the year 2100.',
  prizeMissing: 'Please enter the prize in coins.',
} as const;

/** Epoch seconds the admin form may send: within 2000-01-01 … 2100-01-01. */
const EPOCH_SECONDS_MIN = 946_684_800;
const EPOCH_SECONDS_MAX = 4_102_444_800;

/** PUT /api/external/v1/race/create (rank 5): endingDate in epoch seconds (PROTOCOL §4), prize in coins. */
export const raceCreateBody = z.object({
  // the admin form's words (issue 28 item 14): the field names of the wire are not shown
  endingDate: wireNumber(
    z
      .number({ error: RACE_FORM_TEXT.endMissing })
      .int(RACE_FORM_TEXT.endMissing)
      .min(EPOCH_SECONDS_MIN, RACE_FORM_TEXT.endMissing)
      .max(EPOCH_SECONDS_MAX, RACE_FORM_TEXT.endTooFar),
    INTEGER_STRING,
  ),
  prize: wireNumber(
    z
      .number({ error: RACE_FORM_TEXT.prizeMissing })
      .refine((v) => v * 100 <= MAX_AMOUNT_CENTS, 'The prize is too large.'),
    MONEY_STRING,
  ).refine((v) => v >= 0.1, 'Prize must be at least 0.10.'),
});
export type RaceCreateBody = z.infer<typeof raceCreateBody>;

export interface RaceUser {
  _id: string;
  avatar: string;
  username: string;
}

export interface RaceEntry {
  /** coins wagered during the race */
  value: number;
  _user: RaceUser;
  /** coins paid for the place (the last race only) */
  prize?: number;
  /**
   * An empty podium place (issue 27): GET /race pads the top ten to three entries because the
   * original client reads places 1 to 3 unguarded. Our client drops these and shows the place empty.
   */
  placeholder?: true;
}

/** The podium's places: GET /race always lists at least this many entries (placeholders pad it). */
export const RACE_PODIUM_PLACES = 3;

/** The real entries of a race view (placeholders dropped). */
export function withoutPlaceholders(view: RaceView): RaceView {
  return view.active ? { ...view, topTen: view.topTen.filter((e) => !e.placeholder) } : view;
}

export interface RaceInfo {
  _id: string;
  /** coins */
  prize: number;
  /** ISO date */
  endingDate: string;
}

/** GET /api/race and GET /api/race/last. */
export type RaceView =
  | { active: false }
  | { active: true; activeRace: RaceInfo; topTen: RaceEntry[]; prizeDistribution: number[] };

/** GET /api/race/me: the player's place (1-based, null before a first stake) and coins wagered. */
export interface RaceMe {
  active: boolean;
  myPosition: number | null;
  myProgress: number;
}

/** What PUT race/create answers: the race created, and whether it runs now or after the current one. */
export interface RaceCreated {
  _id: string;
  prize: number;
  endingDate: string;
  status: 'active' | 'scheduled';
  /** ISO date the race starts (a scheduled race: when the current one ends) */
  startsAt: string;
}

/** GET /api/external/v1/race/schedule (rank 5): the running race and the races waiting after it. */
export interface RaceSchedule {
  current: (RaceInfo & { startsAt: string }) | null;
  scheduled: Array<RaceInfo & { startsAt: string }>;
}

/** The admin's toast for a race created while another runs (issue 28 item 14). */
export function raceScheduledText(startsAtIso: string, endsAtIso: string): string {
  const when = (iso: string) =>
    new Date(iso).toLocaleString('en-US', {
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    });
  return `Race scheduled after the current race: starts ${when(startsAtIso)}, ends ${when(endsAtIso)}.`;
}

export const RACE_TEXT = {
  heading: '$1,000.00 WEEKLY RACE',
  subheading: 'The race is based on your wager amount every week.',
  noRace: 'No active race.',
  endsIn: 'Ends In',
  loadFailed: 'There was an error while loading race data, please try again later!',
  created: 'Successfully created new race!',
  createFailed: 'There was an error creating new race: ',
  endingInPast: 'The race must end in the future.',
  endingBeforeCurrent: 'The race must end after the current race.',
  modalPrize: '$1,000',
  /** a podium place nobody holds yet (the original client shows it as a name) */
  emptyPlace: 'Empty place',
} as const;
