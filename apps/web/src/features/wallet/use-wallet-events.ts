import { ACCOUNT_EVENTS } from '@coinsite/shared/constants';
import { useEffect } from 'react';
import { onSocket } from '../../lib/socket.ts';
import { playSound } from '../../lib/sounds.ts';
import { useAuthStore } from '../auth/auth-store.ts';
import { applyWalletDelta } from './wallet-math.ts';

/** `update-wallet` arrives on /chat only (PROTOCOL §3): one event per balance change. */
export function useWalletEvents(): void {
  useEffect(
    () =>
      onSocket('chat', ACCOUNT_EVENTS.updateWallet, (amount) => {
        const delta = typeof amount === 'number' ? amount : Number(amount);
        if (!Number.isFinite(delta) || delta === 0) return;
        const { user, patchUser } = useAuthStore.getState();
        if (!user) return;
        patchUser(applyWalletDelta({ wallet: user.wallet, wager: user.wager }, delta));
        if (delta > 0) playSound('win');
      }),
    [],
  );
}
