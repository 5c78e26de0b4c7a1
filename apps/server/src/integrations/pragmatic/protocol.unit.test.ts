import { describe, expect, it } from 'vitest';
import { parseForm, ppAmount, ppAmountCents, ppHash, ppSign, ppVerify } from './protocol.ts';

describe('Pragmatic Play wallet protocol', () => {
  const params = {
    userId: '421',
    gameId: 'vs20doghouse',
    roundId: '5103188801',
    amount: '100.00',
    reference: '585c7ec1e3ff1d9e8d5f4c0a',
    providerId: 'PragmaticPlay',
    timestamp: '1470825696000',
    roundDetails: 'spin',
  };

  it('hashes the sorted k=v&… string followed by the secret (MD5, computed independently)', () => {
    expect(ppHash(params, 'testKey')).toBe('40f7e83c300799bb39de4691bdd0ad6d');
    // the hash parameter itself is never part of the string
    expect(ppHash({ ...params, hash: 'x' }, 'testKey')).toBe('40f7e83c300799bb39de4691bdd0ad6d');
  });

  it('verifies a signature and refuses any change', () => {
    const signed = ppSign(params, 'testKey');
    expect(ppVerify(signed, 'testKey')).toBe(true);
    expect(ppVerify({ ...signed, hash: signed.hash?.toUpperCase() as string }, 'testKey')).toBe(true);
    expect(ppVerify(signed, 'otherKey')).toBe(false);
    expect(ppVerify({ ...signed, amount: '1000.00' }, 'testKey')).toBe(false);
    expect(ppVerify({ ...signed, extra: '1' }, 'testKey')).toBe(false);
    expect(ppVerify(params, 'testKey')).toBe(false);
    expect(ppVerify({ ...params, hash: 'zz' }, 'testKey')).toBe(false);
  });

  it('reads amounts as whole cents only', () => {
    expect(ppAmountCents('100.00')).toBe(10000);
    expect(ppAmountCents('0.1')).toBe(10);
    expect(ppAmountCents('7')).toBe(700);
    expect(ppAmountCents('2.500000')).toBe(250);
    expect(ppAmountCents('2.505')).toBeNull();
    expect(ppAmountCents('-1')).toBeNull();
    expect(ppAmountCents('1e3')).toBeNull();
    expect(ppAmountCents('')).toBeNull();
    expect(ppAmountCents(undefined)).toBeNull();
    expect(ppAmount(12345)).toBe(123.45);
  });

  it('parses form bodies', () => {
    expect(parseForm('a=1&b=x%20y&a=2')).toEqual({ a: '2', b: 'x y' });
  });
});
