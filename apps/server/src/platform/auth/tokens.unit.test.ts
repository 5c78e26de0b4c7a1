import { describe, expect, it } from 'vitest';
import { hashPassword, hashToken, newResetCode, newToken, verifyPassword } from './tokens.ts';

describe('tokens and passwords', () => {
  it('makes 256-bit tokens and hashes them', () => {
    const t = newToken();
    expect(t).toMatch(/^[0-9a-f]{64}$/);
    expect(newToken()).not.toBe(t);
    expect(hashToken(t)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(t)).not.toBe(t);
  });

  it('makes typable reset codes', () => {
    expect(newResetCode()).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
  });

  it('hashes passwords with argon2id and verifies them', async () => {
    const h = await hashPassword('correct horse');
    expect(h.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(h, 'correct horse')).toBe(true);
    expect(await verifyPassword(h, 'wrong horse')).toBe(false);
    expect(await verifyPassword(null, 'x')).toBe(false);
    expect(await verifyPassword('garbage', 'x')).toBe(false);
  });
});
