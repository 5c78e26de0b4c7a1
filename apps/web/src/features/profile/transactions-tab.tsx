import { useMemo, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { formatCoins } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { AppDialog } from '../../ui/dialog.tsx';
import { useTransactions } from './profile-api.ts';
import { formatDateTime } from './profile-format.ts';
import { CardFigure, FilterPills, HistoryList, InfoLine } from './table-parts.tsx';
import { filterTxs, type StatusTone, TX_FILTERS, type TxFilter, type TxRow, txRows } from './tx-rows.ts';

const COLUMNS = ['Event', 'Type', 'Time', 'Amount', 'Status', 'Action'] as const;
const SKELETON_ROWS = 9;
const CELL = 'px-3 py-2.5 whitespace-nowrap sm:px-4';

const STATUS_CLASSES: Record<StatusTone, string> = {
  grey: 'bg-ink-700/60 text-ink-300 ring-ink-600',
  orange: 'bg-orange-500/15 text-orange-300 ring-orange-500/30',
  red: 'bg-red-500/15 text-red-300 ring-red-500/30',
  green: 'bg-accent-500/15 text-accent-300 ring-accent-500/30',
  blue: 'bg-sky-500/15 text-sky-300 ring-sky-500/30',
  purple: 'bg-violet-500/15 text-violet-300 ring-violet-500/30',
};

function Status({ row }: { row: TxRow }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-md px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1',
        STATUS_CLASSES[row.statusTone],
      )}
    >
      {row.status}
    </span>
  );
}

function Amount({ row }: { row: TxRow }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 font-semibold tabular-nums',
        row.amountTone === 'green' ? 'text-accent-400' : 'text-red-400',
      )}
    >
      <CoinIcon className="h-3.5 w-3.5" />
      {formatCoins(row.amount)}
    </span>
  );
}

function Details({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="secondary" size="sm" onClick={onClick}>
      Details
    </Button>
  );
}

function TxLine({ row, onDetails }: { row: TxRow; onDetails: () => void }) {
  return (
    <tr data-testid="tx-row" className="border-t border-ink-800 transition hover:bg-ink-800/40">
      <td className={cn(CELL, 'font-semibold text-white')}>{row.event}</td>
      <td className={cn(CELL, 'text-ink-300')}>{row.type}</td>
      <td className={cn(CELL, 'text-ink-300')}>{formatDateTime(row.created)}</td>
      <td className={CELL}>
        <Amount row={row} />
      </td>
      <td className={CELL}>
        <Status row={row} />
      </td>
      <td className="px-3 py-2 text-right sm:px-4">
        <Details onClick={onDetails} />
      </td>
    </tr>
  );
}

function TxCard({ row, onDetails }: { row: TxRow; onDetails: () => void }) {
  return (
    <li data-testid="tx-row" className="flex flex-col gap-2.5 border-t border-ink-800 p-3 first:border-t-0">
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-white">
            {row.event} <span className="text-xs font-normal text-ink-400">· {row.type}</span>
          </p>
          <p className="text-xs text-ink-400">{formatDateTime(row.created)}</p>
        </div>
        <Details onClick={onDetails} />
      </div>
      <div className="grid grid-cols-2 gap-2">
        <CardFigure label="Amount">
          <Amount row={row} />
        </CardFigure>
        <CardFigure label="Status">
          <Status row={row} />
        </CardFigure>
      </div>
    </li>
  );
}

function TxInfoDialog({ row, onClose }: { row: TxRow | null; onClose: () => void }) {
  return (
    <AppDialog
      open={row !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Transaction Info"
      width="max-w-lg"
    >
      {row ? (
        <dl>
          <InfoLine label="Event">{row.event}</InfoLine>
          <InfoLine label="Type">{row.type}</InfoLine>
          <InfoLine label="Status">
            <Status row={row} />
          </InfoLine>
          <InfoLine label="Date">{formatDateTime(row.created)}</InfoLine>
          <InfoLine label="TxID">
            <span className="font-mono text-xs">{row.txid ?? '—'}</span>
          </InfoLine>
        </dl>
      ) : null}
    </AppDialog>
  );
}

/** The profile's Transactions tab: deposits, withdrawals and free coins in one list. */
export function TransactionsTab() {
  const query = useTransactions();
  const [filter, setFilter] = useState<TxFilter>('all');
  const [open, setOpen] = useState<TxRow | null>(null);
  const rows = useMemo(() => (query.data ? txRows(query.data) : []), [query.data]);
  return (
    <div className="flex flex-col gap-3">
      <FilterPills label="Filter transactions" options={TX_FILTERS} value={filter} onChange={setFilter} />
      <HistoryList
        columns={COLUMNS}
        rows={filterTxs(rows, filter)}
        pending={query.isPending}
        skeletonRows={SKELETON_ROWS}
        empty="No Transactions"
        testId="tx-table"
        rowKey={(row) => row.key}
        renderRow={(row) => <TxLine row={row} onDetails={() => setOpen(row)} />}
        renderCard={(row) => <TxCard row={row} onDetails={() => setOpen(row)} />}
      />
      <TxInfoDialog row={open} onClose={() => setOpen(null)} />
    </div>
  );
}
