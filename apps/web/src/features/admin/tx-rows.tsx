import type { AdminTxView } from '@coinsite/shared/schemas/cashier';
import { cn } from '../../lib/cn.ts';
import { formatCoins } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';

/** spec-2 §4: 1 Pending orange, 2 Declined red, 3 Completed green, 4 Manual blue. */
const STATES: Record<number, { label: string; className: string }> = {
  0: { label: 'Not Started', className: 'bg-ink-700/60 text-ink-300 ring-ink-600' },
  1: { label: 'Pending', className: 'bg-orange-500/15 text-orange-300 ring-orange-500/30' },
  2: { label: 'Declined', className: 'bg-red-500/15 text-red-300 ring-red-500/30' },
  3: { label: 'Completed', className: 'bg-accent-500/15 text-accent-300 ring-accent-500/30' },
  4: { label: 'Manual', className: 'bg-sky-500/15 text-sky-300 ring-sky-500/30' },
  5: { label: 'Refunded', className: 'bg-violet-500/15 text-violet-300 ring-violet-500/30' },
  6: { label: 'Canceled', className: 'bg-ink-700/60 text-ink-300 ring-ink-600' },
};

/** What the server lets an admin do with a row (withdrawals: confirm or cancel; open deposits: cancel). */
export function actionsFor(tx: AdminTxView): { confirm: boolean; cancel: boolean } {
  if (tx.type === 'withdraw') {
    const open = tx.state === 1 || tx.state === 4;
    return { confirm: open, cancel: open };
  }
  return { confirm: false, cancel: tx.state === 0 || tx.state === 1 };
}

export const TX_COLUMNS = ['ID', 'User', 'Type', 'Amount', 'State', 'Date', ''] as const;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

export interface TxRowProps {
  tx: AdminTxView;
  busy: boolean;
  onAction: (kind: 'confirm' | 'cancel') => void;
}

function StateChip({ state }: { state: number }) {
  const s = STATES[state] ?? { label: `State ${state}`, className: 'bg-ink-700 text-ink-300 ring-ink-600' };
  return (
    <span
      className={cn(
        'inline-flex rounded-md px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1',
        s.className,
      )}
    >
      {s.label}
    </span>
  );
}

function Actions({ tx, busy, onAction }: TxRowProps) {
  const actions = actionsFor(tx);
  return (
    <div className="flex shrink-0 justify-end gap-1.5">
      {actions.confirm ? (
        <Button size="sm" disabled={busy} onClick={() => onAction('confirm')}>
          Confirm
        </Button>
      ) : null}
      {actions.cancel ? (
        <Button size="sm" variant="danger" disabled={busy} onClick={() => onAction('cancel')}>
          Cancel
        </Button>
      ) : null}
    </div>
  );
}

/** Coins, their dollar value, the crypto amount and the payout address. */
function Amount({ tx }: { tx: AdminTxView }) {
  return (
    <div className="min-w-0 tabular-nums">
      <p className="font-semibold text-white">{formatCoins(tx.siteValue)}</p>
      <p className="text-xs text-ink-400">
        ${formatCoins(tx.usdValue)}
        {tx.cryptoValue === null ? '' : ` · ${tx.cryptoValue} ${tx.currency.toUpperCase()}`}
      </p>
      {tx.address ? (
        <p className="max-w-48 truncate font-mono text-[11px] text-ink-400" title={tx.address}>
          {tx.address}
        </p>
      ) : null}
    </div>
  );
}

/** A table row (tablet and desktop). */
export function TxLine(props: TxRowProps) {
  const { tx } = props;
  return (
    <tr data-testid="admin-tx" className="border-t border-ink-800 align-middle">
      <td className="px-3 py-2.5 font-mono text-xs text-ink-300">{tx._id}</td>
      <td className="px-3 py-2.5">
        <p className="font-semibold text-white">{tx._user.username}</p>
        <p className="text-xs text-ink-400">UID {tx._user._id}</p>
      </td>
      <td className="px-3 py-2.5 text-ink-200 capitalize">
        {tx.type}
        <p className="text-xs text-ink-400 normal-case">
          {tx.method} · {tx.currency.toUpperCase()}
        </p>
      </td>
      <td className="px-3 py-2.5">
        <Amount tx={tx} />
      </td>
      <td className="px-3 py-2.5">
        <StateChip state={tx.state} />
      </td>
      <td className="px-3 py-2.5 text-xs whitespace-nowrap text-ink-300">{when(tx.created)}</td>
      <td className="px-3 py-2">
        <Actions {...props} />
      </td>
    </tr>
  );
}

/** A phone has no room for the table: one card per transaction. */
export function TxCard(props: TxRowProps) {
  const { tx } = props;
  return (
    <li data-testid="admin-tx" className="flex flex-col gap-2 border-t border-ink-800 p-3 first:border-t-0">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-semibold text-white">
            <span className="mr-1.5 font-mono text-xs text-ink-400">{tx._id}</span>
            {tx._user.username}
          </p>
          <p className="text-xs text-ink-400">
            <span className="capitalize">{tx.type}</span> · {tx.method} · {tx.currency.toUpperCase()} ·{' '}
            {when(tx.created)}
          </p>
        </div>
        <StateChip state={tx.state} />
      </div>
      <div className="flex items-end justify-between gap-3">
        <Amount tx={tx} />
        <Actions {...props} />
      </div>
    </li>
  );
}
