import { AsyncLocalStorage } from 'node:async_hooks';
import { type RawBuilder, sql } from 'kysely';
import type { Tx } from './db-types.ts';

/**
 * Fencing of the leader's writes (issue 26 item 9). A leader loop's step runs inside `runFenced`
 * with the lease term its node leads under; every transaction it opens (inTransaction, so every
 * wallet movement) first takes the lease row FOR KEY SHARE and checks the term. A node that became
 * leader bumps the term after locking that row FOR UPDATE, which waits for such transactions in
 * flight; after it, a stalled old leader's transaction finds another term and rolls back (`Fenced`).
 * So no write of a deposed leader lands after its successor took over, whatever the old node
 * believes. (KEY SHARE, not SHARE: the leader's heartbeat renewal, a plain UPDATE of the row, does not
 * wait for its own loop transactions, however long one of them waits on a player's row.)
 *
 * The transaction also gets an idle-in-transaction timeout of the lease bound: an old leader frozen
 * in the middle of one (a paused process) would otherwise hold the row and keep the successor's
 * term bump waiting; PostgreSQL ends that session instead.
 */
interface Fence {
  term: number;
  leaseMs: number;
}

const current = new AsyncLocalStorage<Fence>();

export class Fenced extends Error {
  constructor(term: number, found: number | undefined) {
    super(`leader term ${term} is over (the lease is at ${found ?? 'none'}): this node no longer leads`);
    this.name = 'Fenced';
  }
}

/** Runs fn with its transactions fenced by `term` (none when term is null: the embedded database). */
export function runFenced<T>(term: number | null, leaseMs: number, fn: () => Promise<T>): Promise<T> {
  if (term === null) return fn();
  return current.run({ term, leaseMs }, fn);
}

/** The term the running code is fenced by, if any. */
export function fencedTerm(): number | null {
  return current.getStore()?.term ?? null;
}

/** Called first in every transaction: inside a fenced step, checks (and holds) the lease term. */
export async function fenceTransaction(tx: Tx): Promise<void> {
  const fence = current.getStore();
  if (!fence) return;
  await sql`SELECT set_config('idle_in_transaction_session_timeout', ${String(fence.leaseMs)}, true)`.execute(
    tx,
  );
  const row = await tx
    .selectFrom('leader_lease')
    .select('term')
    .where('id', '=', 1)
    .forKeyShare()
    .executeTakeFirst();
  if (row?.term !== fence.term) throw new Fenced(fence.term, row?.term);
}

/**
 * For a single autocommit statement of a fenced step (no transaction to check in): a condition that
 * holds only while the lease is still at the step's term; true outside a fenced step.
 */
export function leaseHeld(): RawBuilder<boolean> {
  const term = fencedTerm();
  if (term === null) return sql<boolean>`true`;
  return sql<boolean>`exists (select 1 from leader_lease where id = 1 and term = ${term})`;
}
