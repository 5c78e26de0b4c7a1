import { randomBytes } from 'node:crypto';
import { CRYPTO_META, type CryptoCurrency } from '@coinsite/shared';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db-types.ts';
import { type ChainWatcher, parseUnits } from './watcher.ts';

/**
 * The sandbox chain: one table of transfers and one height per currency. An admin (or a test)
 * sends a transfer to any address (it waits in the "mempool"), then mines blocks; a transfer's
 * confirmations are height − its block + 1, exactly what a real indexer reports.
 */
export function sandboxWatcher(db: Kysely<DB>, currency: CryptoCurrency): ChainWatcher {
  return {
    currency,
    sandbox: true,
    async transfersTo(addresses) {
      if (addresses.length === 0) return [];
      const tip = await tipOf(db, currency);
      const rows = await db
        .selectFrom('sandbox_chain_txs')
        .select(['txid', 'address', 'amount', 'block_height'])
        .where('currency', '=', currency)
        .where('address', 'in', addresses)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        currency,
        txid: r.txid,
        index: 0,
        address: r.address,
        amount: BigInt(r.amount),
        confirmations: r.block_height === null ? 0 : tip - r.block_height + 1,
      }));
    },
  };
}

async function tipOf(db: Kysely<DB>, currency: string): Promise<number> {
  const row = await db
    .selectFrom('sandbox_chain')
    .select('height')
    .where('currency', '=', currency)
    .executeTakeFirst();
  return row?.height ?? 0;
}

export class SandboxChainError extends Error {}

/** Puts a transfer in the mempool; returns its txid. */
export async function sandboxSend(
  db: Kysely<DB>,
  currency: CryptoCurrency,
  address: string,
  amountText: string,
): Promise<{ txid: string; amount: bigint }> {
  const amount = parseUnits(amountText, CRYPTO_META[currency].decimals);
  if (amount === null || amount <= 0n)
    throw new SandboxChainError(
      `Amount must be positive with at most ${CRYPTO_META[currency].decimals} decimals.`,
    );
  const txid = randomBytes(32).toString('hex');
  await db
    .insertInto('sandbox_chain_txs')
    .values({ currency, txid, address, amount: amount.toString() })
    .execute();
  return { txid, amount };
}

/** Mines n blocks: the mempool goes into the first one. Returns the new height. */
export async function sandboxMine(db: Kysely<DB>, currency: CryptoCurrency, blocks: number): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const row = await sql<{ height: number }>`
      INSERT INTO sandbox_chain (currency, height) VALUES (${currency}, ${blocks})
      ON CONFLICT (currency) DO UPDATE SET height = sandbox_chain.height + ${blocks}
      RETURNING height`.execute(tx);
    const height = Number(row.rows[0]?.height ?? 0);
    const first = height - blocks + 1;
    await tx
      .updateTable('sandbox_chain_txs')
      .set({ block_height: first })
      .where('currency', '=', currency)
      .where('block_height', 'is', null)
      .execute();
    return height;
  });
}
