import { type ReactNode, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { Button } from '../../ui/button.tsx';
import { FilterChips } from '../../ui/filter-chips.tsx';

/** The scrolling frame of a history table (30rem high at most, spec-2 §2). */
function TableFrame({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div
      data-testid={testId}
      className="max-h-[30rem] overflow-auto rounded-xl bg-ink-950/40 ring-1 ring-ink-700"
    >
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm">{children}</table>
    </div>
  );
}

function HeadRow({ columns }: { columns: readonly string[] }) {
  return (
    <thead className="sticky top-0 z-10 bg-ink-850">
      <tr>
        {columns.map((c, i) => (
          <th
            key={c}
            scope="col"
            className={cn(
              'px-3 py-3 text-[11px] sm:px-4 font-semibold tracking-wide whitespace-nowrap text-ink-400 uppercase',
              i === columns.length - 1 ? 'text-right' : '',
            )}
          >
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** Stable keys for placeholder cells (they never reorder). */
const ids = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

/** Pulsing placeholder rows while a list loads. */
function SkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  const cells = ids(columns, 'c');
  return (
    <tbody aria-hidden="true">
      {ids(rows, 'r').map((row, r) => (
        <tr key={row} data-testid="skeleton-row" className="border-t border-ink-800">
          {cells.map((cell, c) => (
            <td key={cell} className="px-3 py-3.5 sm:px-4">
              <span
                className="block h-3.5 animate-pulse rounded bg-ink-700/70"
                style={{ width: `${45 + ((r * 7 + c * 13) % 40)}%` }}
              />
            </td>
          ))}
        </tr>
      ))}
    </tbody>
  );
}

function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tbody>
      <tr>
        <td colSpan={columns} className="px-4 py-14 text-center text-sm font-semibold text-ink-400">
          {children}
        </td>
      </tr>
    </tbody>
  );
}

/** A label/value line of a details dialog; long values (seeds, ids) wrap. */
export function InfoLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-ink-700/60 py-2.5 last:border-b-0 sm:flex-row sm:items-baseline sm:gap-4">
      <dt className="w-36 shrink-0 text-xs font-semibold tracking-wide text-ink-400 uppercase">{label}</dt>
      <dd className="min-w-0 text-sm break-all text-white">{children}</dd>
    </div>
  );
}

/** Below Tailwind's sm a six-column table does not fit: the rows become cards. */
const PHONE_QUERY = '(max-width: 639px)';

function SkeletonCards({ rows }: { rows: number }) {
  return (
    <ul aria-hidden="true">
      {ids(rows, 'k').map((id) => (
        <li
          key={id}
          data-testid="skeleton-row"
          className="flex flex-col gap-2 border-t border-ink-800 p-3 first:border-t-0"
        >
          <span className="block h-3.5 w-1/3 animate-pulse rounded bg-ink-700/70" />
          <span className="block h-3 w-3/4 animate-pulse rounded bg-ink-700/50" />
        </li>
      ))}
    </ul>
  );
}

interface HistoryListProps<T> {
  columns: readonly string[];
  rows: readonly T[];
  pending: boolean;
  skeletonRows: number;
  empty: string;
  testId: string;
  rowKey: (row: T) => string;
  /** A table row (<tr>) with one cell per column. */
  renderRow: (row: T) => ReactNode;
  /** The same row as a card (<li>) for a phone. */
  renderCard: (row: T) => ReactNode;
}

/** A history list: a table on wider screens, cards on a phone; skeletons while loading. */
export function HistoryList<T>(props: HistoryListProps<T>) {
  const phone = useMediaQuery(PHONE_QUERY);
  const { columns, rows, pending, skeletonRows, empty, testId } = props;
  if (phone) {
    return (
      <div
        data-testid={testId}
        className="max-h-[30rem] overflow-auto rounded-xl bg-ink-950/40 ring-1 ring-ink-700"
      >
        {pending ? (
          <SkeletonCards rows={skeletonRows} />
        ) : rows.length === 0 ? (
          <p className="px-4 py-14 text-center text-sm font-semibold text-ink-400">{empty}</p>
        ) : (
          <ul>
            {rows.map((row) => (
              <Keyed key={props.rowKey(row)}>{props.renderCard(row)}</Keyed>
            ))}
          </ul>
        )}
      </div>
    );
  }
  return (
    <TableFrame testId={testId}>
      <HeadRow columns={columns} />
      {pending ? (
        <SkeletonRows rows={skeletonRows} columns={columns.length} />
      ) : rows.length === 0 ? (
        <EmptyRow columns={columns.length}>{empty}</EmptyRow>
      ) : (
        <tbody>
          {rows.map((row) => (
            <Keyed key={props.rowKey(row)}>{props.renderRow(row)}</Keyed>
          ))}
        </tbody>
      )}
    </TableFrame>
  );
}

/** Lets a render callback's element carry the list key. */
function Keyed({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

/** One labelled figure of a history card. */
export function CardFigure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <p className="text-[10px] font-semibold tracking-wide text-ink-400 uppercase">{label}</p>
      <div className="mt-0.5 text-sm">{children}</div>
    </div>
  );
}

/** spec-2 §9: nine skeleton rows while a history loads. */
const SKELETON_ROWS = 9;
const CELL = 'px-3 py-2.5 whitespace-nowrap sm:px-4';

/** A cell of a history row; `strong` for the row's name. */
export function Cell({
  strong = false,
  muted = false,
  children,
}: {
  strong?: boolean;
  muted?: boolean;
  children: ReactNode;
}) {
  return (
    <td className={cn(CELL, strong && 'font-semibold text-white', muted && 'text-ink-300')}>{children}</td>
  );
}

function DetailsButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="secondary" size="sm" onClick={onClick}>
      Details
    </Button>
  );
}

