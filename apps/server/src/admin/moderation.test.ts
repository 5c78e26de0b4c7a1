// the round games build hash chains at boot; a short one keeps this server quick to start
process.env.ROUND_CHAIN_LENGTH = '20';

import { ACCOUNT_EVENTS } from '@coinsite/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, nextEvent, startServer, type TestServer } from '../test-support/server.ts';

const ADMIN = { email: 'mod-admin@example.com', password: 'mod-admin-password' };

async function signIn(server: TestServer, email: string, password: string) {
  const login = await server.api<{ redirect?: string; error?: string }>(
    'POST',
    '/api/auth/registration/login',
    { email, password },
  );
  const code = login.body.redirect?.split('token=')[1];
  if (!code) return { error: login.body.error ?? 'no code' };
  const ex = await server.api<{ token: string }>('POST', '/api/auth/exchange-token', { token: code });
  return { token: ex.body.token };
}

describe.each(DB_KINDS)('admin moderation routes on %s', (db) => {
  let server: TestServer;
  let admin: string;
  let adminId: number;
  beforeAll(async () => {
    server = await startServer({ db, env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).token ?? '';
    const me = await server.api<{ user: { _id: string } }>('GET', '/api/user', undefined, admin);
    adminId = Number(me.body.user._id);
  });
  afterAll(() => server?.close());

  const ban = (id: number | string, body: unknown, token = admin) =>
    server.api('POST', `/api/external/v1/users/${id}/ban`, body, token);

  it('tells the dialog which optional panels the server backs', async () => {
    const player = await server.newUser();
    expect((await server.api('GET', '/api/external/v1/features', undefined, player.token)).status).toBe(403);
    expect((await server.api('GET', '/api/external/v1/features')).status).toBe(401);
    const res = await server.api('GET', '/api/external/v1/features', undefined, admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      trivia: server.site.app.hasRoute({ method: 'PUT', url: '/api/external/v1/trivia/create' }),
      giveaway: server.site.app.hasRoute({ method: 'PUT', url: '/api/external/v1/giveaway/create' }),
      race: server.site.app.hasRoute({ method: 'PUT', url: '/api/external/v1/race/create' }),
    });
  });

  it('bans a player: open tabs go to /banned, sessions end, sign-in is refused; unban lets them back', async () => {
    const player = await server.newUser();
    const other = await server.newUser();
    expect((await ban(other.id, { banned: true }, player.token)).status).toBe(403);

    const socket = await server.socket('chat', player.token);
    const kicked = nextEvent(socket, ACCOUNT_EVENTS.banned);
    const res = await ban(player.id, { banned: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ _id: String(player.id), banned: true });
    await kicked;

    expect((await server.api('GET', '/api/user', undefined, player.token)).status).toBe(401);
    expect(await signIn(server, player.email, player.password)).toEqual({
      error: 'Your account has been banned.',
    });
    const list = await server.api<Array<{ _id: string; banned: boolean }>>(
      'GET',
      '/api/external/v1/users/list',
      undefined,
      admin,
    );
    expect(list.body.find((u) => u._id === String(player.id))?.banned).toBe(true);

    expect((await ban(player.id, { banned: false })).body).toEqual({ _id: String(player.id), banned: false });
    const again = await signIn(server, player.email, player.password);
    expect(again.token).toMatch(/^[0-9a-f]{64}$/);
    expect((await server.api('GET', '/api/user', undefined, again.token)).status).toBe(200);

    const log = await server.site.ctx.db
      .selectFrom('admin_audit_log')
      .select(['admin_id', 'action', 'target'])
      .where('target', '=', String(player.id))
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { admin_id: adminId, action: 'ban-user', target: String(player.id) },
      { admin_id: adminId, action: 'unban-user', target: String(player.id) },
    ]);
  });

  it('refuses bad input, unknown users, itself and other admins', async () => {
    const player = await server.newUser();
    expect((await ban(player.id, { banned: 'yes' })).status).toBe(400);
    expect((await ban(player.id, {})).body).toEqual({ error: 'Please say whether to ban or unban.' });
    expect((await ban('abc', { banned: true })).status).toBe(400);
    expect((await ban(999_999_999, { banned: true })).body).toEqual({ error: 'User not found.' });
    expect((await ban(adminId, { banned: true })).body).toEqual({ error: 'You cannot ban yourself.' });
    await server.site.ctx.db.updateTable('users').set({ rank: 5 }).where('id', '=', player.id).execute();
    expect((await ban(player.id, { banned: true })).body).toEqual({ error: 'Admins cannot be banned.' });
    expect((await server.api('GET', '/api/user', undefined, player.token)).status).toBe(200);
  });
});
