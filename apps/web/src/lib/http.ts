import { tokenStorage } from './storage.ts';

/** The one error type of the HTTP client: the server's sentence as the message. */
export class HttpError extends Error {
  readonly status: number;
  /** The server's own sentences (`errors[].msg` or `error`); empty when it sent none. */
  readonly messages: string[];
  /** The parsed body, for answers that carry flags next to the error (e.g. `{ error, code: true }`). */
  readonly body: unknown;
  /** A 401 of a call that sent a token: the session is over and the signed-out dialog says why. */
  readonly sessionEnded: boolean;

  constructor(status: number, messages: string[], body: unknown, fallback?: string, sessionEnded = false) {
    super(messages[0] ?? fallback ?? `Request failed (${status}).`);
    this.name = 'HttpError';
    this.status = status;
    this.messages = messages;
    this.body = body;
    this.sessionEnded = sessionEnded;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Hears every 401 of a call that sent a token (issue 26 §7): the session is over, the auth store
 * signs out with the reason in the body. Set by the auth store (this module cannot import it).
 */
let unauthorized: ((token: string, body: unknown) => void) | undefined;
export function onUnauthorized(handler: (token: string, body: unknown) => void): void {
  unauthorized = handler;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** `errors[].msg` first (the original server's validator shape), then `error`. */
export function errorMessages(body: unknown): string[] {
  if (!isRecord(body)) return [];
  const list = body.errors;
  if (Array.isArray(list)) {
    const msgs = list
      .map((e) => (isRecord(e) && typeof e.msg === 'string' ? e.msg : null))
      .filter((m): m is string => m !== null && m.length > 0);
    if (msgs.length > 0) return msgs;
  }
  if (typeof body.error === 'string' && body.error.length > 0) return [body.error];
  return [];
}

async function parseBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Calls `/api{path}` with the stored token as `x-auth-token`. Resolves with the parsed JSON;
 * rejects with an HttpError when the status is not 2xx or the body is an error answer
 * (the registration routes answer 200 with `{ error }`).
 */
export async function api<T>(path: string, options: { method?: Method; body?: unknown } = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = tokenStorage.get();
  if (token) headers['x-auth-token'] = token;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new HttpError(0, [], null, 'Could not reach the server. Please check your connection.');
  }
  const body = await parseBody(res);
  if (res.status === 401 && token) unauthorized?.(token, body);
  const messages = errorMessages(body);
  if (!res.ok || messages.length > 0) {
    throw new HttpError(res.status, messages, body, undefined, res.status === 401 && token !== null);
  }
  return body as T;
}

export const http = {
  get: <T>(path: string) => api<T>(path, { method: 'GET' }),
  post: <T>(path: string, body: unknown = {}) => api<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body: unknown = {}) => api<T>(path, { method: 'PUT', body }),
};
