import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, totpAt, totpStep } from './totp.ts';

// RFC 6238 Appendix B: the seeds are the ASCII digits repeated to the hash's key length
const SEED = {
  sha1: Buffer.from('12345678901234567890'),
  sha256: Buffer.from('12345678901234567890123456789012'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
};
const VECTORS: Array<[number, string, string, string]> = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('matches the RFC vectors at T=%i', (t, sha1, sha256, sha512) => {
    expect(totpAt(SEED.sha1, t * 1000, 8, 'sha1')).toBe(sha1);
    expect(totpAt(SEED.sha256, t * 1000, 8, 'sha256')).toBe(sha256);
    expect(totpAt(SEED.sha512, t * 1000, 8, 'sha512')).toBe(sha512);
  });

  it('matches the RFC 4226 HOTP vectors (6 digits)', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expected.forEach((code, i) => {
      expect(hotp(SEED.sha1, BigInt(i))).toBe(code);
    });
  });

  it('round-trips base32 and accepts a code one step either side, not two', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
    const key = base32Decode(secret);
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(matchTotp(secret, totpAt(key, now), now)).toBe(step);
    expect(matchTotp(secret, totpAt(key, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(secret, totpAt(key, now + 30_000), now)).toBe(step + 1);
    const far = totpAt(key, now - 90_000);
    if (![step - 1, step, step + 1].some((s) => totpAt(key, s * 30_000) === far))
      expect(matchTotp(secret, far, now)).toBeNull();
    expect(matchTotp(secret, 'abcdef', now)).toBeNull();
  });
});
