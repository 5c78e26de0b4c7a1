import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../test-support/server.ts';

const enabled = Boolean(process.env.TEST_DATABASE_URL);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Pooled connections terminated by the database server (a failover, an operator) while requests are
 * in flight (issue 20): a read runs again on another connection, so nobody sees a 5xx; a write whose
 * connection broke answers 503 with a sentence, and sending it again works.
 */
describe.runIf(enabled)('database connections terminated under load', () => {
  let server: TestServer;
  let admin: pg.Client;
  beforeAll(async () => {
    server = await startServer({ db: 'postgres' });
    admin = new pg.Client({ connectionString: server.site.ctx.config.DATABASE_URL });
    await admin.connect();
  }, 30_000);
  afterAll(async () => {
    await admin?.end();
    await server?.close();
  });

  const terminateAll = () =>
    admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );

  it('answers every read while the pool loses its connections', async () => {
    const users = await Promise.all([server.newUser(), server.newUser(), server.newUser()]);
    const leadership = server.site.ctx.leadership;
    expect(leadership.isLeader()).toBe(true);
    let stepDowns = 0;
    leadership.onFollower(() => stepDowns++);
    const statuses: number[] = [];
    let running = true;
    const reader = async (i: number) => {
      const user = users[i % users.length];
      while (running) {
        const res = await server.api('GET', '/api/user', undefined, user?.token);
        statuses.push(res.status);
      }
    };
    const readers = Array.from({ length: 12 }, (_, i) => reader(i));
    // three cuts, the later ones while reads retried after the previous cut may still be running
    for (let cut = 0; cut < 3; cut++) {
      await sleep(cut === 0 ? 400 : 250);
      await terminateAll();
    }
    await sleep(300);
    running = false;
    await Promise.all(readers);
    expect(statuses.length).toBeGreaterThan(50);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    // the leader lost its lock connection too: it stepped down and takes the lock again
    expect(stepDowns).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 100 && !leadership.isLeader(); i++) await sleep(100);
    expect(leadership.isLeader()).toBe(true);
  }, 30_000);

  it('answers 503 with a sentence to a write whose connection broke; sending it again works', async () => {
    const user = await server.newUser();
    const first = await server.api(
      'POST',
      '/api/user/affiliates/update-code',
      { code: `outage_a${user.id}` },
      user.token,
    );
    expect(first.status).toBe(200);
    // hold the row, so the next update waits on its lock with its connection checked out
    await admin.query('BEGIN');
    let pending: ReturnType<typeof server.api>;
    try {
      await admin.query('SELECT 1 FROM affiliate_codes WHERE user_id = $1 FOR UPDATE', [user.id]);
      pending = server.api(
        'POST',
        '/api/user/affiliates/update-code',
        { code: `outage_b${user.id}` },
        user.token,
      );
      let waiting: number | undefined;
      // the update reaches the lock within a moment; a loaded machine can take seconds
      for (let i = 0; i < 300 && !waiting; i++) {
        await sleep(100);
        const res = await admin.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE 'update \"affiliate_codes\"%'",
        );
        waiting = res.rows[0]?.pid;
      }
      expect(waiting).toBeDefined();
      await admin.query('SELECT pg_terminate_backend($1)', [waiting]);
    } finally {
      // never leave the row held: the server's close would wait on it
      await admin.query('ROLLBACK');
    }
    const broken = await pending;
    expect(broken.status).toBe(503);
    expect(broken.body).toEqual({
      error: 'Our connection to the database was interrupted. Nothing was lost; please try again.',
    });
    const again = await server.api(
      'POST',
      '/api/user/affiliates/update-code',
      { code: `outage_b${user.id}` },
      user.token,
    );
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ newAffiliateCode: `outage_b${user.id}` });
  }, 60_000);
});
