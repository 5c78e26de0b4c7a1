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
  captcha: () => new AppError('captcha', 'reCAPTCHA verification failed. Please try again.', 400),
} as const;
