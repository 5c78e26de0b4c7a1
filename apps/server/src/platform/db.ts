import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { parseCents } from '@coinsite/shared';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { DB } from './db-types.ts';

// int8 → JS number, refusing anything outside the safe-integer range (money is BIGINT cents).
pg.types.setTypeParser(20, (v: string) => parseCents(v));

export interface Database {
  db: Kysely<DB>;
  pool: pg.Pool;
  /**
   * Connections for the bet statement alone, run as a named prepared statement with the generic
   * plan forced (measured: +12 % over letting the planner try custom plans). Only a statement whose
   * text holds its constants may run here: a generic plan cannot match partial indexes to
   * parameters. On PGlite it is the one pool.
   */
  hotPool: pg.Pool;
  /** 'pglite': one embedded process, one connection; this process is always the leader. */
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * A pooled connection the server ends (a failover, pg_terminate_backend, a restart) emits 'error'.
 * pg-pool listens only while the connection is idle (then drops it and re-emits on the pool); a
 * connection checked out (by Kysely, between two statements of a transaction, or by the bet statement)
 * has no listener, and an 'error' event without one is an uncaught exception that ends the process.
 * Every connection gets a listener for its whole life: the statement in flight fails with the error
 * (the HTTP layer retries a read, answers a write 503), the next one on that connection fails with
 * "not queryable", and the pool discards the connection when it is released and opens a new one.
 */
function watchConnectionErrors(pool: pg.Pool, name: string, log: Logger | undefined): void {
  const report = (err: Error) =>
    log?.warn(
      { pool: name, err: { message: err.message, code: (err as { code?: string }).code } },
      'database connection lost',
    );
  pool.on('connect', (client) => {
    client.on('error', report);
    // A backend terminated while a statement runs answers that statement with a FATAL error, then
    // closes the socket. The statement's caller releases the connection before the close arrives, and
    // pg-pool would hand it to the next request, which would fail too: end it now, so the pool
    // discards it on release.
    client.connection.on('errorMessage', (msg: Error & { severity?: string }) => {
      if (msg.severity !== 'FATAL' && msg.severity !== 'PANIC') return;
      report(msg);
      client.end().catch(() => {});
    });
  });
  // the pool re-emits the error of an idle connection after removing it; the listener above reported it
  pool.on('error', () => {});
}

/** The transaction whose callback is running in this async context; `open` until it commits or rolls back. */
const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

export const OUTSIDE_TRANSACTION_MESSAGE =
  'A query asked for a second connection inside a transaction: run it on the transaction (unit.tx)';

/**
 * One rule for every feature: inside a transaction's callback, every statement runs on that
 * transaction. A statement on the pool (`ctx.db`, a cache read, a nested transaction) asks for a
 * second connection while holding one: on PGlite, one connection, it waits forever for the
 * transaction that asks; on PostgreSQL it holds two connections per request and can starve the pool
 * under load (and sees none of the transaction's writes). Such a request is refused at once, on both
 * databases, so the integration tests on PostgreSQL catch what only hung on PGlite
 * (docs/decisions/testing.md, "One database per integration file").
 */
function refuseInsideTransaction(pool: pg.Pool): void {
  type Callback = (err: Error | undefined, ...rest: unknown[]) => void;
  const connect = pool.connect.bind(pool) as (cb?: Callback) => unknown;
  pool.connect = ((cb?: Callback) => {
    if (openTransaction.getStore()?.open) {
      const err = new Error(OUTSIDE_TRANSACTION_MESSAGE);
      if (cb) return void process.nextTick(() => cb(err));
      return Promise.reject(err);
    }
    return cb ? connect(cb) : connect();
  }) as typeof pool.connect;
}

/** Kysely over `pool`, each transaction's callback marked as inside it (see refuseInsideTransaction). */
function kyselyOver(pool: pg.Pool): Kysely<DB> {
  refuseInsideTransaction(pool);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const transaction = db.transaction.bind(db);
  db.transaction = () => {
    const builder = transaction();
    const execute = builder.execute.bind(builder);
    builder.execute = async (fn) => {
      return execute(async (tx) => {
        const mark = { open: true };
        try {
          return await openTransaction.run(mark, () => fn(tx));
        } finally {
          // work the callback started and did not wait for runs after the commit: it may connect then
          mark.open = false;
        }
      });
    };
    return builder;
  };
  return db;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK = 727_001;

export async function openDatabase(opts: {
  url?: string;
  dataDir: string;
  poolSize?: number;
  /** Where broken connections are reported (warn); silent without. */
  log?: Logger;
}): Promise<Database> {
  if (opts.url) {
    const size = opts.poolSize ?? 16;
    const pool = new pg.Pool({ connectionString: opts.url, max: size });
    const hotPool = new pg.Pool({
      connectionString: opts.url,
      max: size,
      options: '-c plan_cache_mode=force_generic_plan',
    });
    watchConnectionErrors(pool, 'main', opts.log);
    watchConnectionErrors(hotPool, 'bet statement', opts.log);
    refuseInsideTransaction(hotPool);
    const db = kyselyOver(pool);
    await migrate(pool);
    return {
      db,
      pool,
      hotPool,
      kind: 'postgres',
      close: async () => {
        await db.destroy();
        await hotPool.end();
      },
    };
  }
  const dir = path.resolve(opts.dataDir, 'pg');
  mkdirSync(path.dirname(dir), { recursive: true });
  const lite = await PGlite.create(dir);
  const pool = new pg.Pool(createPgConfig(lite));
  const db = kyselyOver(pool);
  await migrate(pool);
  return {
    db,
    pool,
    hotPool: pool,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      await lite.close();
    },
  };
}

/** Applies migrations/NNNN_name.sql in order, each in its own transaction, under an advisory lock. */
export async function migrate(pool: pg.Pool): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await client.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map(
        (r) => r.version,
      ),
    );
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((f) => /^\d{4}_.+\.sql$/.test(f))
      .sort();
    for (const file of files) {
      if (done.has(file)) continue;
      const sqlText = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      await client.query('BEGIN');
      try {
        await client.query(sqlText);
        await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file]);
        await client.query('COMMIT');
        applied.push(file);
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${file} failed: ${(err as Error).message}`);
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
  return applied;
}
