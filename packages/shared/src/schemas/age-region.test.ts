import { describe, expect, it } from 'vitest';
import { AGE_REGION_TEXT, ageRegionSchema, registerBodyFor } from './auth.ts';
import { firstIssue } from './common.ts';

const rules = { now: Date.UTC(2026, 10, 26, 12), refusedRegions: ['NV', 'WA'] };
const answer = (birthDate: string, region: string) => {
  const r = ageRegionSchema(rules).safeParse({ birthDate, region });
  return r.success ? r.data : firstIssue(r.error);
};

describe('the age and region schema (form and server)', () => {
  it('takes an adult from a known state or territory', () => {
    expect(answer('2008-11-26', 'ca')).toEqual({ birthDate: '2008-11-26', region: 'CA' });
    expect(answer('1950-01-31', 'PR')).toEqual({ birthDate: '1950-01-31', region: 'PR' });
  });
  it('refuses the rest with the form sentence', () => {
    expect(answer('2008-11-27', 'CA')).toBe(AGE_REGION_TEXT.underage);
    expect(answer('1890-01-01', 'CA')).toBe('Please enter a valid date of birth.');
    expect(answer('2026-11-27', 'CA')).toBe('Please enter a valid date of birth.');
    expect(answer('1999-02-29', 'CA')).toBe('Please enter a valid date of birth.');
    expect(answer('20-01-01', 'CA')).toBe('Please enter your date of birth.');
    expect(answer('1990-01-01', 'ZZ')).toBe('Please choose your state.');
    expect(answer('1990-01-01', 'wa')).toBe(AGE_REGION_TEXT.region);
  });
  it('registration leaves both out (the original client) but checks what is given', () => {
    const base = { email: 'a@example.com', username: 'abc', password: 'password1' };
    expect(registerBodyFor(rules).safeParse(base).success).toBe(true);
    expect(registerBodyFor(rules).safeParse({ ...base, region: 'ZZ' }).success).toBe(false);
  });
});
