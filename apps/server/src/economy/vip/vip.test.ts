import type { VipView } from '@coinsite/shared';
import { levelForWagerCents, vipLevels } from '@coinsite/shared/vip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerMismatches } from '../../platform/ledger.ts';
import { inTransaction } from '../../platform/tx.ts';
import { DB_KINDS, startServer, type TestServer } from '../../test-support/server.ts';
import { balanceOf, fund, ledgerCount, lostBet, rewardsOf } from '../rewards/rewards-test-kit.ts';
import { onWager } from '../wager-hooks.ts';

describe.each(DB_KINDS)('VIP and rakeback on %s', (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ db });
  });
  afterAll(() => server?.close());
  const ctx = () => server.site.ctx;

  it('serves the 500-level table of economy.md as data, with the player level', async () => {
    expect((await server.api('GET', '/api/vip/')).status).toBe(401);
    const u = await server.newUser();
    const res = await server.api<VipView>('GET', '/api/vip/', undefined, u.token);
    expect(res.status).toBe(200);
    const v = res.body;
    expect(v.allLevels).toHaveLength(500);
    const table = vipLevels();
    for (const k of [0, 9, 99, 499]) {
      expect(v.allLevels[k]).toEqual({
        name: table[k]?.name,
        levelName: table[k]?.levelName,
        levelColor: table[k]?.levelColor,
        wagerNeeded: (table[k]?.wagerNeededCents ?? 0) / 100,
        rakebackPercentage: table[k]?.rakebackPercentage,
      });
    }
    expect(v.allLevels[9]?.wagerNeeded).toBe(162.65);
    expect(v.allLevels[499]?.rakebackPercentage).toBe(20);
    expect(v.currentLevel.name).toBe('1');
    expect(v.nextLevel?.name).toBe('2');
    expect(v.majorLevelNames).toHaveLength(12);
    expect(v.rakebackBalance).toBe(0);
    expect(v.wager).toBe(0);
    expect((await server.api('GET', '/api/vip', undefined, u.token)).status).toBe(200);
  });

  it('at the top level nextLevel is the top level again, never absent (the original reads it unguarded)', async () => {
    const u = await server.newUser();
    const top = vipLevels()[499]?.wagerNeededCents ?? 0;
    await ctx()
      .db.updateTable('users')
      .set({ wager: top + 100 })
      .where('id', '=', u.id)
      .execute();
    const v = (await server.api<VipView>('GET', '/api/vip', undefined, u.token)).body;
    expect(v.currentLevel.name).toBe('500');
    expect(v.nextLevel).toEqual(v.currentLevel);
  });

  it('every bet accrues rake × the level rakeback; round games accrue through onWager', async () => {
    const u = await server.newUser();
    await fund(ctx(), u.id, 100_000);
    await lostBet(ctx(), u.id, 'dice', 10_000); // 100.00 at the 1 % edge: rake 1.00
    const level = levelForWagerCents(10_000).level;
    const pct = vipLevels()[level - 1]?.rakebackPercentage ?? 0;
    const rakeUnits = 10_000 * 100; // cents × basis points = 1/10,000 cent
    const expected = Math.floor((rakeUnits * Math.round(pct * 100)) / 10_000);
    expect((await rewardsOf(ctx(), u.id))?.rakeback_units).toBe(expected);

    await inTransaction(ctx().db, (unit) => onWager(unit, { userId: u.id, game: 'crash', stake: 1000 }));
    const crash = Math.floor((1000 * 700 * Math.round(pct * 100)) / 10_000);
    expect((await rewardsOf(ctx(), u.id))?.rakeback_units).toBe(expected + crash);

    const v = await server.api<VipView>('GET', '/api/vip/', undefined, u.token);
    expect(v.body.wager).toBe(100);
    expect(v.body.currentLevel.name).toBe(String(level));
    expect(v.body.rakebackBalance).toBe(Math.floor((expected + crash) / 10_000) / 100);
  });

  it('a claim needs 2.00, moves whole cents and keeps the remainder', async () => {
    const u = await server.newUser();
    // every account has its rewards row from birth (migration 0009)
    await ctx()
      .db.updateTable('user_rewards')
      .set({ rakeback_units: 1_999_999 })
      .where('user_id', '=', u.id)
      .execute();
    const low = await server.api<{ error: string }>('POST', '/api/vip/claim', {}, u.token);
    expect(low.status).toBe(400);
    expect(low.body.error).toBe('You need at least 2.00 coins of rakeback to claim.');

    await ctx()
      .db.updateTable('user_rewards')
      .set({ rakeback_units: 2_345_678 })
      .where('user_id', '=', u.id)
      .execute();
    const ok = await server.api<{ rakebackClaimed: number }>('POST', '/api/vip/claim', {}, u.token);
    expect(ok.status).toBe(200);
    expect(ok.body.rakebackClaimed).toBe(2.34);
    expect(await balanceOf(ctx(), u.id)).toBe(234);
    expect((await rewardsOf(ctx(), u.id))?.rakeback_units).toBe(5_678);
  });

  it('a double claim is impossible: 10 concurrent claims pay once', async () => {
    const u = await server.newUser();
    // every account has its rewards row from birth (migration 0009)
    await ctx()
      .db.updateTable('user_rewards')
      .set({ rakeback_units: 5_000_000 })
      .where('user_id', '=', u.id)
      .execute();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => server.api('POST', '/api/vip/claim', {}, u.token)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect([400, 409]).toContain(r.status);
    expect(await balanceOf(ctx(), u.id)).toBe(500);
    expect(await ledgerCount(ctx(), u.id, 'rakeback')).toBe(1);
    expect((await rewardsOf(ctx(), u.id))?.rakeback_units).toBe(0);
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
  });
});
