import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERY_DB, nextEvent, startServer, type TestServer } from '../test-support/server.ts';
import { findLedgerMismatches } from './ledger.ts';
import { inTransaction } from './tx.ts';

const run = promisify(execFile);

describe.each(EVERY_DB)('wallet ledger on %s', (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({
      db,
      env: { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'boss-password' },
    });
  });
  afterAll(() => server?.close());

  const ctx = () => server.site.ctx;
  const credit = (userId: number, delta: number, key: string) =>
    inTransaction(ctx().db, (unit) =>
      ctx().wallet.apply(unit, { userId, delta, kind: 'admin', idempotencyKey: key }),
    );
  const balanceOf = async (userId: number) =>
    (await ctx().db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow())
      .balance;

  it('200 parallel debits racing on one balance never take it below zero', async () => {
    const user = await server.newUser();
    await credit(user.id, 7_000, 'seed-race');
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => credit(user.id, -100, `race-${i}`)),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    expect(ok).toBe(70);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as Error).message).toBe("You don't have enough balance.");
    expect(await balanceOf(user.id)).toBe(0);
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
    const rows = await ctx()
      .db.selectFrom('ledger_entries')
      .select(['delta', 'balance_after'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(71);
    // balance_after follows the deltas in order
    let running = 0;
    for (const row of rows) {
      running += row.delta;
      expect(row.balance_after).toBe(running);
    }
  });

  it('an idempotency key applies once', async () => {
    const user = await server.newUser();
    await credit(user.id, 500, 'once-only');
    await expect(credit(user.id, 500, 'once-only')).rejects.toThrow('already processed');
    expect(await balanceOf(user.id)).toBe(500);
  });

  it('a rolled-back transaction leaves neither balance nor ledger changed', async () => {
    const user = await server.newUser();
    await expect(
      inTransaction(ctx().db, async (unit) => {
        await ctx().wallet.apply(unit, {
          userId: user.id,
          delta: 300,
          kind: 'admin',
          idempotencyKey: 'rollback-1',
        });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await balanceOf(user.id)).toBe(0);
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
  });

  it('the ledger is append-only', async () => {
    const user = await server.newUser();
    await credit(user.id, 100, 'append-only');
    await expect(
      ctx().db.updateTable('ledger_entries').set({ delta: 1 }).where('user_id', '=', user.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      ctx().db.deleteFrom('ledger_entries').where('user_id', '=', user.id).execute(),
    ).rejects.toThrow(/append-only/);
  });

  it('the database refuses a negative balance even without the wallet', async () => {
    const user = await server.newUser();
    await credit(user.id, 250, 'before-negative');
    await expect(
      ctx().db.updateTable('users').set({ balance: -1 }).where('id', '=', user.id).execute(),
    ).rejects.toThrow(/balance_not_negative/);
    expect(await balanceOf(user.id)).toBe(250);
  });

  it('update-wallet reaches every open tab once, on /chat, after commit', async () => {
    const user = await server.newUser();
    const tabA = await server.socket('chat', user.token);
    const tabB = await server.socket('chat', user.token);
    const dice = await server.socket('dice', user.token);
    // every event each tab receives, so a second copy of one would show
    const seen = (socket: typeof tabA) => {
      const events: unknown[][] = [];
      socket.on('update-wallet', (...args: unknown[]) => events.push(args));
      return events;
    };
    const [gotA, gotB, gotDice] = [seen(tabA), seen(tabB), seen(dice)];
    const a = nextEvent(tabA, 'update-wallet');
    const b = nextEvent(tabB, 'update-wallet');
    await credit(user.id, 1234, 'tabs-1');
    expect(await a).toEqual([12.34]);
    expect(await b).toEqual([12.34]);
    const negA = nextEvent(tabA, 'update-wallet');
    const negB = nextEvent(tabB, 'update-wallet');
    await credit(user.id, -34, 'tabs-2');
    expect(await negA).toEqual([-0.34]);
    expect(await negB).toEqual([-0.34]);
    // a last credit as a barrier: a socket delivers in order, so any duplicate of the first two
    // events would have arrived before this one
    const lastA = nextEvent(tabA, 'update-wallet');
    const lastB = nextEvent(tabB, 'update-wallet');
    await credit(user.id, 1, 'tabs-3');
    expect(await lastA).toEqual([0.01]);
    expect(await lastB).toEqual([0.01]);
    expect(gotA).toEqual([[12.34], [-0.34], [0.01]]);
    expect(gotB).toEqual([[12.34], [-0.34], [0.01]]);
    expect(gotDice).toEqual([]);
  });

  it('admins adjust balances over HTTP with a ledger row and an audit row; others may not', async () => {
    const user = await server.newUser();
    const admin = await server.api<{ redirect: string }>('POST', '/api/auth/registration/login', {
      email: 'boss@example.com',
      password: 'boss-password',
    });
    const code = admin.body.redirect.split('token=')[1];
    const adminToken = (
      await server.api<{ token: string }>('POST', '/api/auth/exchange-token', { token: code })
    ).body.token;

    const denied = await server.api(
      'POST',
      `/api/external/v1/users/${user.id}/balance`,
      { amount: 10, reason: 'x' },
      user.token,
    );
    expect(denied.status).toBe(403);
    const anon = await server.api('POST', `/api/external/v1/users/${user.id}/balance`, {
      amount: 10,
      reason: 'x',
    });
    expect(anon.status).toBe(401);

    const ok = await server.api<{ balance: number }>(
      'POST',
      `/api/external/v1/users/${user.id}/balance`,
      { amount: 25.5, reason: 'welcome' },
      adminToken,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.balance).toBe(25.5);
    const down = await server.api(
      'POST',
      `/api/external/v1/users/${user.id}/balance`,
      { amount: -30, reason: 'too much' },
      adminToken,
    );
    expect(down.status).toBe(400);
    expect(down.body).toEqual({ error: "You don't have enough balance." });
    const bad = await server.api(
      'POST',
      `/api/external/v1/users/${user.id}/balance`,
      { amount: 'lots' },
      adminToken,
    );
    expect(bad.status).toBe(400);
    const missing = await server.api(
      'POST',
      '/api/external/v1/users/999999/balance',
      { amount: 1, reason: 'x' },
      adminToken,
    );
    expect(missing.status).toBe(404);

    const me = await server.api<{ user: { wallet: number } }>('GET', '/api/user', undefined, user.token);
    expect(me.body.user.wallet).toBe(25.5);
    const audit = await ctx()
      .db.selectFrom('admin_audit_log')
      .selectAll()
      .where('target', '=', String(user.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.action).toBe('adjust-balance');
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
  });

  it('findLedgerMismatches names a balance that no longer matches its ledger', async () => {
    const user = await server.newUser();
    await credit(user.id, 100, 'tamper-in-process');
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
    await ctx().db.updateTable('users').set({ balance: 777 }).where('id', '=', user.id).execute();
    expect(await findLedgerMismatches(ctx().db)).toEqual([{ userId: user.id, balance: 777, ledgerSum: 100 }]);
    await ctx().db.updateTable('users').set({ balance: 100 }).where('id', '=', user.id).execute();
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
  });

  // PGlite is single-process: the command can open only a PostgreSQL database the server shares
  it.runIf(db === 'postgres')(
    'npm run ledger:check passes on a consistent ledger and fails on a tampered balance',
    async () => {
      const url = ctx().config.DATABASE_URL;
      expect(url).toMatch(/^postgres/);
      const script = ['--import', 'tsx', 'apps/server/src/platform/ledger-check.ts'];
      const env = { ...process.env, DATABASE_URL: url };
      const ok = await run(process.execPath, script, { env });
      expect(ok.stdout).toMatch(/0 mismatches/);
      const user = await server.newUser();
      await ctx().db.updateTable('users').set({ balance: 777 }).where('id', '=', user.id).execute();
      const bad = await run(process.execPath, script, { env }).then(
        () => null,
        (err: { code: number; stderr: string }) => err,
      );
      expect(bad?.code).toBe(1);
      expect(bad?.stderr).toContain(`user ${user.id}: balance 7.77 but ledger sums to 0.00`);
      await ctx().db.updateTable('users').set({ balance: 0 }).where('id', '=', user.id).execute();
    },
  );
});
