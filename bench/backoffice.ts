/**
 * npm run bench:backoffice — the back office's reads at volume (issue 31), against PostgreSQL.
 *
 *   BENCH_BETS (1,000,000)    bets seeded (each a bets row and its ledger stake, plus a win row
 *                             for about half): 10,000,000 is the issue's figure; on two shared
 *                             cores seeding that takes long, so the default is smaller
 *   BENCH_PLAYERS (100,000)   players (each with a deposit; some bonuses)
 *   BENCH_DAYS (90)           days the history is spread over (today gets BENCH_BETS / BENCH_DAYS more)
 *   BENCH_REQUESTS (40)       calls per endpoint
 *   BENCH_PG_URL              a PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
 *                             a fresh database is created there and dropped afterwards (BENCH_KEEP=1 keeps it)
 *   DATABASE_READ_URL         passed to the server: the back office reads from that replica
 *
 * Prints what was seeded, the rollup's full build and its per-minute run (today's rows), and p50/p99
 * per endpoint through HTTP (a server process on that database), plus the public page uncached.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { refreshStats } from '../apps/server/src/backoffice/stats.rollup.ts';
import { transparency } from '../apps/server/src/backoffice/transparency.service.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { dbUrl, fmt, freePort, percentile, pgRun, signIn, waitForHttp } from './support.ts';

const BETS = Number(process.env.BENCH_BETS ?? 1_000_000);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 100_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 90);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CHUNK = 500_000;

const secs = (t0: number) => (performance.now() - t0) / 1000;

/** `n` bets (rows and ledger rows) at random times in [fromDaysAgo, toDaysAgo) days before now. */
async function seedBets(
  db: import('kysely').Kysely<never>,
  n: number,
  fromDaysAgo: number,
  toDaysAgo: number,
) {
  for (let done = 0; done < n; done += CHUNK) {
    const size = Math.min(CHUNK, n - done);
    const t0 = performance.now();
    await sql`
      WITH b AS (
        INSERT INTO bets (user_id, game, stake, payout, multiplier, status, outcome, created_at, settled_at)
        SELECT u, game, stake, payout, CASE WHEN payout > 0 THEN 19800 ELSE 0 END, 'settled', '{}'::jsonb, at, at
        FROM (
          SELECT 1 + floor(random() * ${PLAYERS})::bigint AS u,
            (ARRAY['dice','limbo','mines','upgrader','cases'])[1 + floor(random() * 5)::int] AS game,
            s AS stake,
            CASE WHEN random() < 0.5 THEN s * 198 / 100 ELSE 0 END AS payout,
            now() - make_interval(secs => ${toDaysAgo * 86_400} + random() * ${(fromDaysAgo - toDaysAgo) * 86_400}) AS at
          FROM (SELECT 10 + floor(random() * 5000)::bigint AS s FROM generate_series(1, ${size})) g
        ) x
        RETURNING id, user_id, stake, payout, created_at
      )
      INSERT INTO ledger_entries (user_id, delta, balance_after, kind, ref, idempotency_key, created_at)
      SELECT user_id, -stake, 0, 'bet', id::text, 'bet:' || id, created_at FROM b
      UNION ALL
      SELECT user_id, payout, 0, 'win', id::text, 'win:' || id, created_at FROM b WHERE payout > 0`.execute(
      db,
    );
    console.log(`  ${done + size} / ${n} bets (${fmt(size / secs(t0), 0)} bets/s)`);
  }
}

