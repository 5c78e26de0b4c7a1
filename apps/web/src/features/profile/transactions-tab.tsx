import { useMemo } from 'react';
import { cn } from '../../lib/cn.ts';
import { formatCoins } from '../../lib/format.ts';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { AppDialog } from '../../ui/dialog.tsx';
import { useTransactions } from './profile-api.ts';
import { formatDateTime } from './profile-format.ts';
import { CardFigure, Cell, FilteredHistory, HistoryCard, HistoryRow, InfoLine } from './table-parts.tsx';
import { filterTxs, type StatusTone, TX_FILTERS, type TxRow, txRows } from './tx-rows.ts';

const COLUMNS = ['Event', 'Type', 'Time', 'Amount', 'Status', 'Action'] as const;

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

function TxLine({ row, onDetails }: { row: TxRow; onDetails: () => void }) {
  return (
    <HistoryRow testId="tx-row" onDetails={onDetails}>
      <Cell strong>{row.event}</Cell>
      <Cell muted>{row.type}</Cell>
      <Cell muted>{formatDateTime(row.created)}</Cell>
      <Cell>
        <Amount row={row} />
      </Cell>
      <Cell>
        <Status row={row} />
      </Cell>
    </HistoryRow>
  );
}

function TxCard({ row, onDetails }: { row: TxRow; onDetails: () => void }) {
  const title = (
    <>
      {row.event} <span className="text-xs font-normal text-ink-400">· {row.type}</span>
    </>
  );
  return (
    <HistoryCard
      testId="tx-row"
      title={title}
      time={formatDateTime(row.created)}
      onDetails={onDetails}
      figures={2}
    >
      <CardFigure label="Amount">
        <Amount row={row} />
      </CardFigure>
      <CardFigure label="Status">
        <Status row={row} />
      </CardFigure>
    </HistoryCard>
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
  const rows = useMemo(() => (query.data ? txRows(query.data) : []), [query.data]);
  return (
    <FilteredHistory
      rows={rows}
      pending={query.isPending}
      filterLabel="Filter transactions"
      filters={TX_FILTERS}
      keep={filterTxs}
      columns={COLUMNS}
      empty="No Transactions"
      testId="tx-table"
      renderRow={(row, onDetails) => <TxLine row={row} onDetails={onDetails} />}
      renderCard={(row, onDetails) => <TxCard row={row} onDetails={onDetails} />}
      renderDialog={(row, onClose) => <TxInfoDialog row={row} onClose={onClose} />}
    />
  );
}
