import { describe, expect, test } from 'vitest';
import { plinkoBetPayload } from './plinko.ts';
import { wheelBetPayload } from './wheel.ts';

const message = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.error?.issues[0]?.message;

describe('plinko:bet and wheel:bet payloads', () => {
  test('plinko: rows 8..16 (a number or its digits), the three risks, an optional instant flag', () => {
    expect(plinkoBetPayload.parse([{ amount: 1, risk: 'low', rows: 8 }])).toEqual([
      { amount: 1, risk: 'low', rows: 8 },
    ]);
    expect(plinkoBetPayload.parse([{ amount: '0.50', risk: 'high', rows: '16', instant: true }])).toEqual([
      { amount: 0.5, risk: 'high', rows: 16, instant: true },
    ]);
    for (const rows of [7, 17, 8.5, '1e1', null]) {
      expect(message(plinkoBetPayload.safeParse([{ amount: 1, risk: 'low', rows }]))).toMatch(/8 to 16/);
    }
    expect(message(plinkoBetPayload.safeParse([{ amount: 1, risk: 'extreme', rows: 8 }]))).toMatch(
      /low, medium or high/,
    );
    expect(plinkoBetPayload.safeParse([{ amount: 1, risk: 'low', rows: 8, instant: 'yes' }]).success).toBe(
      false,
    );
  });

  test('wheel: 10, 20, 30, 40 or 50 segments and the three risks', () => {
    expect(wheelBetPayload.parse([{ amount: 2, risk: 'medium', segments: '30' }])).toEqual([
      { amount: 2, risk: 'medium', segments: 30 },
    ]);
    for (const segments of [0, 15, 60, 10.5, 'ten']) {
      expect(message(wheelBetPayload.safeParse([{ amount: 1, risk: 'low', segments }]))).toMatch(
        /10, 20, 30, 40 or 50/,
      );
    }
    expect(message(wheelBetPayload.safeParse([{ amount: 1, risk: 'HIGH', segments: 10 }]))).toMatch(
      /low, medium or high/,
    );
  });
});
