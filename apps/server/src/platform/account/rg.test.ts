import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, nextEvent, startServer, type TestServer } from '../../test-support/server.ts';
import { findLedgerMismatches } from '../ledger.ts';
import { inTransaction } from '../tx.ts';

/** Issue 16 §4: responsible-gaming limits and breaks, enforced in the money statements themselves. */
describe.each(DB_KINDS)('responsible gaming on %s', (db) => {
  let server: TestServer;
  const ctx = () => server.site.ctx;
  let funded = 0;
  beforeAll(async () => {
    server = await startServer({ db });
  });
  afterAll(() => server?.close());

  async function player(coins: number) {
    const u = await server.newUser();
    await inTransaction(ctx().db, (unit) =>
      ctx().wallet.apply(unit, {
        userId: u.id,
        delta: coins * 100,
        kind: 'admin',
        idempotencyKey: `rg-fund:${u.id}:${funded++}`,
      }),
    );
    return u;
  }
  const post = <T = Record<string, unknown>>(path: string, body: unknown, token: string) =>
    server.api<T & { error?: string; limit?: string; success?: boolean; message?: string }>(
      'POST',
      path,
      body,
      token,
    );
  /** A round-game stake (crash, roulette, coinflip, battles all debit through wallet.apply 'bet'). */
  const roundStake = (userId: number, cents: number, key: string) =>
    inTransaction(ctx().db, (unit) =>
      ctx().wallet.apply(unit, { userId, delta: -cents, kind: 'bet', wager: cents, idempotencyKey: key }),
    );

  it('a wager limit holds under a 50-way race of stakes', async () => {
    const u = await player(100);
    expect(
      (await post('/api/account/limits', { kind: 'wager', period: 'day', amount: 10 }, u.token)).status,
    ).toBe(200);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => roundStake(u.id, 100, `rg-race:${u.id}:${i}`)),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(10);
    for (const r of results)
      if (r.status === 'rejected')
        expect((r.reason as { extra?: { limit?: string } }).extra?.limit).toBe('wager_day');
    const limits = await server.api<{ limits: Array<{ kind: string; period: string; used: number }> }>(
      'GET',
      '/api/account/limits',
      undefined,
      u.token,
    );
    expect(limits.body.limits.find((l) => l.kind === 'wager' && l.period === 'day')?.used).toBe(10);
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
  });

  it('a loss limit holds for instant bets raced from many tabs (the one-statement bet path)', async () => {
    const u = await player(100);
    await post('/api/account/limits', { kind: 'loss', period: 'week', amount: 1 }, u.token);
    // 50 tabs, one bet each, all at once
    const socks: Socket[] = await Promise.all(
      Array.from({ length: 50 }, () => server.socket('limbo', u.token)),
    );
    const outcomes = socks.map((s) => {
      const answer = Promise.race([nextEvent(s, 'limbo:result'), nextEvent(s, 'game-creation-error')]);
      s.emit('limbo:bet', { amount: 0.1, multiplier: 10000 });
      return answer;
    });
    const settled = await Promise.all(outcomes);
    const placed = await ctx()
      .db.selectFrom('bets')
      .select(['stake', 'payout'])
      .where('user_id', '=', u.id)
      .execute();
    const loss = placed.reduce((sum, b) => sum + b.stake - b.payout, 0);
    expect(loss).toBeLessThanOrEqual(100);
    // a 1,000,000x win is a one in a million: otherwise exactly ten 0.10 losses fit
    if (placed.every((b) => b.payout === 0)) expect(placed).toHaveLength(10);
    const refused = settled.filter((args) => typeof args[0] === 'string');
    expect(refused).toHaveLength(50 - placed.length);
    for (const [message] of refused) expect(message).toMatch(/weekly loss limit/);
    for (const s of socks) s.disconnect();
  });

  it('lowering a limit applies at once, raising it waits 24 hours', async () => {
    const u = await player(10);
    type View = { limits: Array<{ kind: string; period: string; amount: number | null; pending: unknown }> };
    const dep = (v: View) => v.limits.find((l) => l.kind === 'deposit' && l.period === 'month');
    const first = await post<View>(
      '/api/account/limits',
      { kind: 'deposit', period: 'month', amount: 50 },
      u.token,
    );
    expect(dep(first.body)).toMatchObject({ amount: 50, pending: null });
    const lower = await post<View>(
      '/api/account/limits',
      { kind: 'deposit', period: 'month', amount: 20 },
      u.token,
    );
    expect(dep(lower.body)).toMatchObject({ amount: 20, pending: null });
    const raise = await post<View>(
      '/api/account/limits',
      { kind: 'deposit', period: 'month', amount: 100 },
      u.token,
    );
    expect(dep(raise.body)?.amount).toBe(20);
    expect(dep(raise.body)?.pending).toMatchObject({ amount: 100 });
    const removal = await post<View>(
      '/api/account/limits',
      { kind: 'deposit', period: 'month', amount: null },
      u.token,
    );
    expect(dep(removal.body)?.amount).toBe(20);
    expect(dep(removal.body)?.pending).toMatchObject({ amount: null });
    // 24 hours later (moved in the database) the removal applies
    await ctx()
      .db.updateTable('rg_pending' as never)
      .set({ effective_at: new Date(Date.now() - 1000) } as never)
      .execute();
    const later = await server.api<View>('GET', '/api/account/limits', undefined, u.token);
    expect(dep(later.body)).toMatchObject({ amount: null, pending: null });
    // a deposit over a limit is refused where it starts
    await post('/api/account/limits', { kind: 'deposit', period: 'day', amount: 5 }, u.token);
    const card = await post('/api/arkpay/initialize', { site_value: 20 }, u.token);
    expect(card.body).toMatchObject({
      success: false,
      message: 'This deposit would pass your daily deposit limit.',
    });
  });

  it('a self-exclusion blocks every game, deposits and chat, allows withdrawals, and cannot be shortened', async () => {
    const u = await player(50);
    const other = await player(1);
    const excluded = await post<{ block: { kind: string; until: string | null } }>(
      '/api/account/break',
      { kind: 'self_exclusion', months: 6 },
      u.token,
    );
    expect(excluded.status).toBe(200);
    const until = excluded.body.block.until;
    expect(excluded.body.block.kind).toBe('self_exclusion');
    // a shorter cool-off afterwards changes nothing
    const shorter = await post<{ block: { kind: string; until: string | null } }>(
      '/api/account/break',
      { kind: 'cool_off', days: 1 },
      u.token,
    );
    expect(shorter.body.block).toEqual({ kind: 'self_exclusion', until });
    // the admin sees it (read only)
    const admin = server.site.ctx;
    await admin.db.updateTable('users').set({ rank: 5 }).where('id', '=', other.id).execute();
    const seen = await server.api<{ block: unknown }>(
      'GET',
      `/api/external/v1/users/${u.id}/responsible-gaming`,
      undefined,
      other.token,
    );
    expect(seen.body.block).toEqual({ kind: 'self_exclusion', until });
    const list = await server.api<Array<{ _id: string; responsibleGaming: unknown }>>(
      'GET',
      '/api/external/v1/users/list',
      undefined,
      other.token,
    );
    expect(list.body.find((x) => x._id === String(u.id))?.responsibleGaming).toEqual({
      block: { kind: 'self_exclusion', until },
      limits: false,
    });
    await admin.db.updateTable('users').set({ rank: 1 }).where('id', '=', other.id).execute();

    for (const game of ['dice', 'limbo'] as const) {
      const s = await server.socket(game, u.token);
      const err = nextEvent(s, 'game-creation-error');
      s.emit(
        `${game}:bet`,
        game === 'dice' ? { amount: 1, multiplier: 2, rangeData: 50 } : { amount: 1, multiplier: 2 },
      );
      expect(String((await err)[0])).toMatch(/excluded yourself/);
      s.disconnect();
    }
    await expect(roundStake(u.id, 100, `rg-excluded:${u.id}`)).rejects.toMatchObject({
      extra: { limit: 'self_exclusion' },
    });
    await expect(roundStake(other.id, 100, `rg-other:${other.id}`)).resolves.toBeGreaterThanOrEqual(0);

    expect((await server.api('GET', '/api/cashier/crypto/addresses', undefined, u.token)).status).toBe(403);
    expect((await post('/api/arkpay/initialize', { site_value: 20 }, u.token)).body.success).toBe(false);
    expect((await post('/api/cashapp/initialize', { deposit_amount: 20 }, u.token)).body.success).toBe(false);
    expect((await post('/api/kinguin/redeem', { code: 'ANY-CODE' }, u.token)).status).toBe(403);
    expect((await post('/api/skinsback/create_order', { game: 'csgo' }, u.token)).status).toBe(403);

    const chat = await server.socket('chat', u.token);
    const refused = nextEvent(chat, 'notify-error');
    chat.emit('send-chat-message', 'hello');
    expect(String((await refused)[0])).toMatch(/excluded yourself/);
    chat.disconnect();

    // withdrawals still work: the request goes on to the cashier's own rules
    const w = await post(
      '/api/cashier/crypto/withdraw',
      { currency: 'LTC', address: 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh', amount: 20 },
      u.token,
    );
    expect(w.body.limit).toBeUndefined();
    expect(w.body.error).toMatch(/deposit/);
  });
});
