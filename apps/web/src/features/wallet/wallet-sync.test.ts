import { describe, expect, it } from 'vitest';
import { applyWalletDelta } from './wallet-math.ts';
import {
  holdGain,
  owedBy,
  releaseGain,
  setOwed,
  shownBalance,
  walletEventHeard,
  walletEventsHeard,
} from './wallet-sync.ts';

describe('the wallet between its events and an absolute balance', () => {
  it('counts every event, before a user has loaded too', () => {
    const before = walletEventsHeard();
    walletEventHeard();
    walletEventHeard();
    expect(walletEventsHeard()).toBe(before + 2);
  });

  it('a loaded balance leaves out the gains held for an animation, which then land once', () => {
    // the server says 12.00, of which a 5.00 win is still being revealed on this screen
    holdGain(500);
    const shown = shownBalance('u1', 12);
    expect(shown).toBe(7);
    expect(owedBy('u1')).toBe(0);
    // the animation ends: the held win is added, and the wallet is the server's balance
    releaseGain(500);
    const after = applyWalletDelta({ wallet: shown, wager: 0 }, 5, owedBy('u1'));
    expect(after.wallet).toBe(12);
  });

  it('stakes paid by held wins are owed, and the wins pay them back first', () => {
    // a 3.00 win held, then stakes took the server to 1.00: the screen shows 0 and owes 2.00
    holdGain(300);
    expect(shownBalance('u2', 1)).toBe(0);
    expect(owedBy('u2')).toBe(200);
    releaseGain(300);
    const after = applyWalletDelta({ wallet: 0, wager: 0 }, 3, owedBy('u2'));
    expect(after).toMatchObject({ wallet: 1, owedCents: 0 });
    setOwed('u2', after.owedCents);
    // another player's owed amount is not theirs
    expect(owedBy('u3')).toBe(0);
  });
});
