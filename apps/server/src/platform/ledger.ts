import { sql, type Kysely } from 'kysely';
import type { DB } from './db-types.ts';

export interface LedgerMismatch {
  userId: number;
  balance: number;
  ledgerSum: number;
}

/** Every user whose balance differs from the sum of their ledger deltas (should be none). */
export async function findLedgerMismatches(db: Kysely<DB>): Promise<LedgerMismatch[]> {
  const res = await sql<{ id: number; balance: number; ledger_sum: number }>`
    SELECT u.id, u.balance, COALESCE(l.total, 0)::bigint AS ledger_sum
    FROM users u
    LEFT JOIN (SELECT user_id, SUM(delta) AS total FROM ledger_entries GROUP BY user_id) l ON l.user_id = u.id
    WHERE u.balance <> COALESCE(l.total, 0)
    ORDER BY u.id`.execute(db);
  return res.rows.map((r) => ({ userId: r.id, balance: r.balance, ledgerSum: Number(r.ledger_sum) }));
}
