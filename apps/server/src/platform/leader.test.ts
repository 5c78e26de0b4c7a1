import pg from 'pg';
import { createPgDatabase } from '../test-support/server.ts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Leadership, postgresLeadership } from './leader.ts';

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
  const node = () => {
    const l = postgresLeadership({ url, log });
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
  });

  afterAll(async () => {
    for (const n of nodes) await n.close();
    await shared?.drop();
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
});
