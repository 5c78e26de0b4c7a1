/**
 * npm run ledger:check — verifies balance = sum of ledger deltas for every user.
 * Uses the same DATABASE_URL / DATA_DIR as the server. Exits 1 on any mismatch.
 */
import { formatCents } from '@coinsite/shared';
import { loadConfig } from './config.ts';
import { openDatabase } from './db.ts';
import { findLedgerMismatches } from './ledger.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
try {
  const users = await database.db
    .selectFrom('users')
    .select(database.db.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  const mismatches = await findLedgerMismatches(database.db);
  for (const m of mismatches) {
    console.error(
      `user ${m.userId}: balance ${formatCents(m.balance)} but ledger sums to ${formatCents(m.ledgerSum)}`,
    );
  }
  console.log(`ledger:check: ${users?.n ?? 0} users, ${mismatches.length} mismatches`);
  process.exitCode = mismatches.length === 0 ? 0 : 1;
} finally {
  await database.close();
}
