import { ACCOUNT_EVENTS } from '@coinsite/shared/constants';
import { useEffect } from 'react';
import { onSocket } from '../../lib/socket.ts';
import { playSound } from '../../lib/sounds.ts';
import { useAuthStore } from '../auth/auth-store.ts';
import { applyWalletDelta, balanceOf } from './wallet-math.ts';

/**
 * Both arrive on /chat only (PROTOCOL §3): `update-wallet` (a delta) for most changes, and
 * `wallet-balance {balance}` (absolute) after the calls whose answer reports the change (coupon,
 * gift card, affiliate code and claim, rakeback, withdrawal). The wallet never adds those answers
 * itself, so every tab shows the same balance.
 */
export function useWalletEvents(): void {
  useEffect(() => {
    /** What stakes took beyond the shown wallet while wins were held back (see applyWalletDelta). */
    let owed = { userId: '', cents: 0 };
    const offDelta = onSocket('chat', ACCOUNT_EVENTS.updateWallet, (amount) => {
      const delta = typeof amount === 'number' ? amount : Number(amount);
      if (!Number.isFinite(delta) || delta === 0) return;
      const { user, patchUser } = useAuthStore.getState();
      if (!user) return;
      const before = owed.userId === user._id ? owed.cents : 0;
      const { owedCents, ...figures } = applyWalletDelta(
        { wallet: user.wallet, wager: user.wager },
        delta,
        before,
      );
      owed = { userId: user._id, cents: owedCents };
      patchUser(figures);
      if (delta > 0) playSound('win');
    });
    const offBalance = onSocket('chat', ACCOUNT_EVENTS.walletBalance, (payload) => {
      const balance = balanceOf(payload);
      const { user, patchUser } = useAuthStore.getState();
      if (!user || balance === null) return;
      owed = { userId: user._id, cents: 0 }; // the server's balance, without the wins held back
      if (balance > user.wallet) playSound('win');
      patchUser({ wallet: balance });
    });
    return () => {
      offDelta();
      offBalance();
    };
  }, []);
}
