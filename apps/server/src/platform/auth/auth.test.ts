import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, resetCodeIn } from '../../test-support/outbox.ts';
import { DB_KINDS, nextEvent, startServer, type TestServer } from '../../test-support/server.ts';

type Redirect = { redirect?: string; error?: string };

describe.each(DB_KINDS)('accounts on %s', (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ db });
  });
  afterAll(() => server?.close());

  const exchange = async (redirect: string | undefined) => {
    const code = redirect?.split('token=')[1] ?? '';
    return server.api<{ token?: string; error?: string }>('POST', '/api/auth/exchange-token', {
      token: code,
    });
  };

  it('registers, exchanges the one-time code once, and serves the user', async () => {
    const reg = await server.api<Redirect>('POST', '/api/auth/registration/register', {
      email: 'Carol@Example.com',
      username: 'carol_1',
      password: 'hunter2hunter2',
      recaptcha: null,
    });
    expect(reg.status).toBe(200);
    expect(reg.body.redirect).toMatch(/^\/login\/local\?token=[0-9a-f]{64}$/);
    const ex = await exchange(reg.body.redirect);
    expect(ex.status).toBe(200);
    expect(ex.body.token).toMatch(/^[0-9a-f]{64}$/);
    const again = await exchange(reg.body.redirect);
    expect(again.status).toBe(400);
    expect(again.body.error).toMatch(/invalid or has expired/);

    const me = await server.api<{ user: Record<string, unknown>; token: string }>(
      'GET',
      '/api/user',
      undefined,
      ex.body.token,
    );
    expect(me.status).toBe(200);
    expect(me.body.token).toBe(ex.body.token);
    expect(me.body.user).toMatchObject({ username: 'carol_1', wallet: 0, wager: 0, rank: 1 });
    expect(Object.keys(me.body.user).sort()).toEqual([
      '_id',
      'avatar',
      'created',
      'rank',
      'username',
      'wager',
      'wallet',
    ]);
    const auth = await server.api<{ authenticated: boolean }>(
      'GET',
      '/api/auth/isAuthenticated',
      undefined,
      ex.body.token,
    );
    expect(auth.body.authenticated).toBe(true);
  });

  it('refuses duplicates case-insensitively and bad fields with a sentence (200 { error })', async () => {
    const base = { email: 'dup@example.com', username: 'dupuser', password: 'longenough' };
    expect(
      (await server.api<Redirect>('POST', '/api/auth/registration/register', base)).body.redirect,
    ).toBeTruthy();
    const email = await server.api<Redirect>('POST', '/api/auth/registration/register', {
      ...base,
      username: 'other1',
      email: 'DUP@example.com',
    });
    expect(email.body).toEqual({ error: 'This email is already registered.' });
    const name = await server.api<Redirect>('POST', '/api/auth/registration/register', {
      ...base,
      email: 'x@example.com',
      username: 'DUPUSER',
    });
    expect(name.body).toEqual({ error: 'This username is already taken.' });
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...base, username: 'ab' }, /Username must be 3 to 16/],
      [{ ...base, username: 'way_too_long_name_x' }, /Username must be 3 to 16/],
      [{ ...base, username: 'bad name' }, /Username must be 3 to 16/],
      [{ ...base, username: 'okname', password: 'short' }, /at least 8/],
      [{ ...base, username: 'okname', email: 'not-an-email' }, /valid email/],
      [{}, /./],
    ];
    for (const [body, re] of cases) {
      const res = await server.api<Redirect>('POST', '/api/auth/registration/register', body);
      expect(res.status).toBe(200);
      expect(res.body.error).toMatch(re);
      expect(res.body.redirect).toBeUndefined();
    }
  });

  it('logs in with the right password only; an expired code is refused', async () => {
    const u = await server.newUser();
    const bad = await server.api<Redirect>('POST', '/api/auth/registration/login', {
      email: u.email,
      password: 'wrong password',
    });
    expect(bad.body).toEqual({ error: 'Invalid email or password.' });
    const unknown = await server.api<Redirect>('POST', '/api/auth/registration/login', {
      email: 'nobody@example.com',
      password: 'whatever1',
    });
    expect(unknown.body).toEqual({ error: 'Invalid email or password.' });
    const good = await server.api<Redirect>('POST', '/api/auth/registration/login', {
      email: u.email.toUpperCase(),
      password: u.password,
    });
    expect(good.body.redirect).toBeTruthy();
    // age the code past its 60 s
    await server.site.ctx.db
      .updateTable('one_time_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('purpose', '=', 'login')
      .where('used_at', 'is', null)
      .execute();
    expect((await exchange(good.body.redirect)).status).toBe(400);
  });

  it('logout revokes the session and kicks its sockets', async () => {
    const u = await server.newUser();
    const sock = await server.socket('crash', u.token);
    const kicked = nextEvent(sock, 'connection_kicked');
    expect((await server.api('POST', '/api/auth/logout', {}, u.token)).status).toBe(200);
    await kicked;
    expect((await server.api('GET', '/api/user', undefined, u.token)).status).toBe(401);
  });

  it('password recovery: mailed code, single use, resets and revokes every session', async () => {
    const u = await server.newUser();
    const second = await server.api<Redirect>('POST', '/api/auth/registration/login', {
      email: u.email,
      password: u.password,
    });
    const token2 = (await exchange(second.body.redirect)).body.token ?? '';
    const sock = await server.socket('chat', token2);
    const kicked = nextEvent(sock, 'connection_kicked');

    const unknown = await server.api('POST', '/api/auth/registration/forgot_password', {
      email: 'ghost@example.com',
    });
    expect(unknown.body).toEqual({ success: true });
    const forgot = await server.api('POST', '/api/auth/registration/forgot_password', { email: u.email });
    expect(forgot.body).toEqual({ success: true });
    const mail = lastMailTo(server.dataDir, u.email);
    expect(mail).toContain('Subject: Your password reset code');
    const code = resetCodeIn(mail ?? '') ?? '';
    expect(code).toMatch(/^[A-Z0-9]{10}$/);

    const wrong = await server.api('POST', '/api/auth/registration/reset_password', {
      email: u.email,
      code: 'AAAAAAAAAA',
      password: 'brand new pass',
    });
    expect(wrong.body).toEqual({ error: 'The security code is invalid or has expired.', code: true });
    const ok = await server.api('POST', '/api/auth/registration/reset_password', {
      email: u.email,
      code,
      password: 'brand new pass',
    });
    expect(ok.body).toEqual({ success: true });
    await kicked;
    expect((await server.api('GET', '/api/user', undefined, u.token)).status).toBe(401);
    expect((await server.api('GET', '/api/user', undefined, token2)).status).toBe(401);
    const reuse = await server.api('POST', '/api/auth/registration/reset_password', {
      email: u.email,
      code,
      password: 'another pass 1',
    });
    expect(reuse.body).toMatchObject({ code: true });
    const oldPw = await server.api<Redirect>('POST', '/api/auth/registration/login', {
      email: u.email,
      password: u.password,
    });
    expect(oldPw.body.error).toBeTruthy();
    const newPw = await server.api<Redirect>('POST', '/api/auth/registration/login', {
      email: u.email,
      password: 'brand new pass',
    });
    expect(newPw.body.redirect).toBeTruthy();
  });

  it('a reset code expires after 15 minutes', async () => {
    const u = await server.newUser();
    await server.api('POST', '/api/auth/registration/forgot_password', { email: u.email });
    const code = resetCodeIn(lastMailTo(server.dataDir, u.email) ?? '') ?? '';
    await server.site.ctx.db
      .updateTable('one_time_codes')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('user_id', '=', u.id)
      .where('purpose', '=', 'reset')
      .execute();
    const res = await server.api('POST', '/api/auth/registration/reset_password', {
      email: u.email,
      code,
      password: 'brand new pass',
    });
    expect(res.body).toMatchObject({ code: true });
  });

  it('the login control refuses sign-in for players', async () => {
    const u = await server.newUser();
    await server.site.ctx.controls.toggle('login');
    try {
      const res = await server.api<Redirect>('POST', '/api/auth/registration/login', {
        email: u.email,
        password: u.password,
      });
      expect(res.body).toEqual({ error: 'Login is currently disabled.' });
    } finally {
      await server.site.ctx.controls.toggle('login');
    }
  });

  it('a banned account cannot sign in and its sockets are sent to /banned', async () => {
    const u = await server.newUser();
    const sock = await server.socket('dice', u.token);
    const banned = nextEvent(sock, 'user banned');
    await server.site.ctx.db.updateTable('users').set({ banned: true }).where('id', '=', u.id).execute();
    server.site.ctx.realtime.banUser(u.id);
    await banned;
    const res = await server.api<Redirect>('POST', '/api/auth/registration/login', {
      email: u.email,
      password: u.password,
    });
    expect(res.body).toEqual({ error: 'Your account has been banned.' });
    const late = await server.socket('dice');
    const lateBanned = nextEvent(late, 'user banned');
    late.emit('auth', u.token);
    await lateBanned;
  });
});

