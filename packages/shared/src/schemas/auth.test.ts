import { describe, expect, it } from 'vitest';
import { ageOn, MIN_AGE, registerBodyFor } from './auth.ts';

const at = (iso: string) => Date.parse(`${iso}T12:00:00Z`);

describe('age (spec-1: adults, minimum age 18)', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(MIN_AGE).toBe(18);
    expect(ageOn('2008-06-15', at('2026-06-15'))).toBe(18);
    expect(ageOn('2008-06-15', at('2026-06-14'))).toBe(17);
    expect(ageOn('2008-06-15', at('2026-05-30'))).toBe(17);
    expect(ageOn('2008-06-15', at('2026-07-01'))).toBe(18);
    expect(ageOn('2008-06-15', at('2026-06-16'))).toBe(18);
    expect(ageOn('2008-12-31', at('2027-01-01'))).toBe(18);
    expect(ageOn('2000-02-29', at('2018-02-28'))).toBe(17);
    expect(ageOn('2000-02-29', at('2018-03-01'))).toBe(18);
  });

  it('a birth date is a real YYYY-MM-DD date', () => {
    const body = { email: 'a@b.co', username: 'ann_1', password: 'correct horse 9', recaptcha: 'x' };
    // the server's rules (registerBody alone only documents the shape)
    const rules = { now: at('2026-06-15'), refusedRegions: [] };
    const date = (birthDate: string) => registerBodyFor(rules).safeParse({ ...body, birthDate });
    expect(date('2000-02-29').success).toBe(true);
    expect(date('2000-13-01').success).toBe(false);
    expect(date('2000-1-01').success).toBe(false);
  });
});
