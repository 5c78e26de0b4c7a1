import { TEXT } from '@coinsite/shared/messages';
import { toast } from '../../lib/toast.ts';
import { useSiteStore } from '../../lib/site-store.ts';

interface Grecaptcha {
  ready: (cb: () => void) => void;
  execute: (siteKey: string, options: { action: string }) => Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const TIMEOUT_MS = 5000;
const RETRY_MS = 500;
let loadedFor: string | null = null;

/** Adds Google's reCAPTCHA v3 script once; only ever called with a configured site key. */
export function loadRecaptcha(siteKey: string): void {
  if (loadedFor === siteKey) return;
  loadedFor = siteKey;
  const script = document.createElement('script');
  script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
  script.async = true;
  script.defer = true;
  document.head.appendChild(script);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  return Promise.race([promise, sleep(Math.max(0, ms)).then(() => null)]);
}

async function tokenFor(siteKey: string, action: string): Promise<string | null> {
  loadRecaptcha(siteKey);
  const deadline = Date.now() + TIMEOUT_MS;
  while (Date.now() < deadline) {
    const g = window.grecaptcha;
    if (g && typeof g.execute === 'function') {
      try {
        const token = await withTimeout(g.execute(siteKey, { action }), deadline - Date.now());
        if (token) return token;
      } catch {
        // not ready yet: retry below
      }
    }
    await sleep(RETRY_MS);
  }
  return null;
}

/**
 * The bot-check token to send with an auth form: null when the check is off, undefined when it
 * is on but no token came within 5 s (the caller stops; the user already saw the toast).
 */
export async function botCheck(action: string): Promise<string | null | undefined> {
  const siteKey = useSiteStore.getState().recaptchaSiteKey;
  if (!siteKey) return null;
  const token = await tokenFor(siteKey, action);
  if (token) return token;
  toast.error(TEXT.recaptchaFailed);
  return undefined;
}