describe('rate limits at factor 1', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { RATE_LIMIT_FACTOR: '1' } });
  });
  afterAll(() => server?.close());

  it('rate-limits login per account with a 429 and a sentence', async () => {
    const u = await server.newUser();
    let last = { status: 0, body: {} as Redirect };
    for (let i = 0; i < 11; i++) {
      last = await server.api<Redirect>('POST', '/api/auth/registration/login', {
        email: u.email,
        password: 'wrong password',
      });
    }
    expect(last.status).toBe(429);
    expect(last.body.error).toMatch(/Too many attempts/);
  });
});

describe('bot check with RECAPTCHA_SECRET set', () => {
  let fake: Server;
  let server: TestServer;
  const seen: string[] = [];
  beforeAll(async () => {
    fake = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const form = new URLSearchParams(body);
        seen.push(`${form.get('secret')}:${form.get('response')}`);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ success: form.get('response') === 'human-token' }));
      });
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', () => r()));
    const port = (fake.address() as AddressInfo).port;
    server = await startServer({
      env: {
        RECAPTCHA_SECRET: 'shh',
        RECAPTCHA_SITE_KEY: 'site-key',
        RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    fake?.close();
  });

  it('publishes the site key and verifies every token with siteverify', async () => {
    const site = await server.api<{ recaptchaSiteKey: string }>('GET', '/api/site');
    expect(site.body.recaptchaSiteKey).toBe('site-key');
    const body = { email: 'bot@example.com', username: 'maybe_bot', password: 'password123' };
    const none = await server.api<Redirect>('POST', '/api/auth/registration/register', body);
    expect(none.body).toEqual({ error: 'reCAPTCHA verification failed. Please try again.' });
    const bot = await server.api<Redirect>('POST', '/api/auth/registration/register', {
      ...body,
      recaptcha: 'robot-token',
    });
    expect(bot.body.error).toMatch(/reCAPTCHA/);
    const human = await server.api<Redirect>('POST', '/api/auth/registration/register', {
      ...body,
      recaptcha: 'human-token',
    });
    expect(human.body.redirect).toBeTruthy();
    expect(seen).toEqual(['shh:robot-token', 'shh:human-token']);
  });
});
