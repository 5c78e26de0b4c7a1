import { TX_STATE_LABELS, type TxsView } from '@coinsite/shared/schemas/cashier';

export const TX_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'deposits', label: 'Deposits' },
  { value: 'withdraws', label: 'Withdraws' },
  { value: 'free', label: 'Free' },
] as const;

export type TxFilter = (typeof TX_FILTERS)[number]['value'];

export type StatusTone = 'grey' | 'orange' | 'red' | 'green' | 'blue' | 'purple';

export interface TxRow {
  key: string;
  kind: 'deposit' | 'withdraw' | 'free';
  event: string;
  type: string;
  created: string;
  /** Coins, always positive; the sign is the colour. */
  amount: number;
  amountTone: 'green' | 'red';
  status: string;
  statusTone: StatusTone;
  /** The chain or provider id; a free entry's ledger id. */
  txid: string | null;
}

/** Colours of the cashier states (the admin list's: pending orange, declined red, …). */
const STATE_TONES: Record<number, StatusTone> = {
  0: 'grey',
  1: 'orange',
  2: 'red',
  3: 'green',
  4: 'blue',
  5: 'purple',
  6: 'grey',
};

/** Free entries that took coins away (spec-2 §4: shown in red). */
const OUTGOING_FREE = new Set(['sent-tip', 'rain-tip']);

/** 'affiliate-bonus' → 'Affiliate Bonus' */
export function actionLabel(action: string): string {
  return action
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** Cashier currencies as a person reads them (crypto tickers stay as they are). */
const TYPE_LABELS: Record<string, string> = {
  CASH: 'CashApp',
  CASHAPP: 'CashApp',
  CARD: 'Card',
  GIFTCARD: 'Gift Card',
  SKINS: 'Skins',
};

/** The three lists of GET /user/txs as one list, newest first. */
export function txRows(txs: TxsView): TxRow[] {
  const cashier =
    (kind: 'deposit' | 'withdraw') =>
    (t: TxsView['deposits'][number]): TxRow => ({
      key: `${kind}:${t._id}`,
      kind,
      event: kind === 'deposit' ? 'Deposit' : 'Withdraw',
      type: TYPE_LABELS[t.currency.toUpperCase()] ?? t.currency.toUpperCase(),
      created: t.created,
      amount: Math.abs(t.siteValue),
      amountTone: kind === 'deposit' ? 'green' : 'red',
      // a detected crypto deposit says how far it is: Pending · 3/8 confirmations (issue 14 item 14)
      status:
        t.crypto && t.state === 1
          ? `${TX_STATE_LABELS[t.state] ?? 'Pending'} · ${t.crypto.confirmations}/${t.crypto.required} confirmations`
          : (TX_STATE_LABELS[t.state] ?? `State ${t.state}`),
      statusTone: STATE_TONES[t.state] ?? 'grey',
      txid: t.txid,
    });
  const rows: TxRow[] = [
    ...txs.deposits.map(cashier('deposit')),
    ...txs.withdraws.map(cashier('withdraw')),
    ...txs.free.map(
      (f): TxRow => ({
        key: `free:${f._id}`,
        kind: 'free',
        event: actionLabel(f.action),
        type: 'Free',
        created: f.created,
        amount: Math.abs(f.amount),
        amountTone: OUTGOING_FREE.has(f.action) ? 'red' : 'green',
        status: 'Completed',
        statusTone: 'green',
        txid: f._id,
      }),
    ),
  ];
  return rows.sort((a, b) => Date.parse(b.created) - Date.parse(a.created));
}

export function filterTxs(rows: TxRow[], filter: TxFilter): TxRow[] {
  if (filter === 'all') return rows;
  const kind = filter === 'deposits' ? 'deposit' : filter === 'withdraws' ? 'withdraw' : 'free';
  return rows.filter((r) => r.kind === kind);
}
