import { describe, expect, it } from 'vitest';
import { duePoint, nextDuePoint, type RealityState } from './reality-check.ts';

const MIN = 60_000;
const state = (over: Partial<RealityState> = {}): RealityState => ({
  sessionId: 1,
  userId: 1,
  start: 1_000_000,
  intervalMs: 5 * MIN,
  ackedAt: null,
  ledgerMark: 0,
  ...over,
});

describe('reality check due points', () => {
  it('is due one interval after the start, not before', () => {
    const s = state();
    expect(duePoint(s, s.start)).toBeNull();
    expect(duePoint(s, s.start + 5 * MIN - 1)).toBeNull();
    expect(duePoint(s, s.start + 5 * MIN)).toBe(s.start + 5 * MIN);
    expect(nextDuePoint(s, s.start)).toBe(s.start + 5 * MIN);
    expect(nextDuePoint(s, s.start + 5 * MIN)).toBe(s.start + 10 * MIN);
  });

  it('shows the newest due point once after a long absence, until answered', () => {
    const s = state();
    const now = s.start + 3 * 60 * MIN + 2 * MIN; // 3 h 2 min later
    expect(duePoint(s, now)).toBe(s.start + 36 * 5 * MIN);
    const answered = state({ ackedAt: now });
    expect(duePoint(answered, now)).toBeNull();
    expect(duePoint(answered, s.start + 37 * 5 * MIN)).toBe(s.start + 37 * 5 * MIN);
    expect(nextDuePoint(answered, now)).toBe(s.start + 37 * 5 * MIN);
  });

  it('an answer given before a due point does not cover it', () => {
    const s = state({ ackedAt: 1_000_000 + 5 * MIN + 30_000 });
    expect(duePoint(s, s.start + 9 * MIN)).toBeNull();
    expect(duePoint(s, s.start + 10 * MIN)).toBe(s.start + 10 * MIN);
  });
});
