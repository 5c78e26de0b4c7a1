import { describe, expect, it } from 'vitest';
import { rouletteWinnerLabel } from './roulette-state.ts';

describe('rouletteWinnerLabel (spec-3 §3, issue 14 item 10)', () => {
  it('shows the three colours and INVALID for anything else', () => {
    expect(rouletteWinnerLabel('red')).toBe('red');
    expect(rouletteWinnerLabel('green')).toBe('green');
    expect(rouletteWinnerLabel('black')).toBe('black');
    expect(rouletteWinnerLabel('blue')).toBe('INVALID');
    expect(rouletteWinnerLabel(undefined)).toBe('INVALID');
    expect(rouletteWinnerLabel(null)).toBe('INVALID');
  });
});
