import type { AffiliatesView } from '@coinsite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerMismatches } from '../../platform/ledger.ts';
import { DB_KINDS, startServer, type TestServer } from '../../test-support/server.ts';
import { balanceOf, fund, ledgerCount, lostBet, quickUser, rewardsOf } from '../rewards/rewards-test-kit.ts';

describe.each(DB_KINDS)('affiliates on %s', (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ db });
  });
  afterAll(() => server?.close());
  const ctx = () => server.site.ctx;
  const view = async (token: string) =>
    (await server.api<AffiliatesView>('GET', '/api/user/affiliates', undefined, token)).body;
  const redeem = (code: string, token: string) =>
    server.api<Record<string, unknown>>('POST', '/api/user/affiliates/redeem', { code }, token);
  const claim = (token: string) =>
    server.api<{ claimedAmount?: number; error?: string }>('POST', '/api/user/affiliates/claim', {}, token);

  it('a claim links the player once for 0.25; own code, unknown codes and circles are refused', async () => {
    const a = await quickUser(ctx());
    const b = await quickUser(ctx());
    expect((await server.api('GET', '/api/user/affiliates')).status).toBe(401);
    const av = await view(a.token);
    expect(av.affiliateCode).toBe(a.username);
    expect(av.affiliateLink.endsWith(`/a/${a.username}`)).toBe(true);
    expect(av).toMatchObject({ usersAffiliated: 0, affiliateMoneyAvailable: 0, currentlySupporting: null });

    expect((await redeem(a.username, a.token)).body).toEqual({
      error: 'You cannot claim your own affiliate code.',
    });
    expect((await redeem('nobody_has_this', b.token)).body).toEqual({
      error: 'This affiliate code does not exist.',
    });
    const ok = await redeem(a.username.toUpperCase(), b.token);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      code: a.username,
      username: a.username,
      freeMoneyClaimed: true,
      currentlySupporting: { code: a.username, username: a.username },
    });
    expect(await balanceOf(ctx(), b.id)).toBe(25);
    expect((await view(b.token)).currentlySupporting).toEqual({ code: a.username, username: a.username });

    const c = await quickUser(ctx());
    await view(c.token);
    expect((await redeem(c.username, b.token)).body).toEqual({
      error: 'You have already claimed an affiliate code.',
    });
    await view(b.token);
    expect((await redeem(b.username, a.token)).body).toEqual({
      error: 'You cannot support a player who is supporting you.',
    });
    expect(await balanceOf(ctx(), b.id)).toBe(25);
    expect(await balanceOf(ctx(), a.id)).toBe(0);
  });

  it('a username is the default code even before its owner opened the dialog', async () => {
    const owner = await quickUser(ctx());
    const fan = await quickUser(ctx());
    const res = await redeem(owner.username.toUpperCase(), fan.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: owner.username, username: owner.username });
    expect((await view(owner.token)).usersAffiliated).toBe(1);
  });

  it('concurrent claims by one account pay the bonus once', async () => {
    const a = await quickUser(ctx());
    const codes = [a.username];
    for (let i = 0; i < 3; i++) {
      const other = await quickUser(ctx());
      await view(other.token);
      codes.push(other.username);
    }
    await view(a.token);
    const d = await quickUser(ctx());
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => redeem(codes[i % 4] ?? '', d.token)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await balanceOf(ctx(), d.id)).toBe(25);
    expect(await ledgerCount(ctx(), d.id, 'affiliate_bonus')).toBe(1);
  });

  it("earns 10 % of referred players' rake, claimable from 1.00, once under concurrency", async () => {
    const a = await quickUser(ctx());
    await view(a.token);
    const b = await quickUser(ctx());
    const c = await quickUser(ctx());
    expect((await redeem(a.username, b.token)).status).toBe(200);
    expect((await redeem(a.username, c.token)).status).toBe(200);
    await fund(ctx(), b.id, 100_000);
    await fund(ctx(), c.id, 100_000);
    await lostBet(ctx(), b.id, 'dice', 10_000); // rake 1.00 at 1 % → cut 0.10
    await lostBet(ctx(), c.id, 'upgrader', 5_000); // rake 5.00 at 10 % → cut 0.50
    let av = await view(a.token);
    expect(av).toMatchObject({
      usersAffiliated: 2,
      totalWagered: 150,
      affiliateMoney: 0.6,
      affiliateMoneyAvailable: 0.6,
      affiliateMoneyCollected: 0,
    });
    expect((await claim(a.token)).body).toEqual({
      error: 'You need at least 1.00 coins of affiliate earnings to claim.',
    });

    await lostBet(ctx(), c.id, 'upgrader', 9_000); // cut 0.90 → 1.50 in all
    const results = await Promise.all(Array.from({ length: 8 }, () => claim(a.token)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]?.body.claimedAmount).toBe(1.5);
    expect(await balanceOf(ctx(), a.id)).toBe(150);
    expect(await ledgerCount(ctx(), a.id, 'affiliate_claim')).toBe(1);
    av = await view(a.token);
    expect(av).toMatchObject({
      affiliateMoney: 1.5,
      affiliateMoneyAvailable: 0,
      affiliateMoneyCollected: 1.5,
    });
    // a player linked to nobody owes nobody a cut
    await fund(ctx(), a.id, 10_000);
    await lostBet(ctx(), a.id, 'dice', 10_000);
    expect((await rewardsOf(ctx(), a.id))?.referral_units).toBe(0);
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
  });

  it('updates the own code: validated, unique ignoring case, and the old code stops working', async () => {
    const a = await quickUser(ctx());
    const b = await quickUser(ctx());
    await view(b.token);
    const update = (code: string, token: string) =>
      server.api<Record<string, unknown>>('POST', '/api/user/affiliates/update-code', { code }, token);
    expect((await update('ab', a.token)).body).toEqual({
      error: 'Affiliate code must be 3 to 20 letters, digits or underscores.',
    });
    expect((await update('bad code!', a.token)).status).toBe(400);
    expect((await update(b.username.toUpperCase(), a.token)).body).toEqual({
      error: 'This affiliate code is already taken.',
    });
    const fresh = `Fresh_${a.id}`;
    expect((await update(fresh, a.token)).body).toEqual({ newAffiliateCode: fresh });
    expect((await view(a.token)).affiliateCode).toBe(fresh);
    const c = await quickUser(ctx());
    expect((await redeem(a.username, c.token)).status).toBe(400);
    expect((await redeem(fresh.toLowerCase(), c.token)).status).toBe(200);
  });
});
