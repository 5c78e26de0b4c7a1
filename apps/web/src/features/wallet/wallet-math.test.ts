import { describe, expect, it } from 'vitest';
import { applyWalletDelta } from './wallet-math.ts';

describe('applyWalletDelta', () => {
  it('never shows below 0 and truncates to 2 decimals; a stake adds to the wager', () => {
    expect(applyWalletDelta({ wallet: 10, wager: 0 }, -2.5)).toEqual({
      wallet: 7.5,
      wager: 2.5,
      owedCents: 0,
    });
    expect(applyWalletDelta({ wallet: 10, wager: 1 }, 3.456)).toEqual({
      wallet: 13.45,
      wager: 1,
      owedCents: 0,
    });
    expect(applyWalletDelta({ wallet: 1, wager: 0 }, -3)).toEqual({ wallet: 0, wager: 3, owedCents: 200 });
  });

  it('stakes announced before the held-back wins that paid for them: the wallet ends at the server balance', () => {
    // 100.00; six upgrades of 23.03 in instant mode, the 51.83 wins announced 5 s after their bets
    const deltas = [-23.03, -23.03, -23.03, -23.03, -23.03, 51.83, -23.03, 51.83, 51.83];
    let figures = { wallet: 100, wager: 0 };
    let owed = 0;
    for (const d of deltas) {
      const { owedCents, ...next } = applyWalletDelta(figures, d, owed);
      expect(next.wallet).toBeGreaterThanOrEqual(0);
      figures = next;
      owed = owedCents;
    }
    expect(figures.wallet).toBe(117.31);
    expect(owed).toBe(0);
    expect(figures.wager).toBe(138.18);
  });
});
