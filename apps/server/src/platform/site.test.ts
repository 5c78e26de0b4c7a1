import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { EVERY_DB, nextEvent, startServer, type TestServer } from '../test-support/server.ts';

async function adminToken(server: TestServer): Promise<string> {
  const login = await server.api<{ redirect: string }>('POST', '/api/auth/registration/login', {
    email: 'root@example.com',
    password: 'root-password',
  });
  const code = login.body.redirect.split('token=')[1];
  return (await server.api<{ token: string }>('POST', '/api/auth/exchange-token', { token: code })).body
    .token;
}

describe.each(EVERY_DB)('site status, controls and bad input on %s', (db) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startServer({
      db,
      env: { ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'root-password' },
    });
    admin = await adminToken(server);
  });
  afterAll(() => server?.close());

  it('ADMIN_EMAIL is created with rank 5', async () => {
    const me = await server.api<{ user: { rank: number } }>('GET', '/api/user', undefined, admin);
    expect(me.body.user.rank).toBe(5);
  });

  it('serves the controls to admins only and toggles them', async () => {
    const player = await server.newUser();
    expect((await server.api('GET', '/api/external/v1/controls/', undefined, player.token)).status).toBe(403);
    expect((await server.api('GET', '/api/external/v1/controls/')).status).toBe(401);
    const view = await server.api('GET', '/api/external/v1/controls/', undefined, admin);
    expect(view.body).toEqual({
      maintenanceEnabled: false,
      loginEnabled: true,
      depositsEnabled: true,
      withdrawsEnabled: true,
      coinflipEnabled: true,
      battlesEnabled: true,
      rouletteEnabled: true,
      crashEnabled: true,
      slotsEnabled: true,
    });
    const off = await server.api('POST', '/api/external/v1/controls/toggle-state', { name: 'crash' }, admin);
    expect(off.body).toEqual({ currentState: false });
    const on = await server.api('POST', '/api/external/v1/controls/toggle-state', { name: 'crash' }, admin);
    expect(on.body).toEqual({ currentState: true });
    const bad = await server.api(
      'POST',
      '/api/external/v1/controls/toggle-state',
      { name: 'everything' },
      admin,
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'Unknown control.' });
    const logged = await server.site.ctx.db
      .selectFrom('admin_audit_log')
      .selectAll()
      .where('action', '=', 'toggle-control')
      .execute();
    expect(logged.length).toBe(2);
  });

  it('maintenance answers 503 to everyone but admins', async () => {
    const player = await server.newUser();
    await server.api('POST', '/api/external/v1/controls/toggle-state', { name: 'maintenance' }, admin);
    try {
      const anon = await server.api<{ error: string }>('GET', '/api/site');
      expect(anon.status).toBe(503);
      expect(anon.body.error).toMatch(/maintenance/);
      expect((await server.api('GET', '/api/site', undefined, player.token)).status).toBe(503);
      expect(
        (await server.api('POST', '/api/user/profile', { userid: player.id }, player.token)).status,
      ).toBe(503);
      expect((await server.api('GET', '/api/user', undefined, player.token)).status).toBe(200);
      // the maintenance page's chat loads its history (issue 28 item 3)
      expect((await server.api('GET', '/api/chat/history')).status).toBe(200);
      const asAdmin = await server.api('GET', '/api/site', undefined, admin);
      expect(asAdmin.status).toBe(200);
      expect(asAdmin.body).toMatchObject({ maintenanceEnabled: true });
      expect((await server.api('POST', '/api/user/profile', { userid: player.id }, admin)).status).toBe(200);
    } finally {
      await server.api('POST', '/api/external/v1/controls/toggle-state', { name: 'maintenance' }, admin);
    }
    expect((await server.api('GET', '/api/site')).body).toMatchObject({
      maintenanceEnabled: false,
      recaptchaSiteKey: null,
    });
  });

  it('serves public profiles', async () => {
    const u = await server.newUser();
    const res = await server.api('POST', '/api/user/profile', { userid: String(u.id) });
    expect(res.body).toMatchObject({
      _id: String(u.id),
      username: u.username,
      wager: 0,
      profit: 0,
      gamesPlayed: 0,
      gamesWon: 0,
      totalDeposited: 0,
      totalWithdrawn: 0,
    });
    expect((await server.api('POST', '/api/user/profile', { userid: '99999999' })).status).toBe(404);
    expect((await server.api('POST', '/api/user/profile', { userid: 'drop table' })).body).toEqual({
      error: 'Invalid user id.',
    });
  });

  it('answers bad input with a 4xx sentence, never a 500', async () => {
    const notFound = await server.api('GET', '/api/does-not-exist');
    expect(notFound.status).toBe(404);
    expect(notFound.body).toEqual({ error: 'Not found.' });
    const big = await fetch(`${server.url}/api/auth/registration/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a'.repeat(70 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: 'Request body is too large.' });
    const malformed = await fetch(`${server.url}/api/auth/exchange-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"token": ',
    });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error).toBeTruthy();
    const wrongType = await fetch(`${server.url}/api/auth/exchange-token`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(wrongType.status).toBeGreaterThanOrEqual(400);
    expect(wrongType.status).toBeLessThan(500);
    const arrays = await server.api('POST', '/api/auth/exchange-token', [1, 2, 3]);
    expect(arrays.status).toBe(400);
    const nulls = await server.api('POST', '/api/user/profile', null);
    expect(nulls.status).toBe(400);
    const badToken = await server.api('GET', '/api/user', undefined, 'x'.repeat(500));
    expect(badToken.status).toBe(401);
  });

  it('parses socket payloads with a schema: a bad payload gets an error event and never reaches the handler', async () => {
    const calls: unknown[] = [];
    server.site.ctx.realtime.handle(
      'limbo',
      'test:echo',
      z.tuple([z.object({ n: z.number().int() })]),
      'game-creation-error',
      async (socket, [p]) => {
        calls.push(p);
        socket.emit('test:echoed', p.n);
      },
    );
    const u = await server.newUser();
    const sock = await server.socket('limbo', u.token);
    const err = nextEvent(sock, 'game-creation-error');
    sock.emit('test:echo', { n: 'seven' });
    expect((await err)[0]).toMatch(/Invalid n/);
    await new Promise((r) => setTimeout(r, 15)); // the 10 ms spacing rule is part of the protocol
    const ok = nextEvent(sock, 'test:echoed');
    sock.emit('test:echo', { n: 7 });
    expect(await ok).toEqual([7]);
    expect(calls).toEqual([{ n: 7 }]);

    const anon = await server.socket('limbo');
    const denied = nextEvent(anon, 'game-creation-error');
    anon.emit('test:echo', { n: 1 });
    expect((await denied)[0]).toBe('Please log in to play!');

    const badAuth = nextEvent(anon, 'notify-error');
    anon.emit('auth', 'not-a-token');
    expect((await badAuth)[0]).toMatch(/sign in again/);
  });

  it("users-online counts the people on /chat: a player's tabs once, each guest tab once", async () => {
    /** A signed-out /chat tab that records every users-online it hears, from its first. */
    const guest = async () => {
      const s = io(`${server.url}/chat`, { transports: ['websocket'], forceNew: true, reconnection: false });
      const seen: number[] = [];
      const first = new Promise<number>((resolve) => s.once('users-online', resolve));
      s.on('users-online', (n: number) => seen.push(n));
      return { s, seen, first: await first };
    };
    const g1 = await guest();
    const player = await server.newUser();
    const tabs = [await server.socket('chat', player.token), await server.socket('chat', player.token)];
    const g2 = await guest();
    // g2 hears at once: the player's two tabs count once, and both guests count
    expect(g2.first).toBe(g1.first + 2);
    // g1 hears the rise at the next tick (within a second), and the fall back when the others leave
    // (each list is its guest's own: g2's first count is not news to g1)
    const heard = (n: number) =>
      vi.waitFor(() => expect(g1.seen.at(-1)).toBe(n), { timeout: 15_000, interval: 50 });
    await heard(g1.first + 2);
    for (const t of tabs) t.disconnect();
    g2.s.disconnect();
    await heard(g1.first);
    g1.s.disconnect();
  });

  it('drops an event sent less than 10 ms after the previous one with "Slow down!"', async () => {
    const u = await server.newUser();
    const sock = await server.socket('mines', u.token);
    const slow = nextEvent(sock, 'notify-error');
    // A burst sent in one tick: the server reads it at once, unless a loaded machine splits it
    // into reads more than 10 ms apart (CI, stop 43: two events, and the second came 10 ms
    // late). Twenty cannot all be that far apart; fewer than the 50 strikes that close it.
    for (let i = 0; i < 20; i++) sock.emit('anything', i);
    expect(await slow).toEqual(['Slow down!']);
  });
});
