import type { AdminTxView } from '@coinsite/shared/schemas/cashier';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { cn } from '../../lib/cn.ts';
import { errorText } from '../../lib/errors.ts';
import { http } from '../../lib/http.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { Button } from '../../ui/button.tsx';
import { AppDialog } from '../../ui/dialog.tsx';
import { Field } from '../../ui/input.tsx';
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

  // Confirm first asks for the payout's transaction id, which the audit log records (issue 28 item 14)
  const [confirming, setConfirming] = useState<AdminTxView | null>(null);

  async function act(tx: AdminTxView, kind: 'confirm' | 'cancel', txid?: string) {
    if (busy) return;
    setBusy(tx._id);
    try {
      await http.post(`/external/v1/transactions/${kind}/${tx._id}`, kind === 'confirm' ? { txid } : {});
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

  const onAction = (tx: AdminTxView, kind: 'confirm' | 'cancel') => {
    if (kind === 'confirm') setConfirming(tx);
    else void act(tx, kind);
  };

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
              <TxCard key={tx._id} tx={tx} busy={busy !== null} onAction={(kind) => onAction(tx, kind)} />
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
                <TxLine key={tx._id} tx={tx} busy={busy !== null} onAction={(kind) => onAction(tx, kind)} />
              ))}
            </tbody>
          </table>
        )}
      </ScrollArea>
      <ConfirmPayoutDialog
        tx={confirming}
        onClose={() => setConfirming(null)}
        onConfirm={(tx, txid) => {
          setConfirming(null);
          void act(tx, 'confirm', txid);
        }}
      />
    </div>
  );
}

/** Confirm a withdrawal: the id of the payout sent (on the chain, or Cash App's payment id). */
function ConfirmPayoutDialog({
  tx,
  onClose,
  onConfirm,
}: {
  tx: AdminTxView | null;
  onClose: () => void;
  onConfirm: (tx: AdminTxView, txid: string) => void;
}) {
  const [txid, setTxid] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (tx && txid.trim() !== '') onConfirm(tx, txid.trim());
  };
  return (
    <AppDialog
      open={tx !== null}
      onOpenChange={(open) => {
        if (open) return;
        setTxid('');
        onClose();
      }}
      title={tx ? `Confirm withdrawal ${tx._id}` : 'Confirm withdrawal'}
      description={
        tx
          ? `${tx._user.username} · ${tx.siteValue.toFixed(2)} coins · ${tx.currency}. Send the payout first, then record its transaction id here.`
          : undefined
      }
      width="max-w-md"
    >
      {tx ? (
        <form onSubmit={submit} className="flex flex-col gap-4">
          <Field
            label="Payout transaction id (txid)"
            value={txid}
            maxLength={200}
            autoComplete="off"
            onChange={(e) => setTxid(e.target.value)}
            placeholder={tx.currency === 'CASH' ? 'Cash App payment id' : 'Transaction hash'}
            autoFocus
          />
          <div className="grid grid-cols-2 gap-3">
            <Button variant="secondary" onClick={onClose}>
              Back
            </Button>
            <Button type="submit" disabled={txid.trim() === ''}>
              Confirm payout
            </Button>
          </div>
        </form>
      ) : null}
    </AppDialog>
  );
}
