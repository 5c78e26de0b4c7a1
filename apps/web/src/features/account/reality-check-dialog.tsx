import { SESSION_EVENTS } from '@coinsite/shared/session-events';
import { Clock3 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { formatCoins } from '../../lib/format.ts';
import { getSocket } from '../../lib/socket.ts';
import { Button } from '../../ui/button.tsx';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { AppDialog } from '../../ui/dialog.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { useRealityCheck } from './reality-check-store.ts';

/** Where "Take a break" goes: the cool-off of the Settings tab. */
export const TAKE_A_BREAK_PATH = '/profile?tab=settings#rg-cooloff';

/** 65 → "1 h 5 min", 45 → "45 min". */
export function formatPlayed(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

function clockTime(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/**
 * Issue 26 §8: the reality check. The server decides when it is due (its clock is the session's:
 * a reload or a new tab does not restart it) and sends it to every tab; an answer in one tab closes
 * it in all of them. Closing it any way is "Continue".
 */
export function RealityCheckDialog() {
  const logout = useAuthStore((s) => s.logout);
  const navigate = useNavigate();
  const view = useRealityCheck((s) => s.view);
  const setView = (next: null) => useRealityCheck.setState({ view: next });

  const answer = (then?: () => void) => {
    if (view) getSocket('chat').emit(SESSION_EVENTS.realityCheckAck, { dueAt: view.dueAt });
    setView(null);
    then?.();
  };

  const net = view?.net ?? 0;
  return (
    <AppDialog
      open={view !== null}
      onOpenChange={(open) => {
        if (!open) answer();
      }}
      title="Reality check"
      width="max-w-md"
      footer={
        <div className="grid grid-cols-1 gap-2 sm:flex sm:justify-end">
          <Button variant="ghost" className="order-3 sm:order-1" onClick={() => answer(() => void logout())}>
            Log out
          </Button>
          <Button
            variant="secondary"
            className="order-2"
            onClick={() => answer(() => void navigate(TAKE_A_BREAK_PATH))}
          >
            Take a break
          </Button>
          <Button className="order-1 sm:order-3" onClick={() => answer()}>
            Continue
          </Button>
        </div>
      }
    >
      {view ? (
        <div className="flex flex-col gap-4" data-testid="reality-check">
          <p className="flex items-start gap-2 text-sm text-ink-200">
            <Clock3 className="mt-0.5 h-4 w-4 shrink-0 text-accent-400" aria-hidden="true" />
            <span>
              You have been playing for{' '}
              <strong className="font-semibold text-white">{formatPlayed(view.minutesPlayed)}</strong>, since{' '}
              {clockTime(view.since)}.
            </span>
          </p>
          <dl className="grid grid-cols-2 gap-3">
            <div className="rounded-xl bg-ink-900/70 px-4 py-3 ring-1 ring-ink-700">
              <dt className="text-xs text-ink-400">Net result</dt>
              <dd
                className={cn(
                  'mt-1 flex items-center gap-1.5 text-lg font-bold tabular-nums',
                  net > 0 ? 'text-accent-400' : net < 0 ? 'text-red-400' : 'text-white',
                )}
                data-testid="reality-net"
              >
                <CoinIcon className="h-4 w-4" />
                {net > 0 ? '+' : net < 0 ? '−' : ''}
                {formatCoins(Math.abs(net))}
              </dd>
            </div>
            <div className="rounded-xl bg-ink-900/70 px-4 py-3 ring-1 ring-ink-700">
              <dt className="text-xs text-ink-400">Wagered</dt>
              <dd className="mt-1 flex items-center gap-1.5 text-lg font-bold text-white tabular-nums">
                <CoinIcon className="h-4 w-4" />
                {formatCoins(view.wagered)}
              </dd>
            </div>
          </dl>
          <p className="text-xs text-ink-400">
            This reminder comes every {formatPlayed(view.intervalMinutes)}. You can change it, or take a
            break, in Settings.
          </p>
        </div>
      ) : null}
    </AppDialog>
  );
}
