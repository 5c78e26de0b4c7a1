import {
  CRYPTO_CURRENCIES,
  CRYPTO_META,
  type CryptoAddressesView,
  type CryptoCurrency,
  TX_STATE,
  usdCentsToCoinCents,
} from '@coinsite/shared';
import QRCode from 'qrcode';
import type { AddressKind } from '../../integrations/crypto/derive.ts';
import { formatUnits, type ObservedTransfer, usdCentsOf } from '../../integrations/crypto/watcher.ts';
import { inTransaction } from '../../platform/tx.ts';
import type { Cashier } from './cashier.context.ts';
import { completeDeposit, now, requireDeposits } from './deposits.service.ts';
import { insertTxIfAbsent } from './transactions.repo.ts';

const KINDS: AddressKind[] = ['btc', 'ltc', 'doge', 'evm', 'sol'];
const qrCache = new Map<string, string>();

async function qrOf(address: string): Promise<string> {
  const hit = qrCache.get(address);
  if (hit) return hit;
  const url = await QRCode.toDataURL(address, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
  if (qrCache.size > 5000) qrCache.clear();
  qrCache.set(address, url);
  return url;
}

/** The user's deposit addresses (derived and stored on first request) with QR images. */
export async function depositAddresses(cashier: Cashier, userId: number): Promise<CryptoAddressesView> {
  await requireDeposits(cashier);
  const db = cashier.ctx.db;
  let rows = await db.selectFrom('crypto_addresses').selectAll().where('user_id', '=', userId).execute();
  if (rows.length < KINDS.length) {
    await db
      .insertInto('crypto_addresses')
      .values(
        KINDS.map((kind) => ({
          user_id: userId,
          kind,
          derivation_index: userId,
          address: cashier.crypto.addressFor(kind, userId),
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'kind']).doNothing())
      .execute();
    rows = await db.selectFrom('crypto_addresses').selectAll().where('user_id', '=', userId).execute();
  }
  const byKind = new Map(rows.map((r) => [r.kind, r.address]));
  const view = {} as CryptoAddressesView;
  for (const currency of CRYPTO_CURRENCIES) {
    const address = byKind.get(CRYPTO_META[currency].addressKind) ?? '';
    view[currency] = { address, dataUrl: await qrOf(address) };
  }
  return view;
}

/**
 * One watcher pass: every transfer to one of our addresses becomes a pending deposit (state 1) the
 * first time it is seen, its confirmations are kept up to date, and at the configured depth it is
 * credited once at the configured rate (key deposit:crypto:<currency>:<txid>:<index>). Returns how
 * many deposits were credited.
 */
export async function scanChains(
  cashier: Cashier,
  currencies: readonly CryptoCurrency[] = CRYPTO_CURRENCIES,
) {
  let credited = 0;
  for (const currency of currencies) {
    const kind = CRYPTO_META[currency].addressKind;
    const rows = await cashier.ctx.db
      .selectFrom('crypto_addresses')
      .select(['user_id', 'address'])
      .where('kind', '=', kind)
      .execute();
    if (rows.length === 0) continue;
    const owner = new Map(rows.map((r) => [r.address.toLowerCase(), r.user_id]));
    let transfers: ObservedTransfer[];
    try {
      transfers = await cashier.crypto.watchers[currency].transfersTo(rows.map((r) => r.address));
    } catch (err) {
      cashier.ctx.log.warn({ err, currency }, 'chain watcher failed; will retry');
      continue;
    }
    for (const t of transfers) {
      const userId = owner.get(t.address.toLowerCase());
      if (userId === undefined) continue;
      try {
        if (await recordTransfer(cashier, userId, t)) credited++;
      } catch (err) {
        // one bad transfer must not stop the others; the next pass retries it
        cashier.ctx.log.error({ err, currency, txid: t.txid }, 'could not record a crypto deposit');
      }
    }
  }
  return credited;
}

async function recordTransfer(cashier: Cashier, userId: number, t: ObservedTransfer): Promise<boolean> {
  const meta = CRYPTO_META[t.currency];
  const externalId = `${t.currency}:${t.txid}:${t.index}`;
  const required = cashier.config.CRYPTO_CONFIRMATIONS;
  return inTransaction(cashier.ctx.db, async (unit) => {
    // first sighting: record it as pending (a concurrent pass inserting the same payment waits, then skips)
    await insertTxIfAbsent(unit.tx, now(cashier), {
      userId,
      type: 'deposit',
      method: 'crypto',
      currency: meta.symbol,
      sandbox: cashier.crypto.watchers[t.currency].sandbox,
      state: TX_STATE.pending,
      externalId,
      address: t.address,
      txid: t.txid,
      confirmations: t.confirmations,
      cryptoValue: formatUnits(t.amount, meta.decimals),
    });
    const tx = await unit.tx
      .selectFrom('cashier_transactions')
      .selectAll()
      .where('method', '=', 'crypto')
      .where('external_id', '=', externalId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (tx.state !== TX_STATE.pending || tx.user_id !== userId) return false;
    if (t.confirmations < required) {
      if (tx.confirmations !== t.confirmations)
        await unit.tx
          .updateTable('cashier_transactions')
          .set({ confirmations: t.confirmations, txid: t.txid, updated_at: now(cashier) })
          .where('id', '=', tx.id)
          .execute();
      return false;
    }
    // the rate at the moment of credit is what the player gets (economy.md: "at the configured rate")
    const usdCents = usdCentsOf(t.amount, meta.decimals, cashier.config.rates[t.currency]);
    if (usdCents <= 0) {
      // dust worth less than a cent cannot be credited; it is closed as declined
      await unit.tx
        .updateTable('cashier_transactions')
        .set({
          state: TX_STATE.declined,
          confirmations: t.confirmations,
          txid: t.txid,
          updated_at: now(cashier),
        })
        .where('id', '=', tx.id)
        .execute();
      return false;
    }
    const done = await completeDeposit(cashier, unit, tx.id, {
      siteValue: usdCentsToCoinCents(usdCents),
      usdValue: usdCents,
      txid: t.txid,
      confirmations: t.confirmations,
      notify: true,
    });
    return done !== null;
  });
}
