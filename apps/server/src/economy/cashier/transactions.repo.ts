import type { AssetUrls } from '../../platform/assets.ts';
import { type AdminTxView, centsToCoins, type TxView } from '@coinsite/shared';
import type { Selectable } from 'kysely';
import type { Tx } from '../../platform/db-types.ts';
import { Errors } from '../../platform/errors.ts';
import type { Unit } from '../../platform/tx.ts';
import type { CashierTransactionsTable } from './cashier.tables.ts';

export type TxRow = Selectable<CashierTransactionsTable>;

export interface NewTx {
  userId: number;
  type: 'deposit' | 'withdraw';
  method: TxRow['method'];
  currency: string;
  sandbox: boolean;
  state: number;
  siteValue?: number;
  fee?: number;
  usdValue?: number;
  cryptoValue?: string | null;
  externalId?: string | null;
  address?: string | null;
  note?: string | null;
  txid?: string | null;
  confirmations?: number;
}

/** Inserts a transaction row stamped with the injected clock; returns its id. */
export async function insertTx(tx: Tx, now: Date, t: NewTx): Promise<number> {
  const row = await tx
    .insertInto('cashier_transactions')
    .values(txValues(now, t))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts unless a row with the same (method, external_id) exists (or is being inserted concurrently). */
export async function insertTxIfAbsent(tx: Tx, now: Date, t: NewTx): Promise<void> {
  await tx
    .insertInto('cashier_transactions')
    .values(txValues(now, t))
    .onConflict((oc) =>
      oc.columns(['method', 'external_id']).where('external_id', 'is not', null).doNothing(),
    )
    .execute();
}

function txValues(now: Date, t: NewTx) {
  return {
    user_id: t.userId,
    type: t.type,
    method: t.method,
    currency: t.currency,
    sandbox: t.sandbox,
    state: t.state,
    site_value: t.siteValue ?? 0,
    fee: t.fee ?? 0,
    usd_value: t.usdValue ?? 0,
    crypto_value: t.cryptoValue ?? null,
    external_id: t.externalId ?? null,
    address: t.address ?? null,
    note: t.note ?? null,
    txid: t.txid ?? null,
    confirmations: t.confirmations ?? 0,
    created_at: now,
    updated_at: now,
  };
}

/** Locks the user's row for the rest of the transaction: per-user cashier commands run one at a time. */
export async function lockUser(unit: Unit, userId: number): Promise<{ wager: number; balance: number }> {
  const row = await unit.tx
    .selectFrom('users')
    .select(['wager', 'balance'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw Errors.notFound('User not found.');
  return row;
}

export function txView(row: TxRow, requiredConfirmations?: number): TxView {
  const crypto =
    row.method === 'crypto' && row.type === 'deposit' && requiredConfirmations !== undefined
      ? {
          crypto: {
            amount: row.crypto_value === null ? '0' : String(row.crypto_value),
            confirmations: row.confirmations ?? 0,
            required: requiredConfirmations,
          },
        }
      : {};
  return {
    ...crypto,
    _id: String(row.id),
    type: row.type,
    currency: row.currency,
    siteValue: centsToCoins(row.site_value),
    state: row.state,
    // a gift card's external id is its code's hash: not something to show
    txid: row.txid ?? (row.method === 'giftcard' ? null : row.external_id),
    created: row.created_at.toISOString(),
  };
}

export function adminTxView(
  row: TxRow & { username: string; avatar: string },
  assets: AssetUrls,
): AdminTxView {
  return {
    ...txView(row),
    _user: { _id: String(row.user_id), username: row.username, avatar: assets.avatar(row.avatar) },
    usdValue: centsToCoins(row.usd_value),
    cryptoValue: row.crypto_value === null ? null : Number(row.crypto_value),
    address: row.address,
    method: row.method,
    reviewFlag: row.review_flag,
  };
}
