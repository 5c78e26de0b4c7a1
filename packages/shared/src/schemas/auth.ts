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

export interface ProfileView {
  _id: string;
  username: string;
  avatar: string;
  created: string;
  wager: number;
  profit: number;
  gamesPlayed: number;
  gamesWon: number;
  totalDeposited: number;
  totalWithdrawn: number;
}
