import { z } from 'zod';
import { PASSWORD_MIN } from '../constants.ts';
import { text } from './common.ts';

/**
 * Issue 16: account safety. A second-factor code is the 6 digits of an authenticator app or one of
 * the ten recovery codes (`XXXXX-XXXXX`); both travel in `twoFactorCode`.
 */
export const twoFactorCode = z
  .string({ error: 'Please enter the code from your authenticator app.' })
  .trim()
  .max(32, 'That code is too long.');

export const TWO_FACTOR_TEXT = {
  required: 'Enter the 6-digit code from your authenticator app (or a recovery code).',
  invalid: 'That code is not valid. Please try again.',
  enabled: 'Two-factor authentication is on.',
  disabled: 'Two-factor authentication is off.',
  alreadyOn: 'Two-factor authentication is already on.',
  notOn: 'Two-factor authentication is not on.',
  noSetup: 'Start the setup again: scan the new QR code first.',
} as const;

export const twoFactorEnableBody = z.object({
  code: text('code', 'Please enter the code from your authenticator app.').regex(
    /^\d{6}$/,
    'Please enter the 6-digit code from your authenticator app.',
  ),
});
export const twoFactorDisableBody = z.object({ twoFactorCode: twoFactorCode.optional() });

export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  /** An SVG QR code as a data URL. */
  qr: string;
}
export interface TwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

export const sessionIdParams = z.object({
  id: z.string().regex(/^\d{1,15}$/, 'Invalid session id.'),
});
export interface SessionView {
  id: number;
  device: string;
  ip: string;
  created: string;
  lastSeen: string;
  current: boolean;
}

const newPassword = z
  .string({ error: 'Please enter a password.' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters long.`)
  .max(200, 'Password is too long.');

export const changePasswordBody = z.object({
  currentPassword: z.string({ error: 'Please enter your current password.' }).min(1).max(200),
  newPassword,
  twoFactorCode: twoFactorCode.optional(),
});

const email = z
  .string({ error: 'Please enter your email.' })
  .trim()
  .min(1, 'Please enter your email.')
  .max(254, 'Email is too long.')
  .pipe(z.email({ error: 'Please enter a valid email address.' }));

export const changeEmailBody = z.object({
  newEmail: email,
  password: z.string({ error: 'Please enter your password.' }).min(1, 'Please enter your password.').max(200),
  twoFactorCode: twoFactorCode.optional(),
});
export const emailLinkBody = z.object({
  token: z
    .string({ error: 'Missing token.' })
    .regex(/^[0-9a-f]{64}$/, 'This link is invalid or has expired.'),
});

export const ACCOUNT_TEXT = {
  wrongPassword: 'Your current password is not correct.',
  noPassword: 'This account signs in with Steam and has no password.',
  passwordChanged: 'Password changed. Your other sessions were signed out.',
  emailTaken: 'This email is already registered.',
  sameEmail: 'That is already your email address.',
  emailChangeSent: 'We sent a link to the new address. Open it to finish the change.',
  emailChanged: 'Your email address was changed.',
  emailVerified: 'Thank you, your email address is confirmed.',
  verificationSent: 'We sent you a new confirmation link.',
  badLink: 'This link is invalid or has expired.',
  verifyFirst: 'Please confirm your email address before withdrawing: open the link we mailed you.',
  /** said up front where a withdrawal starts (issue 28 item 12), followed by the address */
  confirmToWithdraw: 'Withdrawals need a confirmed email address: open the link we mailed to',
} as const;

/** Issue 16 §4: responsible gaming. Amounts are coins on the wire (null = no limit). */
export const RG_KINDS = ['deposit', 'loss', 'wager'] as const;
export const RG_PERIODS = ['day', 'week', 'month'] as const;
export type RgKind = (typeof RG_KINDS)[number];
export type RgPeriod = (typeof RG_PERIODS)[number];

export const setLimitBody = z.object({
  kind: z.enum(RG_KINDS, { error: 'Please choose deposit, loss or wager.' }),
  period: z.enum(RG_PERIODS, { error: 'Please choose day, week or month.' }),
  amount: z
    .number({ error: 'Amount must be a number.' })
    .min(0, 'Amount cannot be negative.')
    .max(100_000_000, 'Amount is too large.')
    .nullable(),
});
export const realityCheckBody = z.object({
  minutes: z
    .number({ error: 'Please choose a number of minutes.' })
    .int('Please choose whole minutes.')
    .min(5, 'At least 5 minutes.')
    .max(240, 'At most 240 minutes.')
    .nullable(),
});
/** Cool-off 24 h to 6 weeks; self-exclusion 6 months to permanent (spec: cannot be undone early). */
export const COOL_OFF_DAYS = [1, 7, 14, 30, 42] as const;
export const EXCLUSION_MONTHS = [6, 12, 24, 60] as const;
export const breakBody = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('cool_off'),
    days: z
      .number({ error: 'Please choose a length.' })
      .int()
      .min(1, 'At least 24 hours.')
      .max(42, 'At most 6 weeks.'),
  }),
  z.object({
    kind: z.literal('self_exclusion'),
    months: z
      .number({ error: 'Please choose a length.' })
      .int()
      .min(6, 'At least 6 months.')
      .max(120, 'At most 10 years; choose permanent instead.')
      .nullable(),
  }),
]);

export interface RgLimitView {
  kind: RgKind;
  period: RgPeriod;
  /** Coins; null = none. */
  amount: number | null;
  used: number;
  /** A raise or removal waiting its 24 hours. */
  pending: { amount: number | null; effectiveAt: string } | null;
}
export interface RgView {
  limits: RgLimitView[];
  realityCheckMinutes: number | null;
  /** A running cool-off or self-exclusion; until null = permanent. */
  block: { kind: 'cool_off' | 'self_exclusion'; until: string | null } | null;
}

// the break sentence lives apart from the schemas, so the shell's banner needs no zod
export { formatBreakEnd, type RgBreakKind, rgBreakSentence } from '../rg-text.ts';
