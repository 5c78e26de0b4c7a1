import { ACCOUNT_EVENTS } from '@coinsite/shared/constants';
import { useEffect } from 'react';
import { afterReveal } from '../../lib/reveal-hold.ts';
import { onSocket } from '../../lib/socket.ts';
import { calmSound, playSound } from '../../lib/sounds.ts';
import { useAuthStore } from '../auth/auth-store.ts';
import { applyWalletDelta, balanceOf } from './wallet-math.ts';
import { holdGain, owedBy, releaseGain, setOwed, shownBalance, walletEventHeard } from './wallet-sync.ts';

/**
 * Both arrive on /chat only (PROTOCOL §3): `update-wallet` (a delta) for most changes, and
 * `wallet-balance {balance}` (absolute) after the calls whose answer reports the change (coupon,
 * gift card, affiliate code and claim, rakeback, withdrawal). The wallet never adds those answers
 * itself, so every tab shows the same balance.
 */
export function useWalletEvents(): void {
  useEffect(() => {
    /** The win chime, at a calm pace only: a turbo autobet wins about 12 times a second. */
    const winChime = calmSound('win');
    const apply = (delta: number) => {
      const { user, patchUser } = useAuthStore.getState();
      // before the user has loaded: its load is asked again, and its answer has this change
      if (!user) return;
      const { owedCents, ...figures } = applyWalletDelta(
        { wallet: user.wallet, wager: user.wager },
        delta,
        owedBy(user._id),
      );
      setOwed(user._id, owedCents);
      patchUser(figures);
      if (delta > 0) winChime();
    };
    const offDelta = onSocket('chat', ACCOUNT_EVENTS.updateWallet, (amount) => {
      walletEventHeard();
      const delta = typeof amount === 'number' ? amount : Number(amount);
      if (!Number.isFinite(delta) || delta === 0) return;
      if (delta < 0) {
        apply(delta); // a stake shows at once: the player made it
        return;
      }
      // a gain waits for the animation that reveals it (issue 28 item 5)
      const cents = Math.round(delta * 100);
      holdGain(cents);
      afterReveal(null, () => {
        releaseGain(cents);
        apply(delta);
      });
    });
    const offBalance = onSocket('chat', ACCOUNT_EVENTS.walletBalance, (payload) => {
      walletEventHeard();
      const server = balanceOf(payload);
      const { user, patchUser } = useAuthStore.getState();
      if (!user || server === null) return;
      // gains still held for an animation are added when it ends: never twice
      const balance = shownBalance(user._id, server);
      if (balance > user.wallet) playSound('win');
      patchUser({ wallet: balance });
    });
    return () => {
      offDelta();
      offBalance();
    };
  }, []);
}
