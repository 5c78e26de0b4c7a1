/**
 * One error type and one catalogue. A code, a human sentence, an HTTP status. Mapped once to HTTP
 * (errors.ts → http.ts) and once to socket error events (realtime.ts).
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const Errors = {
  badRequest: (message: string) => new AppError('bad_request', message, 400),
  unauthorized: () => new AppError('unauthorized', 'Please sign in to continue.', 401),
  forbidden: () => new AppError('forbidden', 'You are not allowed to do this.', 403),
  banned: () => new AppError('banned', 'Your account has been banned.', 403),
  notFound: (what = 'Not found.') => new AppError('not_found', what, 404),
  tooMany: (message = 'Too many requests, please slow down and try again in a minute.') =>
    new AppError('rate_limited', message, 429),
  maintenance: () =>
    new AppError('maintenance', 'We are currently undergoing maintenance. Please try again later.', 503),
  disabled: (what: string) => new AppError('disabled', `${what} is currently disabled.`, 403),
  insufficientBalance: () => new AppError('insufficient_balance', "You don't have enough balance.", 400),
  duplicate: () => new AppError('duplicate', 'This operation was already processed.', 409),
  databaseUnavailable: () =>
    new AppError(
      'database_unavailable',
      'Our connection to the database was interrupted. Nothing was lost; please try again.',
      503,
    ),
  captcha: () => new AppError('captcha', 'reCAPTCHA verification failed. Please try again.', 400),
} as const;

/**
 * SQLSTATEs of text the database cannot store (22021: a NUL or bad byte, 22P05: a character with no
 * equivalent, e.g. \u0000 in jsonb). The schemas refuse control characters; this is the backstop.
 */
const BAD_TEXT_CODES = new Set(['22021', '22P05']);

/** A database error caused by the input's characters, as the client's 400; otherwise null. */
export function badTextError(err: unknown): AppError | null {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && BAD_TEXT_CODES.has(code)
    ? Errors.badRequest('Your input contains characters that are not allowed.')
    : null;
}

/**
 * SQLSTATEs of a connection the server ended (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03
 * cannot_connect_now) and the connection-exception class 08.
 */
const CONNECTION_CODES = new Set(['57P01', '57P02', '57P03']);
const SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNREFUSED', 'ETIMEDOUT']);

/** True when a database call failed because its connection broke, not because of the statement. */
export function isConnectionError(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (CONNECTION_CODES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code)) return true;
  const message = typeof e?.message === 'string' ? e.message : '';
  return /Connection terminated|connection error and is not queryable|Client was closed|terminating connection/i.test(
    message,
  );
}
