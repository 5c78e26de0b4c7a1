import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, readSettings } from '../../lib/game-settings.ts';
import { needsConfirm } from './confirm-rules.ts';
import { nextCaseCount } from './hotkeys.ts';

describe('bet confirmation rules', () => {
  it('asks above the fraction of the balance or above the fixed amount, never when both are off', () => {
    const half = { confirmFraction: 0.5, confirmAmount: 0 };
    expect(needsConfirm(500, 1000, half)).toBe(false);
    expect(needsConfirm(501, 1000, half)).toBe(true);
    expect(needsConfirm(10_001, null, { confirmFraction: 0, confirmAmount: 10_000 })).toBe(true);
    expect(needsConfirm(10_000, 1_000_000, { confirmFraction: 0, confirmAmount: 10_000 })).toBe(false);
    expect(needsConfirm(1_000_000, 1, { confirmFraction: 0, confirmAmount: 0 })).toBe(false);
    expect(needsConfirm(0, 1000, half)).toBe(false);
  });
});

describe('stored game settings', () => {
  it('fall back to the defaults (hotkeys off) on missing, broken or hand-edited values', () => {
    expect(readSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(readSettings('{not json')).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.hotkeys).toBe(false);
    const odd = readSettings(
      JSON.stringify({
        hotkeys: 'yes',
        volume: 7,
        confirmAmount: -3,
        instant: { dice: true, crash: true, mines: 1 },
      }),
    );
    expect(odd).toMatchObject({ hotkeys: false, volume: 1, confirmAmount: 0, instant: { dice: true } });
    expect(Object.keys(odd.instant)).toEqual(['dice']);
    expect(readSettings(JSON.stringify({ muted: true, volume: 0.3 }))).toMatchObject({
      muted: true,
      volume: 0.3,
    });
  });
});

describe('case page hotkeys', () => {
  it('S halves, D doubles (at most the 4 cases a page opens) and A goes back to one case', () => {
    expect([1, 2, 3, 4].map((n) => nextCaseCount(n, 'double', 4))).toEqual([2, 4, 4, 4]);
    expect([1, 2, 3, 4].map((n) => nextCaseCount(n, 'half', 4))).toEqual([1, 1, 1, 2]);
    expect([1, 2, 3, 4].map((n) => nextCaseCount(n, 'reset', 4))).toEqual([1, 1, 1, 1]);
  });
});
