import { describe, expect, it } from 'vitest';
import { CALM_GAP_MS, nextPace, type Pace } from './use-calm.ts';

describe('the pace of changes (motion only at a calm pace)', () => {
  const start: Pace = { key: 'a', at: Number.NEGATIVE_INFINITY, calm: true };

  it('the first change is calm; a change sooner than the gap is busy; a pause makes it calm again', () => {
    let p = nextPace(start, 'b', 10_000);
    expect(p.calm).toBe(true);
    p = nextPace(p, 'c', 10_000 + CALM_GAP_MS - 1);
    expect(p.calm).toBe(false);
    // a turbo run: a change every 70 ms stays busy
    for (let i = 1; i <= 20; i++) {
      p = nextPace(p, `t${i}`, 11_000 + i * 70);
      expect(p.calm).toBe(false);
    }
    p = nextPace(p, 'after a pause', 11_000 + 20 * 70 + CALM_GAP_MS);
    expect(p.calm).toBe(true);
  });

  it('the same key again (a re-render) changes nothing', () => {
    const p = nextPace(start, 'b', 5_000);
    expect(nextPace(p, 'b', 5_010)).toBe(p);
    expect(nextPace(p, 'b', 99_999)).toBe(p);
  });
});
