/**
 * Issue 26 §7 and §8: session ends and the reality check. Apart from the schemas (schemas/session.ts
 * re-exports them) so the client can name them without loading zod.
 */

/**
 * Why a session ended. The server stores it on the session row when it revokes one, and
 * tells the session's sockets (`session-ended`) and any later HTTP call with its token (401 `session`).
 */
export const SESSION_END_REASONS = [
  /** signed out in this browser (another tab of the same session hears it) */
  'signed_out',
  /** ended from the sessions list of another device, or by "sign out other sessions" there */
  'revoked',
  /** the password was changed (signed in) or reset (by mail) */
  'password_changed',
  /** the session's 30 days are over */
  'expired',
  /** an admin banned the account */
  'banned',
  /** a token the server does not know (or no longer keeps) */
  'invalid',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** The sentence the player is shown for each reason (toast, dialog, the 401's `error`). */
export const SESSION_END_TEXT: Record<SessionEndReason, string> = {
  signed_out: 'You were signed out.',
  revoked: 'You were signed out: this session was ended from another device.',
  password_changed: 'You were signed out: the password of your account was changed.',
  expired: 'Your session expired. Please sign in again.',
  banned: 'You were signed out: your account has been banned.',
  invalid: 'Your session has ended. Please sign in again.',
};

/**
 * Socket events of ours (the original client does not listen to them, see
 * /work/shared/original-client-listeners.md; it still gets `connection_kicked` / `user banned`).
 */
export const SESSION_EVENTS = {
  /** server → client, every namespace, just before the server disconnects the socket: `{reason, message}` */
  ended: 'session-ended',
  /** server → client on /chat: the reality check is due (RealityCheckView) */
  realityCheck: 'reality-check',
  /** server → client on /chat: the reality check was acknowledged in one of the session's tabs */
  realityCheckDismissed: 'reality-check-dismissed',
  /** client → server on /chat: Continue (or Take a break / Log out) acknowledges the due check */
  realityCheckAck: 'reality-check-ack',
  /** server → client on /chat: a refused acknowledgement (one sentence) */
  realityCheckError: 'reality-check-error',
} as const;
