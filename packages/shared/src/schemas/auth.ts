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

export const loginBody = z.object({ email, password, recaptcha });
export const registerBody = z.object({
  email,
  username: z
    .string({ error: 'Please enter a username.' })
    .trim()
    .regex(USERNAME_RE, 'Username must be 3 to 16 letters, digits or underscores.'),
  password: newPassword,
  recaptcha,
});
export const forgotPasswordBody = z.object({ email, recaptcha });
export const resetPasswordBody = z.object({
  email,
  code: text('security code').min(1, 'Please enter the security code.').max(64),
  password: newPassword,
  recaptcha,
});
export const exchangeTokenBody = z.object({
  token: text('token', 'Missing token.').min(1, 'Missing token.').max(200),
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
