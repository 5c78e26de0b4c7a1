import type { Kysely } from 'kysely';
import type { DB, Tx } from './db-types.ts';
import { fenceTransaction } from './fence.ts';

/** A unit of work: the transaction plus what to do once it has committed (socket events, mail). */
export interface Unit {
  tx: Tx;
  afterCommit(fn: () => void): void;
}

const RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock

/**
 * Runs one command in one transaction; retries serialization failures and deadlocks a few times;
 * runs the after-commit callbacks only when the commit succeeded. Inside a leader loop's step the
 * transaction first checks the leader lease's term (platform/fence.ts), so a deposed leader's
 * transaction writes nothing.
 */
export async function inTransaction<T>(db: Kysely<DB>, fn: (unit: Unit) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const hooks: Array<() => void> = [];
    try {
      const result = await db.transaction().execute(async (tx) => {
        await fenceTransaction(tx);
        return fn({ tx, afterCommit: (h) => hooks.push(h) });
      });
      for (const hook of hooks) {
        try {
          hook();
        } catch {
          // an after-commit notification must never undo or fail a committed command
        }
      }
      return result;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code && RETRYABLE.has(code) && attempt < 5) continue;
      throw err;
    }
  }
}

export function pgErrorCode(err: unknown): string | undefined {
  return (err as { code?: string } | null)?.code;
}
