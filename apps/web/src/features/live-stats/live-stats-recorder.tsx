import { useEffect } from 'react';
import { lazyPage } from '../../app/lazy.tsx';
import { onSocket } from '../../lib/socket.ts';
import { useAuthStore } from '../auth/auth-store.ts';
import { useLiveStats } from './live-stats-store.ts';

// the panel is its own chunk, loaded the first time a player opens it
const LiveStatsPanel = lazyPage(() => import('./live-stats-panel.tsx'), 'LiveStatsPanel', null);

/** The feed's socket event (the same frames the live feed shows: features/live-feed). */
const LIVE_BETS = 'live-bets';

type FeedBet = { id: string; game: string; amount: number; payout: number; user: { id: string } };
const isFeedBet = (b: unknown): b is FeedBet => {
  const v = b as FeedBet;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.id === 'string' &&
    typeof v.game === 'string' &&
    typeof v.amount === 'number' &&
    typeof v.payout === 'number' &&
    typeof v.user?.id === 'string'
  );
};

/**
 * Counts the player's settled bets into the live stats (every page, panel open or not): they come
 * with the live feed's frames, which carry each bet's stake and payout, whatever the game. Renders
 * the panel when it is open, on whatever page the player is.
 */
export function LiveStats() {
  const me = useAuthStore((s) => s.user?._id ?? null);
  const open = useLiveStats((s) => s.open);
  useEffect(() => {
    if (!me) return;
    return onSocket('chat', LIVE_BETS, (raw) => {
      if (!Array.isArray(raw)) return;
      const mine = raw.filter((b): b is FeedBet => isFeedBet(b) && b.user.id === me);
      if (mine.length === 0) return;
      useLiveStats.getState().record(
        mine.map((b) => ({
          id: b.id,
          game: b.game,
          stake: Math.round(b.amount * 100),
          payout: Math.round(b.payout * 100),
        })),
      );
    });
  }, [me]);
  return open && me ? <LiveStatsPanel /> : null;
}
