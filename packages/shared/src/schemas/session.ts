import { z } from 'zod';
import { SESSION_END_REASONS } from '../session-events.ts';

export * from '../session-events.ts';

export const sessionEndedPayload = z.object({
  reason: z.enum(SESSION_END_REASONS),
  message: z.string().max(300),
});
export type SessionEnded = z.infer<typeof sessionEndedPayload>;

/** The body of a 401 for a call that sent a token: `session` says why it no longer counts. */
export const unauthorizedBody = z.object({
  error: z.string(),
  session: z.enum(SESSION_END_REASONS).optional(),
});

/** Issue 26 §8: what the reality check shows. Times are ISO strings, money in coins. */
export const realityCheckView = z.object({
  /** the due point shown (start + k × interval) */
  dueAt: z.string(),
  /** when the reality check's clock started: the session's sign-in, or the setting if later */
  since: z.string(),
  /** whole minutes from `since` to when the server sent it */
  minutesPlayed: z.number().int().min(0),
  intervalMinutes: z.number().int().min(1),
  /** stakes, wins and refunds since `since` (coins; negative = lost) */
  net: z.number(),
  /** the amount staked since `since` (coins, positive) */
  wagered: z.number().min(0),
});
export type RealityCheckView = z.infer<typeof realityCheckView>;

/** `reality-check-ack` names the due point it answers (the `dueAt` it was shown). */
export const realityCheckAckPayload = z.tuple([
  z.object({ dueAt: z.iso.datetime({ error: 'Please answer a reminder that was shown.' }) }),
]);
