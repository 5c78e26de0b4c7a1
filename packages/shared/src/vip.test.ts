import { describe, expect, it } from 'vitest';
import {
  levelForWagerCents,
  majorIndex,
  rakebackPercentage,
  VIP_LEVEL_COUNT,
  VIP_MAJOR_COLORS,
  VIP_MAJOR_NAMES,
  vipLevels,
  wagerNeededCents,
} from './vip.ts';

describe('VIP table (economy.md)', () => {
  it('has 500 levels with strictly increasing thresholds', () => {
    const levels = vipLevels();
    expect(levels).toHaveLength(VIP_LEVEL_COUNT);
    for (let k = 1; k < levels.length; k++) {
      const prev = levels[k - 1];
      const cur = levels[k];
      expect(cur?.wagerNeededCents).toBeGreaterThan(prev?.wagerNeededCents ?? Number.POSITIVE_INFINITY);
    }
  });

  it('level 1 needs 0 and pays 1.64%', () => {
    expect(wagerNeededCents(1)).toBe(0);
    expect(rakebackPercentage(1)).toBe(1.64);
  });

  it('level 10 needs 162.65', () => {
    expect(wagerNeededCents(10)).toBe(16_265);
  });

  it('level 100 needs 19,681 (rounded to whole coins) and pays 3.92%', () => {
    // The formula gives 19,680.68 coins; economy.md states it rounded to whole coins.
    expect(wagerNeededCents(100)).toBe(1_968_068);
    expect(Math.round(wagerNeededCents(100) / 100)).toBe(19_681);
    expect(rakebackPercentage(100)).toBe(3.92);
  });

  it('level 500 needs 500,001 (rounded to whole coins) and pays 20.00%', () => {
    // The formula gives 500,000.98 coins.
    expect(wagerNeededCents(500)).toBe(50_000_098);
    expect(Math.round(wagerNeededCents(500) / 100)).toBe(500_001);
    expect(rakebackPercentage(500)).toBe(20);
  });

  it('names the 12 major ranks every ~42 levels, each with a colour', () => {
    expect(VIP_MAJOR_NAMES).toHaveLength(12);
    expect(VIP_MAJOR_COLORS).toHaveLength(12);
    expect(vipLevels()[0]?.levelName).toBe('Beginner');
    expect(vipLevels()[499]?.levelName).toBe('Crown');
    expect(majorIndex(42)).toBe(0);
    expect(majorIndex(43)).toBe(1);
    expect(vipLevels()[9]?.name).toBe('10');
  });

  it('rejects levels outside 1..500', () => {
    expect(() => wagerNeededCents(0)).toThrow(RangeError);
    expect(() => wagerNeededCents(501)).toThrow(RangeError);
    expect(() => rakebackPercentage(1.5)).toThrow(RangeError);
  });
});

describe('levelForWagerCents', () => {
  it('starts at level 1 with progress 0', () => {
    const p = levelForWagerCents(0);
    expect(p).toMatchObject({ level: 1, levelName: 'Beginner', wagerNeededCents: 0, progress: 0 });
    expect(p.nextWagerNeededCents).toBe(wagerNeededCents(2));
  });

  it('reaches a level exactly at its threshold', () => {
    expect(levelForWagerCents(16_265).level).toBe(10);
    expect(levelForWagerCents(16_264).level).toBe(9);
  });

  it('reports progress between thresholds', () => {
    const lo = wagerNeededCents(100);
    const hi = wagerNeededCents(101);
    const p = levelForWagerCents(Math.round((lo + hi) / 2));
    expect(p.level).toBe(100);
    expect(p.progress).toBeGreaterThan(0.45);
    expect(p.progress).toBeLessThan(0.55);
  });

  it('is full at the top level', () => {
    const p = levelForWagerCents(60_000_000);
    expect(p).toMatchObject({ level: 500, levelName: 'Crown', nextWagerNeededCents: null, progress: 1 });
  });

  it('treats negative or non-finite wagers as 0', () => {
    expect(levelForWagerCents(-5).level).toBe(1);
    expect(levelForWagerCents(Number.NaN).level).toBe(1);
  });
});
