import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedMail, lastMailTo } from '../../test-support/outbox.ts';
import { DB_KINDS, startServer, type TestServer } from '../../test-support/server.ts';
import { base32Decode, totpAt } from '../auth/totp.ts';
import { ManualClock } from '../clock.ts';

/** Issue 16 §1: two-factor authentication, required at every guarded action. */
describe.each(DB_KINDS)('two-factor authentication on %s', (db) => {
  let server: TestServer;
  const clock = new ManualClock(Date.now());
  beforeAll(async () => {
    server = await startServer({ db, clock });
  });
  afterAll(() => server?.close());

  /** A fresh code: the clock moves one step on first, so each code is newer than the last one used. */
  const codeFor = async (secret: string) => {
    await clock.advance(30_000);
    return totpAt(base32Decode(secret), clock.now());
  };
  const post = <T>(path: string, body: unknown, token?: string) =>
    server.api<T & { error?: string; twoFactor?: boolean }>('POST', path, body, token);

  async function userWith2fa() {
    const user = await server.newUser();
    const setup = await post<{ secret: string; qr: string; otpauthUrl: string }>(
      '/api/account/2fa/setup',
      {},
      user.token,
    );
    expect(setup.status).toBe(200);
    expect(setup.body.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(setup.body.otpauthUrl).toContain(`secret=${setup.body.secret}`);
    const wrong = await post('/api/account/2fa/enable', { code: '000000' }, user.token);
    expect(wrong.status).toBe(400);
    const on = await post<{ recoveryCodes: string[] }>(
      '/api/account/2fa/enable',
      { code: await codeFor(setup.body.secret) },
      user.token,
    );
    expect(on.status).toBe(200);
    expect(on.body.recoveryCodes).toHaveLength(10);
    return { ...user, secret: setup.body.secret, recoveryCodes: on.body.recoveryCodes };
  }

  const login = (email: string, password: string, twoFactorCode?: string) =>
    post<{ redirect?: string }>('/api/auth/registration/login', { email, password, twoFactorCode });

  it('is required at sign-in, once per code, and a recovery code works once', async () => {
    const user = await userWith2fa();
    const bare = await login(user.email, user.password);
    expect(bare.body).toMatchObject({ twoFactor: true });
    expect(bare.body.redirect).toBeUndefined();
    // a wrong password never reveals that 2FA is on
    expect((await login(user.email, 'wrong password')).body).toEqual({ error: 'Invalid email or password.' });
    const code = await codeFor(user.secret);
    expect((await login(user.email, user.password, code)).body.redirect).toMatch(/token=/);
    // the same code again (replay) is refused
    expect((await login(user.email, user.password, code)).body.twoFactor).toBe(true);
    const recovery = user.recoveryCodes[0] ?? '';
    expect((await login(user.email, user.password, recovery.toLowerCase())).body.redirect).toMatch(/token=/);
    expect((await login(user.email, user.password, recovery)).body.twoFactor).toBe(true);
    const status = await server.api<{ twoFactor: { enabled: boolean; recoveryCodesLeft: number } }>(
      'GET',
      '/api/account/security',
      undefined,
      user.token,
    );
    expect(status.body.twoFactor).toEqual({ enabled: true, recoveryCodesLeft: 9 });
  });

  it('a sign-in code made without the second factor (Steam) asks for it at the exchange', async () => {
    const user = await userWith2fa();
    const code = await server.site.ctx.sessions.createLoginCode(user.id);
    const bare = await post<{ token?: string }>('/api/auth/exchange-token', { token: code });
    expect(bare.body.twoFactor).toBe(true);
    const ok = await post<{ token?: string }>('/api/auth/exchange-token', {
      token: code,
      twoFactorCode: await codeFor(user.secret),
    });
    expect(ok.body.token).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is required for a withdrawal and to turn 2FA off', async () => {
    const user = await userWith2fa();
    const body = { currency: 'LTC', address: 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh', amount: 20 };
    const bare = await post('/api/cashier/crypto/withdraw', body, user.token);
    expect(bare.status).toBe(400);
    expect(bare.body.twoFactor).toBe(true);
    // with the code the withdrawal goes on to its own rules (this account never deposited)
    const withCode = await post(
      '/api/cashier/crypto/withdraw',
      { ...body, twoFactorCode: await codeFor(user.secret) },
      user.token,
    );
    expect(withCode.body.twoFactor).toBeUndefined();
    expect(withCode.body.error).toContain('deposit');

    expect((await post('/api/account/2fa/disable', {}, user.token)).body.twoFactor).toBe(true);
    const off = await post(
      '/api/account/2fa/disable',
      { twoFactorCode: await codeFor(user.secret) },
      user.token,
    );
    expect(off.status).toBe(200);
    expect((await login(user.email, user.password)).body.redirect).toMatch(/token=/);
  });

  it('lists the active sessions and revokes one or all others (issue 16 §3)', async () => {
    const user = await server.newUser();
    const second = await server.signIn(user.email, user.password);
    const third = await server.signIn(user.email, user.password);
    const list = await server.api<{
      sessions: Array<{ id: number; current: boolean; device: string; ip: string }>;
    }>('GET', '/api/account/sessions', undefined, user.token);
    expect(list.body.sessions).toHaveLength(3);
    expect(list.body.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(list.body.sessions[0]?.ip).toBe('127.0.0.1');
    const me = async (token: string) => (await server.api('GET', '/api/user', undefined, token)).status;
    const thirdId = (
      await server.api<{ sessions: Array<{ id: number; current: boolean }> }>(
        'GET',
        '/api/account/sessions',
        undefined,
        third,
      )
    ).body.sessions.find((s) => s.current)?.id;
    expect((await post(`/api/account/sessions/${thirdId}/revoke`, {}, user.token)).status).toBe(200);
    expect(await me(third)).toBe(401);
    expect((await post(`/api/account/sessions/${thirdId}/revoke`, {}, user.token)).status).toBe(404);
    // another player's session cannot be revoked
    const other = await server.newUser();
    const otherId = (
      await server.api<{ sessions: Array<{ id: number }> }>(
        'GET',
        '/api/account/sessions',
        undefined,
        other.token,
      )
    ).body.sessions[0]?.id;
    expect((await post(`/api/account/sessions/${otherId}/revoke`, {}, user.token)).status).toBe(404);
    expect(await me(other.token)).toBe(200);
    expect(
      (await post<{ revoked: number }>('/api/account/sessions/revoke-others', {}, user.token)).body.revoked,
    ).toBe(1);
    expect(await me(second)).toBe(401);
    expect(await me(user.token)).toBe(200);
  });

  const LTC = 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh';
  const mailTo = (email: string) => decodedMail(lastMailTo(server.dataDir, email) ?? '');
  const linkIn = (mail: string) => /\/verify-email\?token=([0-9a-f]{64})/.exec(mail)?.[1] ?? '';

  it('2FA is required to change the password (which signs the other sessions out) and the email', async () => {
    const user = await userWith2fa();
    const other = await server.signIn(user.email, user.password, await codeFor(user.secret));
    const change = { currentPassword: user.password, newPassword: 'a new password 1' };
    expect((await post('/api/account/password', change, user.token)).body.twoFactor).toBe(true);
    expect(
      (await post('/api/account/password', { ...change, currentPassword: 'nope' }, user.token)).body.error,
    ).toBe('Your current password is not correct.');
    const ok = await post(
      '/api/account/password',
      { ...change, twoFactorCode: await codeFor(user.secret) },
      user.token,
    );
    expect(ok.status).toBe(200);
    expect((await server.api('GET', '/api/user', undefined, other)).status).toBe(401);
    expect((await server.api('GET', '/api/user', undefined, user.token)).status).toBe(200);
    expect(mailTo(user.email)).toContain('Your password was changed');

    const newEmail = `new_${user.username}@example.com`;
    const emailChange = { newEmail, password: 'a new password 1' };
    expect((await post('/api/account/email', emailChange, user.token)).body.twoFactor).toBe(true);
    const asked = await post(
      '/api/account/email',
      { ...emailChange, twoFactorCode: await codeFor(user.secret) },
      user.token,
    );
    expect(asked.status).toBe(200);
    expect(mailTo(user.email)).toContain(`change its email address to ${newEmail}`);
    const link = linkIn(mailTo(newEmail));
    expect(link).not.toBe('');
    expect((await post('/api/account/verify-email', { token: link })).status).toBe(200);
    expect((await post('/api/account/verify-email', { token: link })).status).toBe(400);
    expect(mailTo(user.email)).toContain(`is now ${newEmail}`);
    expect(mailTo(newEmail)).toContain(`is now ${newEmail}`);
    expect((await login(newEmail, 'a new password 1', await codeFor(user.secret))).body.redirect).toMatch(
      /token=/,
    );
  });

  it('a registration mails a verification link; until it is opened no withdrawal', async () => {
    const user = await server.newUser({ verified: false });
    const link = linkIn(mailTo(user.email));
    expect(link).not.toBe('');
    const body = { currency: 'LTC', address: LTC, amount: 20 };
    const refused = await post('/api/cashier/crypto/withdraw', body, user.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain('confirm your email');
    // it can play meanwhile: the account is signed in and its security view says so
    const security = await server.api<{ emailVerified: boolean }>(
      'GET',
      '/api/account/security',
      undefined,
      user.token,
    );
    expect(security.body.emailVerified).toBe(false);
    expect((await post('/api/account/verify-email', { token: link })).status).toBe(200);
    expect((await post('/api/cashier/crypto/withdraw', body, user.token)).body.error).toContain('deposit');
  });

  it('registration refuses under-18s and refused states; the original client (no birth date) still registers', async () => {
    const register = (extra: Record<string, unknown>) => {
      const n = Math.floor(Math.random() * 1e6);
      return post<{ redirect?: string }>('/api/auth/registration/register', {
        email: `age_${n}@example.com`,
        username: `age_${n}`,
        password: 'correct horse',
        ...extra,
      });
    };
    const now = new Date(clock.now());
    const ymd = (yearsAgo: number, dayShift = 0) =>
      new Date(Date.UTC(now.getUTCFullYear() - yearsAgo, now.getUTCMonth(), now.getUTCDate() + dayShift))
        .toISOString()
        .slice(0, 10);
    // the original client's answer shape: 200 with { error }
    expect((await register({ birthDate: ymd(18, 1), region: 'CA' })).body).toEqual({
      error: 'Sorry, you must be an adult (minimum age 18) to use this site.',
    });
    expect((await register({ birthDate: ymd(18), region: 'CA' })).body.redirect).toMatch(/token=/);
    for (const region of ['NV', 'wa'])
      expect((await register({ birthDate: ymd(30), region })).body).toEqual({
        error: 'Sorry, this site is not available in your state.',
      });
    const legacy = await register({});
    expect(legacy.body.redirect).toMatch(/token=/);
  });

  it('mails a new-device sign-in and 2FA changes', async () => {
    const user = await server.newUser();
    const signInFrom = async (ua: string) => {
      const res = await fetch(`${server.url}/api/auth/registration/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': ua },
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
      const code = ((await res.json()) as { redirect: string }).redirect.split('token=')[1];
      await fetch(`${server.url}/api/auth/exchange-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': ua },
        body: JSON.stringify({ token: code }),
      });
    };
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';
    await signInFrom(firefox);
    expect(mailTo(user.email)).toContain('new device: Firefox on Linux (127.0.0.1)');
    const mailsBefore = mailTo(user.email);
    await signInFrom(firefox);
    expect(mailTo(user.email)).toBe(mailsBefore);

    const setup = await post<{ secret: string }>('/api/account/2fa/setup', {}, user.token);
    await post('/api/account/2fa/enable', { code: await codeFor(setup.body.secret) }, user.token);
    expect(mailTo(user.email)).toContain('Two-factor authentication was turned on');
    await post('/api/account/2fa/disable', { twoFactorCode: await codeFor(setup.body.secret) }, user.token);
    expect(mailTo(user.email)).toContain('Two-factor authentication was turned off');
  });
});
