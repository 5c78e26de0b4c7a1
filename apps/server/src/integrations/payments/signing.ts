import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature every incoming payment delivery carries (card webhooks, skin callbacks), real or
 * sandbox: `x-signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
 * Signing the timestamp with the body lets us refuse old deliveries (a captured request replayed
 * later) while the delivery log refuses repeats inside the window.
 */
export const SIGNATURE_HEADER = 'x-signature';
export const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

export function signDelivery(secret: string, rawBody: string, nowMs: number): string {
  const t = Math.floor(nowMs / 1000);
  const mac = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return `t=${t},v1=${mac}`;
}

export type SignatureCheck = 'ok' | 'missing' | 'bad_signature' | 'stale';

export function verifyDelivery(opts: {
  secret: string;
  header: string | string[] | undefined;
  rawBody: string;
  nowMs: number;
  toleranceMs?: number;
}): SignatureCheck {
  const header = Array.isArray(opts.header) ? opts.header[0] : opts.header;
  if (!header) return 'missing';
  const parts = new Map<string, string>();
  for (const piece of header.split(',')) {
    const eq = piece.indexOf('=');
    if (eq > 0) parts.set(piece.slice(0, eq).trim(), piece.slice(eq + 1).trim());
  }
  const t = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isSafeInteger(t) || !/^[0-9a-f]{64}$/i.test(given)) return 'bad_signature';
  const expected = createHmac('sha256', opts.secret).update(`${t}.${opts.rawBody}`).digest();
  // constant-time comparison of equal-length buffers (the regex above fixes the length)
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return 'bad_signature';
  if (Math.abs(opts.nowMs - t * 1000) > (opts.toleranceMs ?? SIGNATURE_TOLERANCE_MS)) return 'stale';
  return 'ok';
}
