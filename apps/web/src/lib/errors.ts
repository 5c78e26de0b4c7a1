import { toast } from 'sonner';
import { HttpError } from './http.ts';
import { playSound } from './sounds.ts';

/** A call refused because the session is over: the signed-out dialog says so, no toast on top. */
function sessionEnded(err: unknown): boolean {
  return err instanceof HttpError && err.sessionEnded;
}

/** The server's sentences of a failed call, or none. */
export function serverMessages(err: unknown): string[] {
  return err instanceof HttpError ? err.messages : [];
}

/** The text to show for a failed call: the server's first sentence, else the fallback. */
export function errorText(err: unknown, fallback: string): string {
  return serverMessages(err)[0] ?? fallback;
}

/**
 * The one place API errors become toasts (spec-1 §8): every `errors[].msg` as its own toast,
 * else the `error` string (with the error sound when asked), else the generic text.
 */
export function toastApiError(err: unknown, fallback: string, options: { sound?: boolean } = {}): void {
  if (sessionEnded(err)) return;
  const msgs = serverMessages(err);
  if (msgs.length === 0) {
    toast.error(fallback);
    return;
  }
  for (const msg of msgs) toast.error(msg);
  if (options.sound) playSound('error');
}

/** The admin panels' failure toast (spec-2): the prefix, then the server's reason or 'unknown error'. */
export function toastFailure(err: unknown, prefix: string): void {
  if (sessionEnded(err)) return;
  toast.error(`${prefix}${errorText(err, 'unknown error')}`);
}
