import { describe, expect, it } from 'vitest';
import { profitOf } from './profit.ts';

describe('profitOf: payout − stake, by its sign', () => {
  it('a 1.00 case returning 0.10 is a loss of 0.90, not a green +0.10', () => {
    expect(profitOf(1, 0.1)).toEqual({ cents: -90, tone: 'loss', text: '-0.90' });
  });
  it('a win shows what it added, a bust the whole stake, a push nothing', () => {
    expect(profitOf(2, 3.96)).toEqual({ cents: 196, tone: 'win', text: '+1.96' });
    expect(profitOf(2, 0)).toEqual({ cents: -200, tone: 'loss', text: '-2.00' });
    expect(profitOf(1.5, 1.5)).toEqual({ cents: 0, tone: 'even', text: '0.00' });
  });
  it('works in cents, so float sums never flip a sign', () => {
    expect(profitOf(0.3, 0.1 + 0.2).tone).toBe('even');
    expect(profitOf(1234.56, 2469.12).text).toBe('+1,234.56');
  });
});