async function main() {
  const name = `bench_bo_${Date.now()}`;
  await pgRun(BASE, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = dbUrl(BASE, name);
  const database = await openDatabase({
    url,
    dataDir: mkdtempSync(path.join(tmpdir(), 'bench-bo-')),
    poolSize: 4,
  });
  const db = database.db as unknown as import('kysely').Kysely<never>;
  let server: ReturnType<typeof spawn> | null = null;
  try {
    console.log(
      `seeding ${PLAYERS} players, ${BETS} bets over ${DAYS} days, then ${Math.round(BETS / DAYS)} today`,
    );
    let t0 = performance.now();
    await sql`INSERT INTO users (username, email, created_at)
      SELECT 'p' || g, 'p' || g || '@bench.example', now() - make_interval(secs => random() * ${DAYS * 86_400})
      FROM generate_series(1, ${PLAYERS}) g`.execute(db);
    await sql`INSERT INTO ledger_entries (user_id, delta, balance_after, kind, ref, idempotency_key, created_at)
      SELECT id, 1000000, 0, 'deposit', NULL, 'deposit:bench:' || id, created_at FROM users`.execute(db);
    await seedBets(db, BETS, DAYS, 1);
    // bonuses: rakeback and coupons for a tenth of the players, a withdrawal for a twentieth
    await sql`INSERT INTO ledger_entries (user_id, delta, balance_after, kind, ref, idempotency_key, created_at)
      SELECT id, 100 + (id % 900), 0, CASE WHEN id % 20 = 0 THEN 'coupon' ELSE 'rakeback' END, NULL,
        'bonus:bench:' || id, created_at + interval '1 hour'
      FROM users WHERE id % 10 = 0
      UNION ALL
      SELECT id, -50000, 0, 'withdraw', NULL, 'withdraw:bench:' || id, created_at + interval '2 hours'
      FROM users WHERE id % 20 = 0`.execute(db);
    console.log(`seeded in ${fmt(secs(t0), 0)} s`);
    t0 = performance.now();
    await sql`ANALYZE`.execute(db);
    const full = await refreshStats(database.db, { rebuild: true });
    console.log(`rollup full build: ${full.rows} ledger rows in ${fmt(full.ms / 1000, 1)} s`);
    await seedBets(db, Math.round(BETS / DAYS), 0.9, 0);
    const minute: number[] = [];
    for (let i = 0; i < 3; i++) minute.push((await refreshStats(database.db)).ms);
    const rows = (await refreshStats(database.db)).rows;
    console.log(
      `rollup per-minute run (today's ${rows} ledger rows): ${minute.map((m) => `${fmt(m, 0)} ms`).join(', ')}`,
    );
    await sql`ANALYZE`.execute(db);
    const sizes = await sql<{ t: string; n: string }>`
      SELECT 'stats_hours' AS t, count(*) AS n FROM stats_hours UNION ALL
      SELECT 'stats_player_days', count(*) FROM stats_player_days UNION ALL
      SELECT 'ledger_entries', count(*) FROM ledger_entries`.execute(db);
    console.log(`rows: ${sizes.rows.map((r) => `${r.t} ${r.n}`).join(', ')}`);

    const t1 = performance.now();
    await transparency(database.db, new Date());
    console.log(`public transparency, uncached (in process): ${fmt(performance.now() - t1, 0)} ms`);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: url,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-')),
        LOG_LEVEL: 'warn',
        RATE_LIMIT_FACTOR: '100000',
        SERVE_WEB: 'false',
        ADMIN_EMAIL: 'bench-admin@example.com',
        ADMIN_PASSWORD: 'bench-admin-password',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitForHttp(base, server);
    const admin = await signIn(base, 'bench-admin@example.com', 'bench-admin-password');
    const heavy = await sql<{ user_id: string }>`
      SELECT user_id FROM stats_player_days GROUP BY user_id ORDER BY count(*) DESC LIMIT 1`.execute(db);
    const endpoints = [
      '/api/external/v1/stats/overview?days=1',
      '/api/external/v1/stats/overview?hours=24',
      '/api/external/v1/stats/overview?days=7',
      '/api/external/v1/stats/overview?days=30',
      '/api/external/v1/stats/overview?days=90',
      '/api/external/v1/stats/games?days=7',
      '/api/external/v1/stats/games?days=30',
      `/api/external/v1/stats/players/${heavy.rows[0]?.user_id ?? 1}`,
      '/api/external/v1/stats/players?q=p4242',
      '/api/transparency',
    ];
    console.log(`\n${'endpoint'.padEnd(52)} p50 ms   p99 ms   (${REQUESTS} calls each, one at a time)`);
    for (const e of endpoints) {
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const t = performance.now();
        const res = await fetch(base + e, { headers: { 'x-auth-token': admin } });
        await res.text();
        if (!res.ok) throw new Error(`${e}: ${res.status}`);
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${e.padEnd(52)} ${fmt(percentile(times, 50), 1).padStart(6)}   ${fmt(percentile(times, 99), 1).padStart(6)}`,
      );
    }
  } finally {
    const child = server;
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await database.close();
    if (!process.env.BENCH_KEEP)
      await pgRun(BASE, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}

await main();
