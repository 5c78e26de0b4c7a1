import { describe, expect, it } from 'vitest';
import { caseResultText } from './cases.ts';

describe('caseResultText (issue 28 item 9)', () => {
  it('a losing opening says what the item is worth against the price, without "won"', () => {
    expect(caseResultText('Paper Shuriken', 10, 250)).toBe(
      'You got Paper Shuriken worth 0.10 from a 2.50 case (−2.40).',
    );
  });
  it('a winning opening says the gain', () => {
    expect(caseResultText('Gold Bar', 12_345, 250)).toBe(
      'You won Gold Bar worth 123.45 from a 2.50 case (+120.95)!',
    );
    expect(caseResultText('Even', 250, 250)).toBe('You won Even worth 2.50 from a 2.50 case (+0.00)!');
  });
  it('a free case says what the item is worth', () => {
    expect(caseResultText('Sticker', 5, 0)).toBe('You won Sticker worth 0.05!');
  });
});
