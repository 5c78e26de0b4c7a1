import { z } from 'zod';
import { CONTROL_NAMES } from '../constants.ts';
import { INTEGER_STRING, signedCoinAmount, text, wireNumber } from './common.ts';

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
  slotsEnabled: boolean;
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

/** One entry of the admin audit log (GET /external/v1/audit-log), newest first. */
export interface AuditEntry {
  id: string;
  actorId: string | null;
  actorName: string | null;
  action: string;
  target: string | null;
  detail: unknown;
  created: string;
}

const auditDate = (field: string) =>
  z
    .string({ error: `${field} must be a date.` })
    .max(40, `${field} must be a date.`)
    .refine(
      (v) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v),
      `${field} must be a date.`,
    )
    .refine((v) => !Number.isNaN(Date.parse(v)), `${field} must be a date.`);

/**
 * GET /external/v1/audit-log filters (all optional, combined with AND): the actor by user id or exact
 * username, the exact action, the exact target, a date range (a bare `to` date includes that whole
 * day, UTC), and `before` (an entry id) for the next page.
 */
export const auditLogQuery = z.object({
  limit: wireNumber(z.number().int().min(1).max(500), INTEGER_STRING).default(100),
  actor: z.string().trim().max(64, 'Actor is too long.').optional(),
  action: z.string().trim().max(64, 'Action is too long.').optional(),
  target: z.string().trim().max(128, 'Target is too long.').optional(),
  from: auditDate('From').optional(),
  to: auditDate('To').optional(),
  before: wireNumber(z.number().int().min(1), INTEGER_STRING).optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuery>;
