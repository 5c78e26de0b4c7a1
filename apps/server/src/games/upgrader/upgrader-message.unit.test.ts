import { describe, expect, it } from 'vitest';
import { upgraderWinMessage } from './upgrader.socket.ts';

describe('the upgrader win toast (issue 14 item 10)', () => {
  it('says what was credited and why it is less than the price on the card', () => {
    expect(upgraderWinMessage('Azure Pin', 118, 106)).toBe(
      'You won Azure Pin! 1.06 credited: 90% of its 1.18 price.',
    );
  });
});
