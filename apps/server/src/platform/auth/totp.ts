import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * TOTP (RFC 6238) over HOTP (RFC 4226) with node:crypto: what every authenticator app speaks
 * (SHA-1, 6 digits, 30-second steps). The RFC's own test vectors run in totp.unit.test.ts.
 */
export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512';
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(buf: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of buf) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += B32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += B32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const idx = B32.indexOf(ch);
    if (idx < 0) throw new Error('invalid base32');
    value = (value << 5) | idx;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A fresh 160-bit secret (RFC 4226 recommends at least 128), base32 as apps expect it. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** HOTP(K, C): dynamic truncation of HMAC(K, C) to `digits` decimal digits. */
export function hotp(
  key: Buffer,
  counter: bigint,
  digits = TOTP_DIGITS,
  algorithm: TotpAlgorithm = 'sha1',
): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(counter);
  const mac = createHmac(algorithm, key).update(msg).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const bin = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(bin % 10 ** digits).padStart(digits, '0');
}

/** The time step of a moment (ms since the epoch). */
export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);
}

export function totpAt(
  key: Buffer,
  nowMs: number,
  digits = TOTP_DIGITS,
  algorithm: TotpAlgorithm = 'sha1',
): string {
  return hotp(key, BigInt(totpStep(nowMs)), digits, algorithm);
}

/**
 * The step a code matches within ±1 step of now (clock drift of up to 30 s either way), or null.
 * The caller refuses a step it has already accepted once (no replay).
 */
export function matchTotp(secretBase32: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secretBase32);
  const now = totpStep(nowMs);
  for (const step of [now, now - 1, now + 1]) {
    const expected = hotp(key, BigInt(step));
    if (timingSafeEqual(Buffer.from(expected), Buffer.from(code))) return step;
  }
  return null;
}

/** The otpauth:// URI authenticator apps read from the QR code (Key Uri Format). */
export function otpauthUri(issuer: string, account: string, secretBase32: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
