import { describe, expect, it } from 'vitest';
import { segmentAt, stopRotation } from './wheel-math.ts';

describe('the wheel stops on the segment the server drew', () => {
  it('for every segment, any start and any nudge', () => {
    for (const segments of [10, 20, 30, 40, 50]) {
      for (let segment = 0; segment < segments; segment++) {
        for (const from of [0, 123.4, 7200 + 17, -90]) {
          for (const nudge of [-1, 0, 1]) {
            const to = stopRotation(from, segment, segments, 5, nudge);
            expect(to).toBeGreaterThanOrEqual(from + 5 * 360);
            expect(to).toBeLessThan(from + 6 * 360);
            expect(segmentAt(to, segments)).toBe(segment);
          }
        }
      }
    }
  });
});
