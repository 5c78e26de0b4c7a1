import { describe, expect, it } from 'vitest';
import { formatXp, formatXpOf, xpOfCoins } from './xp.ts';

describe('XP, the one level unit (issue 14 item 15)', () => {
  it('is one XP per 0.01 coins wagered', () => {
    expect(xpOfCoins(8.39)).toBe(839);
    expect(formatXp(8.39)).toBe('839 XP');
    expect(formatXpOf(0, 18)).toBe('0 / 1,800 XP');
  });
});
