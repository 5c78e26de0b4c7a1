// the round games build hash chains at boot; a short one keeps this server quick to start
process.env.ROUND_CHAIN_LENGTH = '20';

import type { AdminTxView, AuditEntry, ProfileView } from '@coinsite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  adminCredit,
  importCode,
  signIn,
  simulateBet,
} from '../economy/cashier/cashier.test-support.ts';
import { cashierOf } from '../economy/cashier/cashier.context.ts';
import { DB_KINDS, startServer, type TestServer } from '../test-support/server.ts';

const LTC = 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh';
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What one admin call must leave in the audit log. */
interface Sample {
  url: string;
  body: unknown;
  action: string;
  target?: string;
}

describe.each(DB_KINDS)('admin audit trail on %s', (db) => {
  let server: TestServer;
  let admin: string;
  let adminId: number;
  let codes = 0;
  const ctx = () => server.site.ctx;

  beforeAll(async () => {
    server = await startServer({ db, env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
    admin = await signIn(server, ADMIN.email, ADMIN.password);
    const me = await server.api<{ user: { _id: string } }>('GET', '/api/user', undefined, admin);
    adminId = Number(me.body.user._id);
  });
  afterAll(() => server?.close());

  /** A player with a pending LTC withdrawal; returns the withdrawal's id. */
  async function pendingWithdrawal(): Promise<string> {
    const user = await server.newUser();
    const code = `AUDIT-${db}-${codes++}`;
    await importCode(server, admin, code, 20);
    expect((await server.api('POST', '/api/kinguin/redeem', { code }, user.token)).status).toBe(200);
    await simulateBet(server, user.id, 4_000, `audit-bet-${code}`);
    await adminCredit(server, user.id, 4_000, `audit-win-${code}`);
    const wd = await server.api(
      'POST',
      '/api/cashier/crypto/withdraw',
      { currency: 'LTC', address: LTC, amount: 30 },
      user.token,
    );
    expect(wd.status).toBe(200);
    const list = await server.api<AdminTxView[]>(
      'GET',
      '/api/external/v1/transactions/list?type=withdraw',
      undefined,
      admin,
    );
    const id = list.body.find((t) => t._user._id === String(user.id))?._id;
    if (!id) throw new Error('no pending withdrawal');
    return id;
  }

  /**
   * A valid call of every admin route that changes something, keyed like the route table. A new admin
   * route fails the walk below until it has a sample here, and the sample proves it is audited.
   */
  const SAMPLES: Record<string, () => Promise<Sample>> = {
    'POST /api/external/v1/controls/toggle-state': async () => ({
      url: '/api/external/v1/controls/toggle-state',
      body: { name: 'coinflip' },
      action: 'toggle-control',
      target: 'coinflip',
    }),
    'POST /api/external/v1/users/:id/balance': async () => {
      const u = await server.newUser();
      return {
        url: `/api/external/v1/users/${u.id}/balance`,
        body: { amount: 1.5, reason: 'audit walk' },
        action: 'adjust-balance',
        target: String(u.id),
      };
    },
    'POST /api/external/v1/users/:id/ban': async () => {
      const u = await server.newUser();
      return {
        url: `/api/external/v1/users/${u.id}/ban`,
        body: { banned: true },
        action: 'ban-user',
        target: String(u.id),
      };
    },
    'PUT /api/external/v1/coupons/add': async () => ({
      url: '/api/external/v1/coupons/add',
      body: { code: `AUDIT_${db}`, uses: 3, payout: 0.5 },
      action: 'create-coupon',
    }),
    'PUT /api/external/v1/trivia/create': async () => ({
      url: '/api/external/v1/trivia/create',
      body: { question: 'Two plus two?', answer: 'four', winnerAmount: 1, prize: 1 },
      action: 'trivia-create',
    }),
    'PUT /api/external/v1/chat/settings': async () => ({
      url: '/api/external/v1/chat/settings',
      body: {
        slowModeSeconds: 2,
        duplicateWindowSeconds: 30,
        minLevel: 1,
        tipMinLevel: 1,
        tipMin: 1,
        tipMax: 100,
      },
      action: 'chat-settings',
      target: 'chat',
    }),
    'POST /api/external/v1/stats/players/:id/notes': async () => {
      const u = await server.newUser();
      return {
        url: `/api/external/v1/stats/players/${u.id}/notes`,
        body: { body: 'Asked about a withdrawal by email.' },
        action: 'staff-note',
        target: String(u.id),
      };
    },
    // sets the default (on) again: the sample changes nothing the other tests see
    'PUT /api/external/v1/stats/settings': async () => ({
      url: '/api/external/v1/stats/settings',
      body: { transparencyEnabled: true },
      action: 'backoffice-settings',
      target: 'transparency',
    }),
    'PUT /api/external/v1/rain/settings': async () => ({
      url: '/api/external/v1/rain/settings',
      body: {
        everyMinutes: 30,
        joinWindowSeconds: 120,
        basePot: 2,
        minLevel: 1,
        minWager: 0,
        tipMinLevel: 1,
        tipMin: 1,
        tipMax: 100,
      },
      action: 'rain-settings',
      target: 'rain',
    }),
    'PUT /api/external/v1/race/create': async () => ({
      url: '/api/external/v1/race/create',
      body: { endingDate: Math.floor(Date.now() / 1000) + 60 * 86_400, prize: 100 },
      action: 'race-create',
    }),
    'POST /api/external/v1/slots/:code': async () => ({
      url: '/api/external/v1/slots/vs243mwarrior',
      body: { sort: 5 },
      action: 'slot-game',
      target: 'vs243mwarrior',
    }),
    'PUT /api/external/v1/giveaway/create': async () => ({
      url: '/api/external/v1/giveaway/create',
      body: { prize: 1, durationMinutes: 5 },
      action: 'giveaway-create',
    }),
    'PUT /api/external/v1/cases/save': async () => {
      const item = (name: string, s: number, e: number) => ({
        name,
        price: 1,
        color: 'blue',
        ticketsStart: s,
        ticketsEnd: e,
      });
      return {
        url: '/api/external/v1/cases/save',
        body: {
          slug: 'audit-case',
          name: 'Audit',
          price: 1,
          items: [item('A', 1, 50_000), item('B', 50_001, 100_000)],
        },
        action: 'save-case',
        target: 'audit-case',
      };
    },
    'POST /api/external/v1/transactions/confirm/:id': async () => {
      const id = await pendingWithdrawal();
      return {
        url: `/api/external/v1/transactions/confirm/${id}`,
        body: { txid: 'audit-tx' },
        action: 'confirm-transaction',
        target: id,
      };
    },
    'POST /api/external/v1/transactions/cancel/:id': async () => {
      const id = await pendingWithdrawal();
      return {
        url: `/api/external/v1/transactions/cancel/${id}`,
        body: {},
        action: 'cancel-transaction',
        target: id,
      };
    },
    'PUT /api/external/v1/giftcards/import': async () => ({
      url: '/api/external/v1/giftcards/import',
      body: { value: 5, codes: [`AUDIT-CARD-${db}`] },
      action: 'import-giftcards',
      target: '5',
    }),
    'POST /api/external/v1/sandbox/chain/send': async () => {
      const u = await server.newUser();
      return {
        url: '/api/external/v1/sandbox/chain/send',
        body: { currency: 'ltc', address: cashierOf(ctx()).crypto.addressFor('ltc', u.id), amount: '0.01' },
        action: 'sandbox-chain-send',
        target: 'ltc',
      };
    },
    'POST /api/external/v1/sandbox/chain/mine': async () => ({
      url: '/api/external/v1/sandbox/chain/mine',
      body: { currency: 'ltc', blocks: 1 },
      action: 'sandbox-chain-mine',
      target: 'ltc',
    }),
    'POST /api/external/v1/chat/announce': async () => ({
      url: '/api/external/v1/chat/announce',
      body: { text: 'Audit walk announcement' },
      action: 'announce',
      target: 'chat',
    }),
  };

  const lastAuditId = async () =>
    Number(
      (
        await ctx()
          .db.selectFrom('admin_audit_log')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    );

  it('every admin route that changes something writes one audit row by the acting admin', async () => {
    const changing = server.site.routes
      .filter((r) => r.url.startsWith('/api/external/v1/') && !READS.has(r.method))
      .map((r) => `${r.method} ${r.url}`);
    // no stale sample either: each one names a route the app has
    expect(Object.keys(SAMPLES).filter((route) => !changing.includes(route))).toEqual([]);
    const missing = changing.filter((route) => !SAMPLES[route]);
    expect(missing, 'admin routes without an audit sample in audit.test.ts').toEqual([]);
    for (const route of changing) {
      const sample = await (SAMPLES[route] as () => Promise<Sample>)();
      const before = await lastAuditId();
      const method = route.split(' ')[0] as string;
      const res = await server.api(method, sample.url, sample.body, admin);
      expect(res.status, `${route}: ${JSON.stringify(res.body)}`).toBe(200);
      const rows = await ctx()
        .db.selectFrom('admin_audit_log')
        .selectAll()
        .where('id', '>', before)
        .execute();
      expect(rows.length, route).toBeGreaterThanOrEqual(1);
      const row = rows.find((r) => r.action === sample.action);
      expect(row, `${route} → ${rows.map((r) => r.action).join(', ')}`).toBeDefined();
      expect(row?.admin_id).toBe(adminId);
      if (sample.target !== undefined) expect(row?.target).toBe(sample.target);
    }
  });

  it('a refused admin call and a read write nothing', async () => {
    const player = await server.newUser();
    const before = await lastAuditId();
    await server.api('POST', '/api/external/v1/controls/toggle-state', { name: 'coinflip' }, player.token);
    await server.api('POST', '/api/external/v1/controls/toggle-state', { name: 'nope' }, admin);
    await server.api('GET', '/api/external/v1/users/list', undefined, admin);
    expect(await lastAuditId()).toBe(before);
  });

  it('the log is append-only', async () => {
    await expect(
      ctx().db.updateTable('admin_audit_log').set({ action: 'forged' }).where('id', '>', 0).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(ctx().db.deleteFrom('admin_audit_log').where('id', '>', 0).execute()).rejects.toThrow(
      /append-only/,
    );
  });

  it('lists and filters the log by actor, action, target and date (admins only)', async () => {
    const log = (query = '', token = admin) =>
      server.api<AuditEntry[]>('GET', `/api/external/v1/audit-log${query}`, undefined, token);
    const player = await server.newUser();
    expect((await log('', player.token)).status).toBe(403);
    const u = await server.newUser();
    await server.api(
      'POST',
      `/api/external/v1/users/${u.id}/balance`,
      { amount: 2, reason: 'filter me' },
      admin,
    );
    const all = await log();
    expect(all.status).toBe(200);
    expect(all.body[0]).toMatchObject({
      actorId: String(adminId),
      action: 'adjust-balance',
      target: String(u.id),
      detail: { delta: 200, reason: 'filter me' },
    });
    const byTarget = await log(`?target=${u.id}`);
    expect(byTarget.body.map((e) => e.action)).toEqual(['adjust-balance']);
    const byAction = await log('?action=toggle-control');
    expect(byAction.body.length).toBeGreaterThan(0);
    expect(byAction.body.every((e) => e.action === 'toggle-control')).toBe(true);
    const actorName = all.body[0]?.actorName ?? '';
    expect((await log(`?actor=${encodeURIComponent(actorName)}`)).body.length).toBe(all.body.length);
    expect((await log(`?actor=${adminId}`)).body.length).toBe(all.body.length);
    expect((await log(`?actor=${player.id}`)).body).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await log(`?from=${today}&to=${today}&target=${u.id}`)).body.length).toBe(1);
    expect((await log(`?to=2000-01-01`)).body).toEqual([]);
    const page = await log('?limit=2');
    expect(page.body.length).toBe(2);
    const next = await log(`?limit=2&before=${page.body[1]?.id}`);
    expect(Number(next.body[0]?.id)).toBeLessThan(Number(page.body[1]?.id));
    expect((await log('?from=yesterday')).status).toBe(400);
    expect((await log('?limit=0')).status).toBe(400);
    const actions = await server.api<string[]>('GET', '/api/external/v1/audit-log/actions', undefined, admin);
    expect(actions.body).toContain('adjust-balance');
  });

  it('public profiles: the spec-1 fields, never an email or a balance; private stats hidden', async () => {
    const owner = await server.newUser();
    const other = await server.newUser();
    await adminCredit(server, owner.id, 10_000, `audit-profile-${owner.id}`);
    await simulateBet(server, owner.id, 1_000, `audit-profile-bet-${owner.id}`);
    const profile = (token?: string) =>
      server.api<ProfileView>('POST', '/api/user/profile', { userid: String(owner.id) }, token);
    const open = await profile(other.token);
    expect(open.body).toMatchObject({
      _id: String(owner.id),
      username: owner.username,
      wager: 10,
      profit: -10,
      gamesPlayed: 1,
      gamesWon: 0,
      statsHidden: false,
    });
    expect(open.body.avatar).toEqual(expect.any(String));
    expect(new Date(open.body.created).getTime()).not.toBeNaN();
    const text = JSON.stringify(open.body);
    expect(text).not.toContain(owner.email);
    expect(Object.keys(open.body)).not.toContain('balance');
    expect(Object.keys(open.body)).not.toContain('wallet');
    expect(Object.keys(open.body)).not.toContain('email');

    expect((await server.api('POST', '/api/user/settings/privacy', { hideStats: true })).status).toBe(401);
    expect(
      (await server.api('POST', '/api/user/settings/privacy', { hideStats: 'yes' }, owner.token)).body,
    ).toEqual({ error: 'Please say whether to hide your stats.' });
    const hide = await server.api('POST', '/api/user/settings/privacy', { hideStats: true }, owner.token);
    expect(hide.body).toEqual({ hideStats: true });

    const hidden = { wager: null, profit: null, gamesPlayed: null, gamesWon: null, statsHidden: true };
    expect((await profile(other.token)).body).toMatchObject({
      ...hidden,
      totalDeposited: null,
      totalWithdrawn: null,
      username: owner.username,
      _id: String(owner.id),
    });
    expect((await profile()).body).toMatchObject(hidden);
    // the player and admins still see them
    expect((await profile(owner.token)).body).toMatchObject({ wager: 10, gamesPlayed: 1, statsHidden: true });
    expect((await profile(admin)).body).toMatchObject({ wager: 10, statsHidden: true });

    await server.api('POST', '/api/user/settings/privacy', { hideStats: false }, owner.token);
    expect((await profile(other.token)).body).toMatchObject({ wager: 10, statsHidden: false });
  });
});
