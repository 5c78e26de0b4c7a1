import { ACCOUNT_EVENTS } from '@coinsite/shared/constants';
import { TX_STATE_LABELS, type TxsView } from '@coinsite/shared/schemas/cashier';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { cn } from '../../lib/cn.ts';
import { formatCoins, formatShortDate } from '../../lib/format.ts';
import { http } from '../../lib/http.ts';
import { onSocket } from '../../lib/socket.ts';

export const TXS_KEY = ['cashier', 'txs'] as const;

const STATE_COLORS: Record<number, string> = {
  1: 'text-orange-300 bg-orange-500/10 ring-orange-500/30',
  2: 'text-red-300 bg-red-500/10 ring-red-500/30',
  3: 'text-accent-300 bg-accent-500/10 ring-accent-500/30',
  4: 'text-sky-300 bg-sky-500/10 ring-sky-500/30',
};

/**
 * The player's last withdrawals with their state; it refreshes when the server tells the player
 * something (an admin's confirm or cancel arrives as notify-success / notify-info).
 */
export function RecentWithdrawals() {
  const client = useQueryClient();
  const txs = useQuery({ queryKey: TXS_KEY, queryFn: () => http.get<TxsView>('/user/txs'), retry: false });
  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: TXS_KEY });
    const offs = [
      onSocket('chat', ACCOUNT_EVENTS.notifySuccess, refresh),
      onSocket('chat', ACCOUNT_EVENTS.notifyInfo, refresh),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [client]);
  const rows = txs.data?.withdraws.slice(0, 5) ?? [];
  if (rows.length === 0) return null;
  return (
    <section aria-label="Your withdrawals" className="flex flex-col gap-1.5">
      <h3 className="text-[11px] font-bold tracking-wider text-ink-400 uppercase">Your withdrawals</h3>
      <ul className="divide-y divide-ink-700 rounded-lg bg-ink-950/50 ring-1 ring-ink-700">
        {rows.map((t) => (
          <li key={t._id} className="flex items-center justify-between gap-3 px-3 py-2 text-xs">
            <span className="min-w-0 truncate text-ink-300">
              {formatShortDate(t.created)} · {t.currency === 'CASH' ? 'CashApp' : t.currency}
            </span>
            <span className="flex items-center gap-2">
              <span className="font-mono font-semibold text-red-300 tabular-nums">
                -{formatCoins(t.siteValue)}
              </span>
              <span
                data-testid={`withdrawal-state-${t._id}`}
                className={cn(
                  'rounded-md px-1.5 py-0.5 font-semibold ring-1',
                  STATE_COLORS[t.state] ?? 'text-ink-300',
                )}
              >
                {TX_STATE_LABELS[t.state] ?? 'Unknown'}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
