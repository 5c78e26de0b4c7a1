import type { AdminTxView } from '@coinsite/shared/schemas/cashier';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { cn } from '../../lib/cn.ts';
import { errorText } from '../../lib/errors.ts';
import { http } from '../../lib/http.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { Button } from '../../ui/button.tsx';
import { ADMIN_KEYS, useAdminTransactions } from './admin-api.ts';
import { FilterChips } from '../../ui/filter-chips.tsx';
import { PanelMessage, ScrollArea } from './panel-parts.tsx';
import { actionsFor, TX_COLUMNS, TxCard, TxLine } from './tx-rows.tsx';

/** Below Tailwind's sm the table turns into cards. */
const PHONE_QUERY = '(max-width: 639px)';

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Needs action' },
  { value: 'deposit', label: 'Deposits' },
  { value: 'withdraw', label: 'Withdraws' },
] as const;
type Filter = (typeof FILTERS)[number]['value'];

function matches(tx: AdminTxView, filter: Filter): boolean {
  if (filter === 'all') return true;
  if (filter === 'open') {
    const a = actionsFor(tx);
    return a.confirm || a.cancel;
  }
  return tx.type === filter;
}

/** Cashier transactions, newest first, with confirm and cancel on the ones waiting for an admin. */
export function TransactionsPanel() {
  const query = useAdminTransactions();
  const client = useQueryClient();
  const [filter, setFilter] = useState<Filter>('all');
  const [busy, setBusy] = useState<string | null>(null);
  const phone = useMediaQuery(PHONE_QUERY);

  async function act(tx: AdminTxView, kind: 'confirm' | 'cancel') {
    if (busy) return;
    setBusy(tx._id);
    try {
      await http.post(`/external/v1/transactions/${kind}/${tx._id}`);
      // the spec's texts, spelling included
      toast.success(
        kind === 'confirm'
          ? `Succesfully confirmed transaction ${tx._id}!`
          : `Succesfully cancel transaction ${tx._id}!`,
      );
    } catch (err) {
      const why = errorText(err, 'unknown error');
      toast.error(
        kind === 'confirm'
          ? `There was an error confirming transaction: ${why}`
          : `There was an error canceling transaction: ${why}`,
      );
    } finally {
      setBusy(null);
      await client.invalidateQueries({ queryKey: ADMIN_KEYS.transactions });
    }
  }

  if (query.isPending) return <PanelMessage loading />;
  if (query.isError)
    return <PanelMessage>{errorText(query.error, 'Could not load the transactions.')}</PanelMessage>;
  const rows = query.data.filter((tx) => matches(tx, filter));
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <FilterChips
          label="Filter transactions"
          layout="wrap"
          options={FILTERS}
          value={filter}
          onChange={setFilter}
        />
        <Button variant="ghost" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RefreshCw
            className={cn('h-3.5 w-3.5', query.isFetching ? 'animate-spin' : '')}
            aria-hidden="true"
          />
          Reload
        </Button>
      </div>
      <ScrollArea>
        {rows.length === 0 ? (
          <PanelMessage>No transactions.</PanelMessage>
        ) : phone ? (
          <ul>
            {rows.map((tx) => (
              <TxCard key={tx._id} tx={tx} busy={busy !== null} onAction={(kind) => void act(tx, kind)} />
            ))}
          </ul>
        ) : (
          <table className="w-full min-w-[52rem] text-left text-sm">
            <thead className="sticky top-0 z-10 bg-ink-850 text-[11px] tracking-wide text-ink-400 uppercase">
              <tr>
                {TX_COLUMNS.map((h) => (
                  <th key={h} scope="col" className="px-3 py-2.5 font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((tx) => (
                <TxLine key={tx._id} tx={tx} busy={busy !== null} onAction={(kind) => void act(tx, kind)} />
              ))}
            </tbody>
          </table>
        )}
      </ScrollArea>
    </div>
  );
}
