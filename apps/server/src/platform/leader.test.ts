import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPgDatabase } from '../test-support/server.ts';
import { type Database, openDatabase } from './db.ts';
import { Fenced, runFenced } from './fence.ts';
import { type Leadership, postgresLeadership } from './leader.ts';
import { inTransaction } from './tx.ts';

const enabled = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Issue 20 item 4: followers wait on the advisory lock, a graceful stop unlocks explicitly, and a
 * dead leader's session ends its lock; either way a waiting follower leads at once (no poll).
 * Timings are printed by `npm run bench:failover`, not asserted here.
 */
describe.runIf(enabled)('leader hand-over on PostgreSQL', () => {
  let shared: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
  let url = '';
  const log = pino({ level: 'silent' });
  const nodes: Leadership[] = [];
  let database: Database | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coinsite-leader-'));
  const node = (leaseMs?: number) => {
    const l = postgresLeadership({ url, log, leaseMs });
    nodes.push(l);
    return l;
  };
  const sql = async <T extends pg.QueryResultRow>(q: string, params: unknown[] = []) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query<T>(q, params)).rows;
    } finally {
      await c.end();
    }
  };
  const waiters = async () =>
    (
      await sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'advisory'`,
      )
    )[0]?.n;

  beforeAll(async () => {
    shared = await createPgDatabase();
    const u = new URL(shared.url);
    url = u.toString();
    // the schema (the leader_lease row); the pool runs the fenced transactions below
    database = await openDatabase({ url, dataDir });
  });

  afterAll(async () => {
    for (const n of nodes) await n.close();
    await database?.close();
    await shared?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a follower waits on the lock and leads once the leader stops or dies', async () => {
    const a = node();
    await vi.waitFor(() => expect(a.isLeader()).toBe(true), { timeout: 15_000 });
    const b = node();
    const c = node();
    await vi.waitFor(async () => expect(await waiters()).toBe(2), { timeout: 15_000 });
    expect(b.isLeader() || c.isLeader()).toBe(false);

    // graceful stop: A's loops stop (onFollower), then it unlocks; a waiter holds the lock as
    // soon as PostgreSQL has granted it, with no poll interval in between
    const stopped: string[] = [];
    a.onFollower(() => stopped.push('a'));
    await a.close();
    expect(stopped).toEqual(['a']);
    await vi.waitFor(() => expect(b.isLeader() !== c.isLeader()).toBe(true), { timeout: 2000 });
    const [next, last] = b.isLeader() ? [b, c] : [c, b];

    // the leader's session dies (as with kill -9): the database releases its lock
    let lost = false;
    next.onFollower(() => {
      lost = true;
    });
    await sql(
      `SELECT pg_terminate_backend(pid) FROM pg_locks
       WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    await vi.waitFor(() => expect(last.isLeader()).toBe(true), { timeout: 2000 });
    await vi.waitFor(() => expect(lost).toBe(true), { timeout: 2000 });
    // the terminated node waits again on a new connection
    await vi.waitFor(async () => expect(await waiters()).toBe(1), { timeout: 15_000 });
    expect(next.isLeader()).toBe(false);
  });

  it("a follower's close ends its wait on the lock (no backend left waiting)", async () => {
    const before = await waiters();
    const f = node();
    await vi.waitFor(async () => expect(await waiters()).toBe((before ?? 0) + 1), { timeout: 15_000 });
    await f.close();
    await vi.waitFor(async () => expect(await waiters()).toBe(before), { timeout: 15_000 });
    expect(f.isLeader()).toBe(false);
  });

  it('a follower ends the lock session of a leader whose heartbeat is stale; the old term is fenced (issue 26 item 9)', async () => {
    for (const n of nodes.splice(0)) await n.close();
    const db = database?.db;
    if (!db) throw new Error('no database');
    // a renews its heartbeat only every 15 s (a 60 s lease); b judges heartbeats by a 400 ms bound,
    // so to b, a looks stalled after 400 ms: what a paused leader process looks like to a follower
    const a = node(60_000);
    await vi.waitFor(() => expect(a.isLeader()).toBe(true), { timeout: 15_000 });
    const term = a.term() ?? -1;
    expect(term).toBeGreaterThan(0);
    const write = () =>
      runFenced(term, 60_000, () =>
        inTransaction(db, (unit) =>
          unit.tx.updateTable('leader_lease').set({ holder: 'fenced write' }).execute(),
        ),
      );
    await write(); // a's own term: passes
    let lost = false;
    a.onFollower(() => {
      lost = true;
    });
    const b = node(400);
    await vi.waitFor(() => expect(b.isLeader()).toBe(true), { timeout: 10_000 });
    expect(b.term()).toBe(term + 1);
    // a's lock session was ended: a steps down and waits again
    await vi.waitFor(() => expect(lost).toBe(true), { timeout: 5000 });
    expect(a.isLeader()).toBe(false);
    // a transaction of a's term writes nothing now
    await expect(write()).rejects.toBeInstanceOf(Fenced);
    const lease = await sql<{ term: number; holder: string }>('SELECT term, holder FROM leader_lease');
    expect(lease).toEqual([{ term: term + 1, holder: expect.not.stringMatching('fenced') }]);
    // b renews its heartbeat: a, now a follower with the same short look, never takes it back
    await new Promise((r) => setTimeout(r, 1500));
    expect([a.isLeader(), b.isLeader()]).toEqual([false, true]);
  });
});
