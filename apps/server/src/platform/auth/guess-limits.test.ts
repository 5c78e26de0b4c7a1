import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, loginLinkCodeIn, resetCodeIn } from '../../test-support/outbox.ts';
import {
  DB_KINDS,
  startServer,
  startTwoNodes,
  type TestServer,
  type TwoNodes,
  twoNodesEnabled,
} from '../../test-support/server.ts';
import { ManualClock } from '../clock.ts';
import { GUESS_LIMITS, GUESS_TEXT } from './guess-limit.ts';
import { base32Decode, totpAt } from './totp.ts';

type Answer = {
  redirect?: string;
  error?: string;
  twoFactor?: boolean;
  unlockSent?: boolean;
  token?: string;
};

/** A client of one address (TRUST_PROXY is on in these servers). */
function clientOf(server: TestServer) {
  return async (ip: string, path: string, body: unknown, token?: string) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': ip };
    if (token) headers['x-auth-token'] = token;
    const res = await fetch(`${server.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Answer };
  };
}

/** Helpers over one server: a player with 2FA on, fresh and wrong codes. */
function kit(server: () => TestServer, clock: ManualClock) {
  const codeFor = async (secret: string) => {
    await clock.advance(30_000);
    return totpAt(base32Decode(secret), clock.now());
  };
  /** A 6-digit code that is none of the ones the server accepts around now. */
  const wrongCode = (secret: string) => {
    const near = [-30_000, 0, 30_000].map((d) => totpAt(base32Decode(secret), clock.now() + d));
    for (let n = 0; ; n++) {
      const c = String(n).padStart(6, '0');
      if (!near.includes(c)) return c;
    }
  };
  const userWith2fa = async () => {
    const s = server();
    const user = await s.newUser();
    const setup = await s.api<{ secret: string }>('POST', '/api/account/2fa/setup', {}, user.token);
    const on = await s.api(
      'POST',
      '/api/account/2fa/enable',
      { code: await codeFor(setup.body.secret) },
      user.token,
    );
    expect(on.status).toBe(200);
    return { ...user, secret: setup.body.secret };
  };
  return { codeFor, wrongCode, userWith2fa };
}

/** Issue 26 item 4: guess limits are `security` limits, never multiplied by RATE_LIMIT_FACTOR. */
describe.each(DB_KINDS)('guess limits with RATE_LIMIT_FACTOR=100 on %s', (db) => {
  let server: TestServer;
  const clock = new ManualClock(Date.now());
  beforeAll(async () => {
    server = await startServer({ db, clock, env: { RATE_LIMIT_FACTOR: '100', TRUST_PROXY: 'true' } });
  });
  afterAll(() => server?.close());
  const { codeFor, wrongCode, userWith2fa } = kit(() => server, clock);
  const perClient = GUESS_LIMITS['second-factor'].perClient.max;

  it('twelve wrong 2FA and recovery codes, then the right one: still refused', async () => {
    const post = clientOf(server);
    const u = await userWith2fa();
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) {
      // authenticator and recovery codes share the count
      const code = i % 2 ? wrongCode(u.secret) : 'ABCDE-23456';
      answers.push(
        (
          await post('198.51.100.1', '/api/auth/registration/login', {
            email: u.email,
            password: u.password,
            twoFactorCode: code,
          })
        ).status,
      );
    }
    expect(answers.slice(0, perClient).every((s) => s === 200)).toBe(true);
    expect(answers.slice(perClient)).toEqual([429, 429]);
    const right = await post('198.51.100.1', '/api/auth/registration/login', {
      email: u.email,
      password: u.password,
      twoFactorCode: await codeFor(u.secret),
    });
    expect(right.status).toBe(429);
    expect(right.body.redirect).toBeUndefined();
  });

  it('eleven wrong passwords, then the right one: still refused', async () => {
    const post = clientOf(server);
    const u = await server.newUser();
    const max = GUESS_LIMITS.password.perClient.max;
    for (let i = 0; i < max; i++)
      expect(
        (
          await post('198.51.100.2', '/api/auth/registration/login', {
            email: u.email,
            password: `nope ${i}`,
          })
        ).body.error,
      ).toBe('Invalid email or password.');
    expect(
      (await post('198.51.100.2', '/api/auth/registration/login', { email: u.email, password: 'nope' }))
        .status,
    ).toBe(429);
    const right = await post('198.51.100.2', '/api/auth/registration/login', {
      email: u.email,
      password: u.password,
    });
    expect(right.status).toBe(429);
  });

  it('eleven wrong reset codes, then the right one: still refused', async () => {
    const post = clientOf(server);
    const u = await server.newUser();
    expect(
      (await post('198.51.100.3', '/api/auth/registration/forgot_password', { email: u.email })).status,
    ).toBe(200);
    const code = resetCodeIn(lastMailTo(server.dataDir, u.email) ?? '');
    expect(code).toBeTruthy();
    const reset = (c: string) =>
      post('198.51.100.3', '/api/auth/registration/reset_password', {
        email: u.email,
        code: c,
        password: 'brand new pw',
      });
    for (let i = 0; i < GUESS_LIMITS['reset-code'].perClient.max; i++)
      expect((await reset('WRONGCODE2')).body.error).toMatch(/invalid or has expired/);
    expect((await reset(code ?? '')).status).toBe(429);
  });
});

/** Issue 26 item 5: a guesser locks out only itself; the account's backstop asks the owner for proof. */
describe.each(DB_KINDS)('nobody can lock an owner out on %s', (db) => {
  let server: TestServer;
  const clock = new ManualClock(Date.now());
  beforeAll(async () => {
    server = await startServer({ db, clock, env: { RATE_LIMIT_FACTOR: '1', TRUST_PROXY: 'true' } });
  });
  afterAll(() => server?.close());
  const { codeFor, wrongCode, userWith2fa } = kit(() => server, clock);
  const login = (ip: string, body: Record<string, unknown>) =>
    clientOf(server)(ip, '/api/auth/registration/login', body);

  it('ten wrong codes from someone holding the password do not stop the owner elsewhere', async () => {
    const u = await userWith2fa();
    for (let i = 0; i < 10; i++)
      await login('203.0.113.9', {
        email: u.email,
        password: u.password,
        twoFactorCode: wrongCode(u.secret),
      });
    const thief = await login('203.0.113.9', {
      email: u.email,
      password: u.password,
      twoFactorCode: await codeFor(u.secret),
    });
    expect(thief.status).toBe(429);
    const owner = await login('198.51.100.77', {
      email: u.email,
      password: u.password,
      twoFactorCode: await codeFor(u.secret),
    });
    expect(owner.status).toBe(200);
    expect(owner.body.redirect).toMatch(/token=/);
  });

  it("the owner's own right answers are not counted as guesses", async () => {
    const u = await userWith2fa();
    for (let i = 0; i < GUESS_LIMITS.password.perClient.max + 5; i++) {
      const r = await login('198.51.100.90', {
        email: u.email,
        password: u.password,
        twoFactorCode: await codeFor(u.secret),
      });
      expect(r.body.redirect, `sign-in ${i}`).toMatch(/token=/);
    }
  });

  it('ten wrong reset codes from one address do not stop the owner resetting from another', async () => {
    const u = await server.newUser();
    const post = clientOf(server);
    await post('198.51.100.80', '/api/auth/registration/forgot_password', { email: u.email });
    const code = resetCodeIn(lastMailTo(server.dataDir, u.email) ?? '') ?? '';
    for (let i = 0; i < 11; i++)
      await post('203.0.113.10', '/api/auth/registration/reset_password', {
        email: u.email,
        code: 'WRONGCODE2',
        password: 'whatever12',
      });
    const owner = await post('198.51.100.80', '/api/auth/registration/reset_password', {
      email: u.email,
      code,
      password: 'brand new pw',
    });
    expect(owner.body).toEqual({ success: true });
  });

  it('wrong passwords spread over many addresses trip the backstop: the owner gets a mailed link, not a 429', async () => {
    const u = await server.newUser();
    const backstop = GUESS_LIMITS.password.perAccount?.max ?? 0;
    const perIp = GUESS_LIMITS.password.perClient.max - 1;
    for (let i = 0; i < backstop; i++) {
      const r = await login(`203.0.114.${Math.floor(i / perIp)}`, { email: u.email, password: `guess ${i}` });
      expect(r.body.error).toBe('Invalid email or password.');
    }
    // past the backstop, a wrong password and the right one get the same answer
    const before = lastMailTo(server.dataDir, u.email);
    const wrong = await login('203.0.114.200', { email: u.email, password: 'still guessing' });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toEqual({ error: GUESS_TEXT.unlockSent, unlockSent: true });
    expect(lastMailTo(server.dataDir, u.email)).toBe(before);
    const owner = await login('198.51.100.78', { email: u.email, password: u.password });
    expect(owner.body).toEqual(wrong.body);
    const mail = lastMailTo(server.dataDir, u.email) ?? '';
    expect(mail).not.toBe(before);
    const link = loginLinkCodeIn(mail);
    expect(link).toBeTruthy();
    const session = await clientOf(server)('198.51.100.78', '/api/auth/exchange-token', { token: link });
    expect(session.status).toBe(200);
    expect(session.body.token).toBeTruthy();
  });

  it('codes spread over many addresses trip the backstop: the mailed link still asks the code, and takes it', async () => {
    const u = await userWith2fa();
    const backstop = GUESS_LIMITS['second-factor'].perAccount?.max ?? 0;
    const perIp = GUESS_LIMITS['second-factor'].perClient.max - 1;
    for (let i = 0; i < backstop; i++)
      await login(`203.0.115.${Math.floor(i / perIp)}`, {
        email: u.email,
        password: u.password,
        twoFactorCode: wrongCode(u.secret),
      });
    const owner = await login('198.51.100.79', {
      email: u.email,
      password: u.password,
      twoFactorCode: await codeFor(u.secret),
    });
    expect(owner.body).toEqual({ error: GUESS_TEXT.unlockSent, unlockSent: true });
    const link = loginLinkCodeIn(lastMailTo(server.dataDir, u.email) ?? '');
    expect(link).toBeTruthy();
    const exchange = clientOf(server);
    const bare = await exchange('198.51.100.79', '/api/auth/exchange-token', { token: link });
    expect(bare.body.twoFactor).toBe(true);
    const done = await exchange('198.51.100.79', '/api/auth/exchange-token', {
      token: link,
      twoFactorCode: await codeFor(u.secret),
    });
    expect(done.status).toBe(200);
    expect(done.body.token).toBeTruthy();
  });
});

describe('the backstop with the bot check configured', () => {
  let fake: Server;
  let server: TestServer;
  beforeAll(async () => {
    fake = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ success: new URLSearchParams(body).get('response') === 'human' }));
      });
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', () => r()));
    server = await startServer({
      env: {
        RATE_LIMIT_FACTOR: '1',
        TRUST_PROXY: 'true',
        RECAPTCHA_SECRET: 'shh',
        RECAPTCHA_SITE_KEY: 'site-key',
        RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/siteverify`,
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    fake?.close();
  });

  it('lets the owner who passed the bot check sign in past a tripped backstop', async () => {
    const u = { email: 'owner@example.com' };
    const reg = await server.api<Answer>('POST', '/api/auth/registration/register', {
      email: u.email,
      username: 'captcha_owner',
      password: 'owner secret',
      recaptcha: 'human',
    });
    expect(reg.body.redirect).toMatch(/token=/);
    const login = (ip: string, password: string) =>
      clientOf(server)(ip, '/api/auth/registration/login', { email: u.email, password, recaptcha: 'human' });
    const backstop = GUESS_LIMITS.password.perAccount?.max ?? 0;
    for (let i = 0; i <= backstop; i++) await login(`203.0.116.${Math.floor(i / 9)}`, `guess ${i}`);
    const owner = await login('198.51.100.81', 'owner secret');
    expect(owner.body.redirect).toMatch(/token=/);
  });
});

describe.runIf(twoNodesEnabled)('the backstop across two nodes (shared Redis)', () => {
  let nodes: TwoNodes;
  beforeAll(async () => {
    nodes = await startTwoNodes({ RATE_LIMIT_FACTOR: '1', TRUST_PROXY: 'true' });
  });
  afterAll(() => nodes?.close());

  it('guesses counted on either node trip one backstop', async () => {
    const { a, b } = nodes;
    const u = await a.newUser();
    const backstop = GUESS_LIMITS.password.perAccount?.max ?? 0;
    for (let i = 0; i < backstop; i++) {
      const node = i % 2 ? a : b;
      await clientOf(node)(`203.0.117.${Math.floor(i / 9)}`, '/api/auth/registration/login', {
        email: u.email,
        password: `guess ${i}`,
      });
    }
    const owner = await clientOf(b)('198.51.100.82', '/api/auth/registration/login', {
      email: u.email,
      password: u.password,
    });
    expect(owner.body).toEqual({ error: GUESS_TEXT.unlockSent, unlockSent: true });
    // each node counted only half: alone, neither would have tripped
    const link = loginLinkCodeIn(lastMailTo(b.dataDir, u.email) ?? '');
    expect(link).toBeTruthy();
  });
});
