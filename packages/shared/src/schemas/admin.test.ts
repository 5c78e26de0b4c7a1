import { describe, expect, it } from 'vitest';
import { adjustBalanceBody, auditLogQuery } from './admin.ts';

describe('admin bodies', () => {
  it('a balance adjustment is never zero', () => {
    expect(adjustBalanceBody.safeParse({ amount: 0, reason: 'x' }).success).toBe(false);
    expect(adjustBalanceBody.safeParse({ amount: -0.01, reason: 'refund' }).success).toBe(true);
  });

  it('audit-log dates are ISO dates or date-times', () => {
    for (const ok of [
      '2026-11-24',
      '2026-11-24T10:00:00Z',
      '2026-11-24 10:00:00.5+01:00',
      '2026-11-24T10:00+0100',
      '2026-11-24T10:00:00',
    ])
      expect(auditLogQuery.safeParse({ from: ok, to: ok }).success, ok).toBe(true);
    for (const bad of [
      'x2026-11-24',
      '2026-11-24x',
      '26-11-24',
      '2026-1-24',
      '2026-11-2',
      'abcd-11-24',
      '2026-11-24T',
      '2026-11-24X10:00',
      '2026-11-24Tab',
      '2026-11-24T10:00+1',
      '2026-11-24T10:00*01:00',
      '2026-11-24T10:00+01:0',
      '2026-11-24T10:00+01:ab',
      '2026-02-30x',
      '2026-13-45',
      // dates JavaScript reads but the form does not take
      '12026-11-24',
      'Mon 2026-11-24',
      '2026-11-24 10:00:00 GMT',
    ])
      expect(auditLogQuery.safeParse({ from: bad }).success, bad).toBe(false);
    expect(auditLogQuery.parse({}).limit).toBe(100);
  });
});
