import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fundedPlayer } from '../games/rounds/round-test-kit.ts';
import { EVERY_DB, startServer, type TestServer } from '../test-support/server.ts';
import type { Ctx } from './context.ts';
import { checkLedger, ledgerReport } from './ledger.ts';
import { inTransaction } from './tx.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** A stake and, when `refunded`, its refund, written as a game would (a coinflip seat). */
async function stakeAndRefund(ctx: Ctx, userId: number, flip: number, refunded: boolean) {
  await inTransaction(ctx.db, async (unit) => {
    await ctx.wallet.apply(unit, {
      userId,
      delta: -100,
      kind: 'bet',
      ref: `coinflip:${flip}`,
      idempotencyKey: `coinflip:bet:${flip}:creator`,
      wager: 100,
    });
    if (refunded)
      await ctx.wallet.apply(unit, {
        userId,
        delta: 100,
        kind: 'bet_refund',
        ref: `coinflip:${flip}`,
        idempotencyKey: `coinflip:refund:${flip}:creator`,
        wager: -100,
      });
  });
}

/**
 * An accrual row as accrueSettled writes it (what the old create-time hook would have credited), or
 * as migration 0010 back-fills a stake in flight at the upgrade (`legacy`: amounts unknown).
 */
async function accrual(ctx: Ctx, userId: number, flip: number, legacy = false) {
  const units = legacy ? [null, null, null] : [825, 5000, 100];
  await sql`
    INSERT INTO rake_accruals
      (stake_key, refund_key, user_id, game, stake, rakeback_units, referral_units, referral_wager)
    VALUES (${`coinflip:bet:${flip}:creator`}, ${`coinflip:refund:${flip}:creator`}, ${userId}, 'coinflip',
            100, ${units[0]}::bigint, ${units[1]}::bigint, ${units[2]}::bigint)`.execute(ctx.db);
}

/** npm run ledger:check against the server's database: its exit code and output. */
function ledgerCheckCli(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const { DATABASE_URL: _url, ...rest } = process.env;
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/platform/ledger-check.ts'], {
      cwd: ROOT,
      env: { ...rest, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
    });
    proc.stderr.on('data', (d) => {
      out += d;
    });
    proc.once('error', reject);
    proc.once('exit', (code) => resolve({ code, out }));
  });
}

