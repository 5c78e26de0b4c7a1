/**
 * Google reCAPTCHA: every token is checked with siteverify over HTTP when RECAPTCHA_SECRET is set.
 * Unset, the bot check is off (the web app then loads no captcha script).
 */
export interface Captcha {
  readonly enabled: boolean;
  verify(token: string | null | undefined, remoteIp?: string): Promise<boolean>;
}

export function createCaptcha(opts: { secret?: string; verifyUrl: string }): Captcha {
  const { secret, verifyUrl } = opts;
  if (!secret) return { enabled: false, verify: async () => true };
  return {
    enabled: true,
    async verify(token, remoteIp) {
      if (!token) return false;
      const form = new URLSearchParams({ secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      try {
        const res = await fetch(verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: AbortSignal.timeout(5000),
        });
        if (!res.ok) return false;
        const body = (await res.json()) as { success?: unknown };
        return body.success === true;
      } catch {
        return false;
      }
    },
  };
}
