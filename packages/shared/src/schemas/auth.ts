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
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Please enter a valid date of birth.')
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
}

/** POST /user/settings/privacy: hide (true) or show (false) the profile figures to other players. */
export const privacyBody = z.object({
  hideStats: z.boolean({ error: 'Please say whether to hide your stats.' }),
});
export interface PrivacyView {
  hideStats: boolean;
}

/** The states of the registration form (spec-1: players in the United States). */
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
];
