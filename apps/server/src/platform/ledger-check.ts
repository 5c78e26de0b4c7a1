/**
 * npm run ledger:check — verifies balance = sum of ledger deltas for every user, and that no
 * refunded stake kept rake (rakeback, affiliate cut, referral wager; ledger.ts).
 * Uses the same DATABASE_URL / DATA_DIR as the server. Exits 1 on any problem.
 */
import { loadConfig } from './config.ts';
import { openDatabase } from './db.ts';
import { checkLedger, ledgerReport } from './ledger.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
try {
  const report = ledgerReport(await checkLedger(database.db));
  for (const line of report.problems) console.error(line);
  console.log(report.summary);
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await database.close();
}
