import { describe, expect, it } from 'vitest';
import { formatCountdown, rainText } from './rain.ts';

describe('rain countdown', () => {
  it('shows m:ss, rounding a part of a second up', () => {
    expect(formatCountdown(120_000)).toBe('2:00');
    expect(formatCountdown(119_001)).toBe('2:00');
    expect(formatCountdown(119_000)).toBe('1:59');
    expect(formatCountdown(65_000)).toBe('1:05');
    expect(formatCountdown(9_000)).toBe('0:09');
    expect(formatCountdown(30 * 60_000)).toBe('30:00');
  });

  it('never goes below 0:00', () => {
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5_000)).toBe('0:00');
  });
});

describe('rain texts', () => {
  it('shows amounts in coins', () => {
    expect(rainText.levelRequired(2)).toBe(
      'You need to reach level 2 or verify your identity to join the rain.',
    );
    expect(rainText.wagerRequired(500)).toBe('You need to wager at least 5.00 coins to join the rain.');
    expect(rainText.tipRange(100, 10_000)).toBe('Rain tips must be between 1.00 and 100.00.');
    expect(rainText.tipped(250)).toBe('You added 2.50 coins to the rain!');
  });
});
