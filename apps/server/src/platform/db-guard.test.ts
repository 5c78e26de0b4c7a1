import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPglite } from '../test-support/pglite-template.ts';
import { createPgDatabase, EVERY_DB } from '../test-support/server.ts';
import { type Database, OUTSIDE_TRANSACTION_MESSAGE, openDatabase } from './db.ts';
import { inTransaction } from './tx.ts';

/**
 * The database module's one rule for every feature (db.ts, refuseInsideTransaction): inside a
 * transaction's callback, a statement that asks the pool for a second connection is refused at once,
 * on PGlite (where it used to wait forever) and on PostgreSQL (where it used to pass unnoticed).
 */
describe.each(EVERY_DB)('a second connection inside a transaction, on %s', (kind) => {
  let database: Database;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'coinsite-guard-'));
    if (kind === 'postgres') {
      const pgDb = await createPgDatabase();
      database = await openDatabase({ url: pgDb.url, dataDir, poolSize: 4 });
      cleanup = async () => {
        await database.close();
        await pgDb.drop();
        rmSync(dataDir, { recursive: true, force: true });
      };
    } else {
      await seedPglite(dataDir);
      database = await openDatabase({ dataDir });
      cleanup = async () => {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      };
    }
    await sql`CREATE TABLE guard_probe (n int)`.execute(database.db);
  });
  afterAll(() => cleanup?.());

  const count = async () =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM guard_probe`.execute(database.db)).rows[0]?.n);

  it('refuses a pool query, a nested transaction and a raw pool call, and the transaction rolls back', async () => {
    const before = await count();
    // each asks the pool (not the transaction) for a connection
    const attempts: Array<[string, () => Promise<unknown>]> = [
      ['a query on ctx.db', () => sql`SELECT 1`.execute(database.db)],
      ['a nested transaction', () => inTransaction(database.db, () => Promise.resolve(1))],
      ['pool.query', () => database.pool.query('SELECT 1')],
      ['the bet statement pool', () => database.hotPool.query('SELECT 1')],
    ];
    for (const [what, attempt] of attempts) {
      const started = Date.now();
      const outcome = await inTransaction(database.db, async ({ tx }) => {
        await sql`INSERT INTO guard_probe VALUES (1)`.execute(tx);
        await attempt();
        return 'committed';
      }).catch((err: Error) => err.message);
      expect(outcome, what).toBe(OUTSIDE_TRANSACTION_MESSAGE);
      // refused at once, not after a pool timeout
      expect(Date.now() - started, what).toBeLessThan(5_000);
    }
    expect(await count()).toBe(before);
  });

  it('lets the transaction use its own connection, and work it started run after the commit', async () => {
    const before = await count();
    let later: Promise<number> | undefined;
    await inTransaction(database.db, async ({ tx, afterCommit }) => {
      await sql`INSERT INTO guard_probe VALUES (2)`.execute(tx);
      // work started inside and not awaited waits for the commit, then connects as any other caller
      later = new Promise<void>((resolve) => afterCommit(resolve)).then(() => count());
    });
    expect(await later).toBe(before + 1);
    // the pool is still whole: a plain query and a new transaction both work
    expect(await count()).toBe(before + 1);
    await inTransaction(database.db, ({ tx }) => sql`DELETE FROM guard_probe WHERE n = 2`.execute(tx));
    expect(await count()).toBe(before);
  });
});