/** A history table row: its cells, then the Details button. */
export function HistoryRow({
  testId,
  onDetails,
  children,
}: {
  testId: string;
  onDetails: () => void;
  children: ReactNode;
}) {
  return (
    <tr data-testid={testId} className="border-t border-ink-800 transition hover:bg-ink-800/40">
      {children}
      <td className="px-3 py-2 text-right sm:px-4">
        <DetailsButton onClick={onDetails} />
      </td>
    </tr>
  );
}

/** The same row as a phone card: title and time beside Details, then its figures (CardFigure). */
export function HistoryCard({
  testId,
  title,
  time,
  onDetails,
  figures,
  children,
}: {
  testId: string;
  title: ReactNode;
  time: string;
  onDetails: () => void;
  figures: 2 | 3;
  children: ReactNode;
}) {
  return (
    <li data-testid={testId} className="flex flex-col gap-2.5 border-t border-ink-800 p-3 first:border-t-0">
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-white">{title}</p>
          <p className="text-xs text-ink-400">{time}</p>
        </div>
        <DetailsButton onClick={onDetails} />
      </div>
      <div className={cn('grid gap-2', figures === 3 ? 'grid-cols-3' : 'grid-cols-2')}>{children}</div>
    </li>
  );
}

/**
 * A profile history tab: filter chips over the list (table or cards), each row's Details opening
 * the tab's dialog.
 */
export function FilteredHistory<T extends { key: string }, F extends string>(props: {
  rows: T[];
  pending: boolean;
  filterLabel: string;
  filters: ReadonlyArray<{ value: F; label: string }>;
  keep: (rows: T[], filter: F) => T[];
  columns: readonly string[];
  empty: string;
  testId: string;
  renderRow: (row: T, onDetails: () => void) => ReactNode;
  renderCard: (row: T, onDetails: () => void) => ReactNode;
  renderDialog: (row: T | null, onClose: () => void) => ReactNode;
}) {
  const [filter, setFilter] = useState<F>('all' as F);
  const [open, setOpen] = useState<T | null>(null);
  return (
    <div className="flex flex-col gap-3">
      <FilterChips label={props.filterLabel} options={props.filters} value={filter} onChange={setFilter} />
      <HistoryList
        columns={props.columns}
        rows={props.keep(props.rows, filter)}
        pending={props.pending}
        skeletonRows={SKELETON_ROWS}
        empty={props.empty}
        testId={props.testId}
        rowKey={(row) => row.key}
        renderRow={(row) => props.renderRow(row, () => setOpen(row))}
        renderCard={(row) => props.renderCard(row, () => setOpen(row))}
      />
      {props.renderDialog(open, () => setOpen(null))}
    </div>
  );
}
