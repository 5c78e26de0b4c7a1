import { ACCOUNT_EVENTS } from '@coinsite/shared/constants';
import type { VipLevelView, VipView } from '@coinsite/shared/schemas/economy';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { REWARDS_TEXT } from '@coinsite/shared/schemas/economy';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { http } from '../../lib/http.ts';
import { onSocket } from '../../lib/socket.ts';
import { useAuthStore } from '../auth/auth-store.ts';

export const VIP_KEY = ['vip'] as const;

/** spec-2 §4: VIP info reloads about one second after the wallet changes. */
const RELOAD_AFTER_WALLET_MS = 1000;

/**
 * GET /vip/ while signed in. The server's wager also corrects the one the navigation's level bar
 * keeps from wallet events (those count every debit, the server only stakes).
 */
export function useVip() {
  const signedIn = useAuthStore((s) => s.isAuthenticated && s.user !== null);
  const client = useQueryClient();
  const query = useQuery({
    queryKey: VIP_KEY,
    queryFn: async () => {
      try {
        return await http.get<VipView>('/vip/');
      } catch (err) {
        // spec-1 §8: a toast (one, however many views asked and however often the load is retried)
        toast.error(REWARDS_TEXT.vipLoadFailed, { id: 'vip-load-failed' });
        throw err;
      }
    },
    enabled: signedIn,
    staleTime: 5_000,
  });
  const wager = query.data?.wager;
  useEffect(() => {
    if (wager !== undefined) useAuthStore.getState().patchUser({ wager });
  }, [wager]);
  useEffect(() => {
    if (!signedIn) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reload = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void client.invalidateQueries({ queryKey: VIP_KEY }), RELOAD_AFTER_WALLET_MS);
    };
    const offs = [
      onSocket('chat', ACCOUNT_EVENTS.updateWallet, reload),
      onSocket('chat', ACCOUNT_EVENTS.walletBalance, reload),
    ];
    return () => {
      for (const off of offs) off();
      clearTimeout(timer);
    };
  }, [signedIn, client]);
  return query;
}

/** Progress from the current level's threshold to the next one's; full at the top level. */
export function vipProgress(v: VipView): { value: number; remaining: number; next: VipLevelView | null } {
  const next = v.nextLevel ?? null;
  // the top level's next is itself
  if (!next || next.name === v.currentLevel.name) return { value: 1, remaining: 0, next: null };
  const span = next.wagerNeeded - v.currentLevel.wagerNeeded;
  const value = span > 0 ? (v.wager - v.currentLevel.wagerNeeded) / span : 1;
  return {
    value: Math.min(1, Math.max(0, value)),
    remaining: Math.max(0, Math.round((next.wagerNeeded - v.wager) * 100) / 100),
    next,
  };
}

/** The twelve major ranks with the levels each spans and its first rakeback percentage. */
export function majorRanks(v: VipView) {
  return v.majorLevelNames.map((name, i) => {
    const levels = v.allLevels.filter((l) => l.levelName === name);
    const first = levels[0];
    const last = levels[levels.length - 1];
    return {
      name,
      color: v.majorLevelColors[i] ?? '#9ca3af',
      from: first ? Number(first.name) : 0,
      to: last ? Number(last.name) : 0,
      wagerNeeded: first?.wagerNeeded ?? 0,
      rakeback: first?.rakebackPercentage ?? 0,
    };
  });
}
