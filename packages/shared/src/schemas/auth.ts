import { z } from 'zod';
import { PASSWORD_MIN, USERNAME_RE } from '../constants.ts';
import { text, wireId } from './common.ts';

const email = z
  .string({ error: 'Please enter your email.' })
  .trim()
  .min(1, 'Please enter your email.')
  .max(254, 'Email is too long.')
  .pipe(z.email({ error: 'Please enter a valid email address.' }));
const password = z
  .string({ error: 'Please enter your password.' })
  .min(1, 'Please enter your password.')
  .max(200, 'Password is too long.');
const newPassword = z
  .string({ error: 'Please enter a password.' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters long.`)
  .max(200, 'Password is too long.');
const recaptcha = text('captcha answer').max(4000).optional().nullable();

/** Issue 16: the second factor (6 digits or a recovery code) when the account has 2FA on. */
const twoFactorCode = z.string().trim().max(32, 'That code is too long.').optional();
export const loginBody = z.object({ email, password, recaptcha, twoFactorCode });
/**
 * Registration's shape. The server parses with `registerBodyFor` (the age and region rules at its
 * clock and with its refused states); this one documents the shape (API docs).
 */
export const registerBody = z.object({
  email,
  username: z
    .string({ error: 'Please enter a username.' })
    .trim()
    .regex(USERNAME_RE, 'Username must be 3 to 16 letters, digits or underscores.'),
  password: newPassword,
  recaptcha,
  /** Issue 16 §5: YYYY-MM-DD. The original client sends none (see docs/decisions.md). */
  birthDate: z
    .string({ error: 'Please enter your date of birth.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter your date of birth.')
    .optional(),
  /** A US state or territory, two letters. */
  region: z
    .string({ error: 'Please choose your state.' })
    .regex(/^[A-Za-z]{2}$/, 'Please choose your state.')
    .optional(),
});
/** spec-1: "users are adults (minimum age 18) in the United States excluding Nevada and Washington state". */
export const AGE_REGION_TEXT = {
  underage: 'Sorry, you must be an adult (minimum age 18) to use this site.',
  region: 'Sorry, this site is not available in your state.',
} as const;
export const MIN_AGE = 18;

/** Whole years between a YYYY-MM-DD birth date and a moment. */
export function ageOn(birthDate: string, nowMs: number): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const now = new Date(nowMs);
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age--;
  return age;
}
/** Oldest age taken as plausible: an earlier birth date is a typo or a made-up one. */
export const MAX_AGE = 120;

/** The age and region rules at a moment and with an operator's refused states. */
export interface AgeRegionRules {
  /** Now, in ms (the server's clock; the browser's in the form). */
  now: number;
  /** Two-letter codes refused (REFUSED_REGIONS; GET /api/site `refusedRegions`). */
  refusedRegions: readonly string[];
}

/** True for a YYYY-MM-DD that names a real calendar day (no 2001-02-30). */
function isCalendarDate(v: string): boolean {
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** A birth date: a real day, not in the future, at most MAX_AGE years ago, and an adult's. */
export function birthDateField(rules: Pick<AgeRegionRules, 'now'>) {
  return z
    .string({ error: 'Please enter your date of birth.' })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter your date of birth.')
    .refine(isCalendarDate, 'Please enter a valid date of birth.')
    .refine((v) => {
      const age = ageOn(v, rules.now);
      return age >= 0 && age <= MAX_AGE && Date.UTC(...ymd(v)) <= rules.now;
    }, 'Please enter a valid date of birth.')
    .refine((v) => ageOn(v, rules.now) >= MIN_AGE, AGE_REGION_TEXT.underage);
}

const ymd = (v: string): [number, number, number] => {
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  return [y, m - 1, d];
};

/** A region: a known US state or territory (US_STATES), not one of the refused ones; upper-cased. */
export function regionField(rules: Pick<AgeRegionRules, 'refusedRegions'>) {
  const refused = new Set(rules.refusedRegions.map((r) => r.toUpperCase()));
  return z
    .string({ error: 'Please choose your state.' })
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => US_REGION_CODES.has(v), 'Please choose your state.')
    .refine((v) => !refused.has(v), AGE_REGION_TEXT.region);
}

/** Date of birth and state, both required: the registration form and the ask-once dialog. */
export function ageRegionSchema(rules: AgeRegionRules) {
  return z.object({ birthDate: birthDateField(rules), region: regionField(rules) });
}
export type AgeRegionBody = z.infer<ReturnType<typeof ageRegionSchema>>;

/** The server's registration rules: the original client sends neither field; whatever is sent obeys them. */
export function registerBodyFor(rules: AgeRegionRules) {
  return registerBody.extend({
    birthDate: birthDateField(rules).optional(),
    region: regionField(rules).optional(),
  });
}

/** POST /api/account/age's shape (the server parses it with `ageRegionSchema`). */
export const ageRegionBody = z.object({ birthDate: z.string(), region: z.string() });

/** GET /api/account/age: whether the web client should ask (the account has no date of birth). */
export interface AgeStatus {
  required: boolean;
}

export const forgotPasswordBody = z.object({ email, recaptcha });
export const resetPasswordBody = z.object({
  email,
  code: text('security code').min(1, 'Please enter the security code.').max(64),
  password: newPassword,
  recaptcha,
});
export const exchangeTokenBody = z.object({
  token: text('token', 'Missing token.').min(1, 'Missing token.').max(200),
  twoFactorCode,
});
export const profileBody = z.object({ userid: wireId('Invalid user id.') });

export type LoginBody = z.infer<typeof loginBody>;
export type RegisterBody = z.infer<typeof registerBody>;

/** What GET /api/user returns as `user` (never a hash, code or secret). */
export interface PublicUser {
  _id: string;
  username: string;
  avatar: string;
  rank: number;
  wallet: number;
  wager: number;
  created: string;
}

/**
 * POST /user/profile. When the player hid their stats (`statsHidden`), everyone but the player and
 * admins gets null for every figure; the player and admins still see them, flagged.
 */
export interface ProfileView {
  _id: string;
  username: string;
  avatar: string;
  created: string;
  wager: number | null;
  profit: number | null;
  gamesPlayed: number | null;
  gamesWon: number | null;
  totalDeposited: number | null;
  totalWithdrawn: number | null;
  statsHidden: boolean;
  /** Ghost mode is on: others see "Hidden" (only true on the player's own or an admin's view). */
  ghost: boolean;
}

/** POST /user/settings/privacy: hide (true) or show (false) the profile figures to other players. */
export const privacyBody = z.object({
  hideStats: z.boolean({ error: 'Please say whether to hide your stats.' }),
});
export interface PrivacyView {
  hideStats: boolean;
}

/**
 * Issue 33: the name every other player sees for a player in ghost mode (feeds, bet pages, the race,
 * profiles, battle seats); the player and admins still see the real one.
 */
export const HIDDEN_NAME = 'Hidden';

/** POST /user/settings/ghost: turn ghost mode on (true) or off (false). */
export const ghostBody = z.object({
  ghost: z.boolean({ error: 'Please say whether to turn ghost mode on.' }),
});
export interface GhostView {
  ghost: boolean;
}

/** The states and territories of the registration form (spec-1: players in the United States). */
export const US_STATES: ReadonlyArray<readonly [string, string]> = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
  ['AS', 'American Samoa'],
  ['GU', 'Guam'],
  ['MP', 'Northern Mariana Islands'],
  ['PR', 'Puerto Rico'],
  ['VI', 'U.S. Virgin Islands'],
];

const US_REGION_CODES: ReadonlySet<string> = new Set(US_STATES.map(([code]) => code));
