import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** 256-bit random token, hex. Only its SHA-256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString('hex');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A short human-typable reset code (10 characters from an unambiguous alphabet, ~50 bits). */
export function newResetCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(10);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}

// argon2id with OWASP's recommended minimum (19 MiB, 2 iterations).
const ARGON = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON);
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A constant hash to verify against when the account does not exist, so timing reveals nothing. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(newToken());
  return dummyHash;
}
