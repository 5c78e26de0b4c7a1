import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  adminCredit,
  balanceOf,
  importCode,
  simulateBet,
  withAdminServer,
} from '../economy/cashier/cashier.test-support.ts';
import { DB_KINDS, nextEvent, spaced, type TestServer } from '../test-support/server.ts';
import { badTextError } from './errors.ts';

const LTC = 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh';

/** NUL and the other control characters a line of text never needs (issue 9 item 8). */
const CONTROL = ['\u0000', '\u0001', '\u0007', '\n', '\u001b', '\u007f', '\u0085'];

describe.each(DB_KINDS)('amounts and text are validated, never coerced (issue 9 items 7, 8) on %s', (db) => {
  let server: TestServer;
  let admin: string;
  withAdminServer(db, (s, token) => {
    server = s;
    admin = token;
  });
  const ledgerRows = async (userId: number) =>
    (
      await server.site.ctx.db
        .selectFrom('ledger_entries')
        .select('id')
        .where('user_id', '=', userId)
        .execute()
    ).length;

  it('the admin balance route refuses "0x10", true, [1] and "1e3" and changes nothing', async () => {
    const u = await server.newUser();
    const before = await ledgerRows(u.id);
    for (const amount of ['0x10', true, [1], '1e3', ' 5', '']) {
      const res = await server.api(
        'POST',
        `/api/external/v1/users/${u.id}/balance`,
        { amount, reason: 'probe' },
        admin,
      );
      expect(res).toEqual({ status: 400, body: { error: 'Amount must be a number.' } });
    }
    expect(await balanceOf(server, u.id)).toBe(0);
    expect(await ledgerRows(u.id)).toBe(before);
    const ok = await server.api(
      'POST',
      `/api/external/v1/users/${u.id}/balance`,
      { amount: '16', reason: 'probe' },
      admin,
    );
    expect(ok).toEqual({ status: 200, body: { balance: 16 } });
  });

  it('a bet with amount true (or [1], "0x1") is refused and places nothing', async () => {
    const u = await server.newUser();
    await adminCredit(server, u.id, 1_000, `fund-${u.id}`);
    const sock = await server.socket('dice', u.token);
    for (const amount of [true, [1], '0x1', '1e0']) {
      await spaced();
      const err = nextEvent(sock, 'game-creation-error');
      sock.emit('dice:bet', { amount, rangeData: 50 });
      expect((await err)[0]).toBe('Amount must be a number.');
    }
    expect(await balanceOf(server, u.id)).toBe(1_000);
    const bets = await server.site.ctx.db
      .selectFrom('bets')
      .select('id')
      .where('user_id', '=', u.id)
      .execute();
    expect(bets).toHaveLength(0);
  });

  it('coupon and affiliate redeem answer control characters with a 400 sentence, never a 500', async () => {
    const u = await server.newUser();
    const other = await server.newUser();
    for (const c of CONTROL) {
      const coupon = await server.api('POST', '/api/coupon/redeem', { code: `WELCOME${c}5` }, u.token);
      expect(coupon).toEqual({
        status: 400,
        body: { error: 'The coupon code may only contain printable characters.' },
      });
      const aff = await server.api(
        'POST',
        '/api/user/affiliates/redeem',
        { code: `${other.username.slice(0, 2)}${c}${other.username.slice(2)}` },
        u.token,
      );
      expect(aff).toEqual({
        status: 400,
        body: { error: 'The affiliate code may only contain printable characters.' },
      });
    }
    expect(await balanceOf(server, u.id)).toBe(0);
    expect(await ledgerRows(u.id)).toBe(0);
  });

  it('confirming a withdrawal with a control character in the txid is a 400 and leaves it pending', async () => {
    const user = await server.newUser();
    const code = `IV-${db}-${user.id}`;
    await importCode(server, admin, code, 20);
    expect((await server.api('POST', '/api/kinguin/redeem', { code }, user.token)).status).toBe(200);
    await simulateBet(server, user.id, 4_000, `iv-bet-${user.id}`);
    await adminCredit(server, user.id, 4_000, `iv-win-${user.id}`);
    const w = await server.api(
      'POST',
      '/api/cashier/crypto/withdraw',
      { currency: 'LTC', address: LTC, amount: 20 },
      user.token,
    );
    expect(w.status).toBe(200);
    const row = await server.site.ctx.db
      .selectFrom('cashier_transactions')
      .select(['id', 'state'])
      .where('user_id', '=', user.id)
      .where('type', '=', 'withdraw')
      .executeTakeFirstOrThrow();
    for (const c of CONTROL) {
      const res = await server.api(
        'POST',
        `/api/external/v1/transactions/confirm/${row.id}`,
        { txid: `ltc${c}tx` },
        admin,
      );
      expect(res).toEqual({
        status: 400,
        body: { error: 'The txid may only contain printable characters.' },
      });
    }
    const after = await server.site.ctx.db
      .selectFrom('cashier_transactions')
      .select(['state', 'txid'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ state: row.state, txid: null });
  });

  it('backstop: the database refusing a NUL becomes a 400, not a 500', async () => {
    const err = await sql`SELECT ${'a\u0000b'}::text AS t`.execute(server.site.ctx.db).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).not.toBeNull();
    expect(badTextError(err)).toMatchObject({
      status: 400,
      message: 'Your input contains characters that are not allowed.',
    });
    expect(badTextError(new Error('something else'))).toBeNull();
  });
});