describe.each(EVERY_DB)('ledger:check on %s', (db) => {
  it('finds a refunded stake that kept its rake, and rake without a stake; the command exits 1', async () => {
    const server: TestServer = await startServer({ db });
    const ctx = server.site.ctx;
    let closed = false;
    try {
      const u = await fundedPlayer(ctx, 10);
      // a settled stake with its accrual, and a refunded one without: all clean
      await stakeAndRefund(ctx, u.id, 900_001, false);
      await accrual(ctx, u.id, 900_001);
      await stakeAndRefund(ctx, u.id, 900_002, true);
      let check = await checkLedger(ctx.db);
      expect([check.mismatches, check.rake]).toEqual([[], []]);
      expect(ledgerReport(check).ok).toBe(true);

      // the hole of issue 9: a refunded stake whose rake stayed; and rake for a stake never taken
      await accrual(ctx, u.id, 900_002);
      await accrual(ctx, u.id, 900_003);
      check = await checkLedger(ctx.db);
      expect(check.mismatches).toEqual([]);
      expect(check.rake).toEqual([
        {
          problem: 'refunded',
          userId: u.id,
          game: 'coinflip',
          stakeKey: 'coinflip:bet:900002:creator',
          refundKey: 'coinflip:refund:900002:creator',
          rakebackUnits: 825,
          referralUnits: 5000,
          referralWager: 100,
        },
        expect.objectContaining({ problem: 'no_stake', stakeKey: 'coinflip:bet:900003:creator' }),
      ]);
      const report = ledgerReport(check);
      expect(report.ok).toBe(false);
      expect(report.problems).toHaveLength(2);
      expect(report.problems[0]).toContain('was refunded (coinflip:refund:900002:creator) but kept its rake');
      // a stake in flight at the upgrade, credited by the old code, then refunded: named too
      await stakeAndRefund(ctx, u.id, 900_004, true);
      await accrual(ctx, u.id, 900_004, true);
      const legacy = await checkLedger(ctx.db);
      expect(legacy.rake.map((v) => [v.problem, v.stakeKey, v.rakebackUnits])).toEqual([
        ['refunded', 'coinflip:bet:900002:creator', 825],
        ['no_stake', 'coinflip:bet:900003:creator', 825],
        ['refunded', 'coinflip:bet:900004:creator', null],
      ]);
      expect(ledgerReport(legacy).problems[2]).toContain('before migration 0010, amount not recorded');
      // the accrual record is append-only
      await expect(sql`DELETE FROM rake_accruals`.execute(ctx.db)).rejects.toThrow(/append-only/);

      let cli: { code: number | null; out: string };
      if (db === 'postgres') {
        const url = ctx.config.DATABASE_URL;
        if (!url) throw new Error('no DATABASE_URL');
        cli = await ledgerCheckCli({ DATABASE_URL: url });
      } else {
        // PGlite is one embedded process: the server lets go of its data dir first
        await server.site.close();
        closed = true;
        cli = await ledgerCheckCli({ DATA_DIR: server.dataDir });
      }
      expect(cli.out).toContain('kept its rake');
      expect(cli.out).toMatch(/ledger:check: \d+ users, 0 mismatches, 3 rake violations/);
      expect(cli.code).toBe(1);
    } finally {
      if (closed) rmSync(server.dataDir, { recursive: true, force: true });
      else await server.close();
    }
  }, 60_000);

  it('finds a promotional credit written during a break behind the wallet (issue 26)', async () => {
    const server: TestServer = await startServer({ db });
    const ctx = server.site.ctx;
    try {
      const u = await fundedPlayer(ctx, 10);
      const coupon = (key: string) =>
        inTransaction(ctx.db, (unit) =>
          ctx.wallet.apply(unit, { userId: u.id, delta: 500, kind: 'coupon', idempotencyKey: key }),
        );
      // before the break: a coupon is paid and is no violation
      await coupon(`lc-coupon:${u.id}:before`);
      const started = await server.api('POST', '/api/account/break', { kind: 'cool_off', days: 1 }, u.token);
      expect(started.status).toBe(200);
      // through the wallet: refused, nothing written, the check stays clean
      await expect(coupon(`lc-coupon:${u.id}:during`)).rejects.toMatchObject({
        code: 'responsible_gaming',
        message: expect.stringMatching(/^You are on a break until .+ UTC: .+ are paused until then\.$/),
      });
      let check = await checkLedger(ctx.db);
      expect([check.mismatches, check.breaks]).toEqual([[], []]);
      // behind the wallet's back: the balance and its ledger row agree, but it was paid during the break
      await sql`
        WITH u AS (UPDATE users SET balance = balance + 500 WHERE id = ${u.id} RETURNING balance)
        INSERT INTO ledger_entries (user_id, delta, balance_after, kind, ref, idempotency_key)
        SELECT ${u.id}, 500, balance, 'coupon', 'FREE', ${`lc-coupon:${u.id}:behind`} FROM u`.execute(ctx.db);
      check = await checkLedger(ctx.db);
      expect(check.mismatches).toEqual([]);
      expect(check.breaks).toEqual([
        expect.objectContaining({ userId: u.id, kind: 'coupon', delta: 500, breakKind: 'cool_off' }),
      ]);
      const report = ledgerReport(check);
      expect(report.ok).toBe(false);
      expect(report.problems.at(-1)).toMatch(/coupon .* was written during a cool-off$/);
      expect(report.summary).toMatch(/1 movements during a break$/);
    } finally {
      await server.close();
    }
  }, 60_000);
});
