import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerMismatches } from '../../platform/ledger.ts';
import { DB_KINDS, startServer, type TestServer } from '../../test-support/server.ts';
import { ADMIN, adminToken, balanceOf, ledgerCount, quickUser } from '../rewards/rewards-test-kit.ts';

describe.each(DB_KINDS)('coupons on %s', (db) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startServer({ db, env: ADMIN });
    admin = await adminToken(server);
  });
  afterAll(() => server?.close());
  const ctx = () => server.site.ctx;
  const create = (body: unknown, token = admin) =>
    server.api('PUT', '/api/external/v1/coupons/add', body, token);
  const redeem = (code: string, token: string) =>
    server.api<{ message?: string; payout?: number; error?: string }>(
      'POST',
      '/api/coupon/redeem',
      { code },
      token,
    );

  it('only admins create coupons; codes are validated and unique ignoring case', async () => {
    const u = await server.newUser();
    expect((await create({ code: 'NOPE1', uses: 1, payout: 1 }, u.token)).status).toBe(403);
    expect((await create({ code: 'x', uses: 1, payout: 1 })).status).toBe(400);
    expect((await create({ code: 'ZERO', uses: 0, payout: 1 })).status).toBe(400);
    expect((await create({ code: 'FREE', uses: 1, payout: 0 })).status).toBe(400);
    const ok = await create({ code: 'Welcome5', message: 'Welcome aboard!', uses: 3, payout: 5 });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      success: true,
      coupon: { code: 'Welcome5', uses: 3, payout: 5, used: 0 },
    });
    const dup = await create({ code: 'WELCOME5', uses: 1, payout: 1 });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ error: 'A coupon with this code already exists.' });
    const list = await server.api<{ coupons: Array<{ code: string }> }>(
      'GET',
      '/api/external/v1/coupons/list',
      undefined,
      admin,
    );
    expect(list.body.coupons.map((c) => c.code)).toContain('Welcome5');
  });

  it('redeems once per account with the message and payout; unknown codes are refused', async () => {
    const u = await server.newUser();
    expect((await redeem('welcome5', '')).status).toBe(401);
    expect(await redeem('no-such-code', u.token)).toEqual({
      status: 400,
      body: { error: 'This coupon code does not exist.' },
    });
    expect((await redeem('', u.token)).body.error).toBe('Please enter a coupon code.');
    const ok = await redeem(' welcome5 ', u.token);
    expect(ok).toEqual({ status: 200, body: { message: 'Welcome aboard!', payout: 5 } });
    expect(await balanceOf(ctx(), u.id)).toBe(500);
    expect((await redeem('WELCOME5', u.token)).body.error).toBe('You have already redeemed this coupon.');
    expect(await balanceOf(ctx(), u.id)).toBe(500);
  });

  it('50 concurrent redeems of a 1-use code credit exactly once', async () => {
    await create({ code: 'RACE1', uses: 1, payout: 2.5 });
    const users = await Promise.all(Array.from({ length: 50 }, () => quickUser(ctx())));
    const results = await Promise.all(users.map((u) => redeem('RACE1', u.token)));
    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    expect(winners[0]?.body.message).toBe('You have successfully redeemed 2.50 coins!');
    for (const r of results.filter((x) => x.status !== 200))
      expect(r.body.error).toBe('This coupon has already been fully redeemed.');
    const balances = await Promise.all(users.map((u) => balanceOf(ctx(), u.id)));
    expect(balances.reduce((a, b) => a + b, 0)).toBe(250);
    const coupon = await ctx()
      .db.selectFrom('coupons')
      .select(['used'])
      .where('code', '=', 'RACE1')
      .executeTakeFirstOrThrow();
    expect(coupon.used).toBe(1);
  });

  it('one account redeeming twice at once is credited once', async () => {
    await create({ code: 'TWICE', uses: 10, payout: 1 });
    const u = await server.newUser();
    const results = await Promise.all(Array.from({ length: 8 }, () => redeem('TWICE', u.token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await balanceOf(ctx(), u.id)).toBe(100);
    expect(await ledgerCount(ctx(), u.id, 'coupon')).toBe(1);
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
  });
});
