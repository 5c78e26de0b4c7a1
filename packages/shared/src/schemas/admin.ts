import { z } from 'zod';
import { CONTROL_NAMES } from '../constants.ts';
import { signedCoinAmount, text } from './common.ts';

export const toggleControlBody = z.object({
  name: z.enum(CONTROL_NAMES, { error: 'Unknown control.' }),
});
export const adjustBalanceBody = z.object({
  amount: signedCoinAmount.refine((v) => v !== 0, 'Amount cannot be zero.'),
  reason: text('reason', 'Please give a reason.')
    .min(1, 'Please give a reason.')
    .max(200, 'Reason is too long.'),
});

export interface ControlsView {
  maintenanceEnabled: boolean;
  loginEnabled: boolean;
  depositsEnabled: boolean;
  withdrawsEnabled: boolean;
  coinflipEnabled: boolean;
  battlesEnabled: boolean;
  rouletteEnabled: boolean;
  crashEnabled: boolean;
}

/** POST /external/v1/users/:id/ban: ban (true) or unban (false) one account. */
export const banUserBody = z.object({
  banned: z.boolean({ error: 'Please say whether to ban or unban.' }),
});

/** One row of GET /external/v1/users/list. */
export interface AdminUserView {
  _id: string;
  username: string;
  avatar: string;
  rank: number;
  wallet: number;
  banned: boolean;
  /** Issue 16: a running cool-off or self-exclusion (until null = permanent), and whether limits are set. */
  responsibleGaming?: {
    block: { kind: 'cool_off' | 'self_exclusion'; until: string | null } | null;
    limits: boolean;
  };
}

/** GET /external/v1/features: which optional admin panels this server can back (routes present). */
export interface AdminFeaturesView {
  trivia: boolean;
  giveaway: boolean;
  race: boolean;
}
