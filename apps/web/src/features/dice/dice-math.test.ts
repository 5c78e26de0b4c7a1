import { DICE_TARGET_MAX, diceMultiplier, diceTargetError } from '@coinsite/shared/fairness';
import { describe, expect, it } from 'vitest';
import { clampTarget, diceMaxValidTarget, diceRangeHint } from './dice-math.ts';

describe('dice slider bound (issue 14 item 5)', () => {
  it('stops at 98.99 at a 1 % edge: 99.00 would pay exactly the stake', () => {
    expect(diceMaxValidTarget(1)).toBe(9899);
    expect(diceMultiplier(9899, 1)).toBe(10_001);
    expect(diceTargetError(9900, 1)).not.toBeNull();
  });

  it('follows the edge: lower edges reach further, none beyond 99.90', () => {
    expect(diceMaxValidTarget(2)).toBe(9799);
    expect(diceMaxValidTarget(0.5)).toBe(9949);
    expect(diceMaxValidTarget(0)).toBe(DICE_TARGET_MAX);
    for (const edge of [0, 0.5, 1, 2, 5]) {
      const max = diceMaxValidTarget(edge);
      expect(diceTargetError(max, edge)).toBeNull();
      if (max < DICE_TARGET_MAX) expect(diceTargetError(max + 1, edge)).not.toBeNull();
    }
  });

  it('says the range and its reason', () => {
    expect(diceRangeHint(1)).toEqual({
      min: 10,
      max: 9899,
      text: 'Roll under 0.10 to 98.99: above 98.99 a win would pay back no more than the stake at the 1% house edge.',
    });
    expect(diceRangeHint(0).text).toBe('Roll under 0.10 to 99.90.');
  });

  it('clamps what is dragged or typed into that range (default 1 % edge)', () => {
    expect(clampTarget(9990)).toBe(9899);
    expect(clampTarget(1)).toBe(10);
    expect(clampTarget(Number.NaN)).toBe(5000);
  });
});
