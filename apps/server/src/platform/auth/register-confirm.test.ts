import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedMail, lastMailTo, loginLinkCodeIn } from '../../test-support/outbox.ts';
import { DB_KINDS, startServer, type TestServer } from '../../test-support/server.ts';
import { loadConfig } from '../config.ts';

/** Issue 9 item 9(d): with REGISTER_CONFIRM_EMAIL on, registration does not tell whether an email exists. */
describe.each(DB_KINDS)('registration confirmed by mail on %s', (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ db, env: { REGISTER_CONFIRM_EMAIL: 'yes' } });
  });
  afterAll(() => server?.close());

  /** The raw answer: status, content type and the exact bytes of the body. */
  const registerRaw = async (body: Record<string, unknown>) => {
    const res = await fetch(`${server.url}/api/auth/registration/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ recaptcha: null, ...body }),
    });
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };
  const loginRaw = async (email: string, password: string) => {
    const res = await fetch(`${server.url}/api/auth/registration/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    return { status: res.status, text: await res.text() };
  };
  const exchange = (code: string | null) =>
    server.api<{ token?: string; error?: string }>('POST', '/api/auth/exchange-token', { token: code ?? '' });
  const me = async (token: string | undefined) =>
    (await server.api<{ user: { username: string } }>('GET', '/api/user', undefined, token)).body.user;
  const userByName = (username: string) =>
    server.site.ctx.db
      .selectFrom('users')
      .select(['id', 'email', 'email_confirmed_at'])
      .where('username', '=', username)
      .executeTakeFirst();
  const linkFor = (email: string) => loginLinkCodeIn(lastMailTo(server.dataDir, email) ?? '');

  const CHECK_MAIL = {
    status: 200,
    type: 'application/json; charset=utf-8',
    text: '{"redirect":"/register/check-mail"}',
  };

  it('answers a new and a known email with the same bytes, and tells the owner instead', async () => {
    const fresh = await registerRaw({
      email: 'alice@example.com',
      username: 'alice_1',
      password: 'alicepass1',
    });
    expect(fresh).toEqual(CHECK_MAIL);
    const owner = await exchange(linkFor('alice@example.com'));
    expect(owner.status).toBe(200);

    const known = await registerRaw({
      email: 'ALICE@example.com',
      username: 'mallory1',
      password: 'mallorypw1',
    });
    expect(known).toEqual(fresh);

    const raw = lastMailTo(server.dataDir, 'alice@example.com') ?? '';
    const note = decodedMail(raw);
    expect(note).toContain('Someone tried to create a new account with this email address');
    expect(note).toContain('Hi alice_1,');
    expect(loginLinkCodeIn(raw)).toBeNull();
    // nothing else happened: no account for the new name, the owner's password unchanged
    expect(await userByName('mallory1')).toBeUndefined();
    expect(JSON.parse((await loginRaw('alice@example.com', 'mallorypw1')).text)).toEqual({
      error: 'Invalid email or password.',
    });
    expect(await me(await server.signIn('alice@example.com', 'alicepass1'))).toMatchObject({
      username: 'alice_1',
    });
  });

  it('refuses password sign-in before the link, exactly like a wrong password; the link confirms and signs in', async () => {
    expect(
      await registerRaw({ email: 'bob@example.com', username: 'bob_1', password: 'bobpass123' }),
    ).toEqual(CHECK_MAIL);
    expect((await userByName('bob_1'))?.email_confirmed_at).toBeNull();
    const right = await loginRaw('bob@example.com', 'bobpass123');
    const wrong = await loginRaw('bob@example.com', 'not bobs password');
    expect(right).toEqual(wrong);
    expect(JSON.parse(right.text)).toEqual({ error: 'Invalid email or password.' });

    const mail = lastMailTo(server.dataDir, 'bob@example.com') ?? '';
    expect(decodedMail(mail)).toContain(`${server.site.ctx.config.publicUrl}/login?token=`);
    const code = loginLinkCodeIn(mail);
    const ex = await exchange(code);
    expect(ex.status).toBe(200);
    expect(await me(ex.body.token)).toMatchObject({ username: 'bob_1' });
    expect((await userByName('bob_1'))?.email_confirmed_at).toBeInstanceOf(Date);
    expect((await exchange(code)).status).toBe(400);
    expect(JSON.parse((await loginRaw('bob@example.com', 'bobpass123')).text).redirect).toMatch(
      /^\/login\/local\?token=/,
    );
  });

  it('the link lives 24 hours', async () => {
    await registerRaw({ email: 'late@example.com', username: 'late_1', password: 'latepass12' });
    const row = await server.site.ctx.db
      .selectFrom('one_time_codes as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['c.expires_at', 'c.created_at'])
      .where('u.username', '=', 'late_1')
      .executeTakeFirstOrThrow();
    const hours = (row.expires_at.getTime() - row.created_at.getTime()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThan(24.1);
  });

  it('registering a pending email again takes the new name and password and voids the earlier link', async () => {
    await registerRaw({ email: 'carol@example.com', username: 'carol_a', password: 'firstpass1' });
    const first = linkFor('carol@example.com');
    expect(
      await registerRaw({ email: 'carol@example.com', username: 'carol_b', password: 'secondpw1' }),
    ).toEqual(CHECK_MAIL);
    const second = linkFor('carol@example.com');
    expect(second).not.toBe(first);
    expect((await exchange(first)).status).toBe(400);
    const ex = await exchange(second);
    expect(await me(ex.body.token)).toMatchObject({ username: 'carol_b' });
    expect(await userByName('carol_a')).toBeUndefined();
    expect(JSON.parse((await loginRaw('carol@example.com', 'firstpass1')).text).error).toBeTruthy();
    expect(JSON.parse((await loginRaw('carol@example.com', 'secondpw1')).text).redirect).toBeTruthy();
  });

  it('checks the username first and keeps its message, whatever the email', async () => {
    await registerRaw({ email: 'dave@example.com', username: 'dave_1', password: 'davepass12' });
    const taken = { error: 'This username is already taken.' };
    for (const email of ['someone.new@example.com', 'dave@example.com', 'alice@example.com']) {
      const res = await registerRaw({ email, username: 'DAVE_1', password: 'whatever12' });
      expect(JSON.parse(res.text)).toEqual(taken);
    }
  });

  it('a pending sign-up whose link expired gives its username back', async () => {
    await registerRaw({ email: 'erin@example.com', username: 'erin_1', password: 'erinpass12' });
    const pending = await userByName('erin_1');
    await server.site.ctx.db
      .updateTable('one_time_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', pending?.id ?? 0)
      .execute();
    expect(
      await registerRaw({ email: 'erin2@example.com', username: 'erin_1', password: 'erinpass12' }),
    ).toEqual(CHECK_MAIL);
    expect((await userByName('erin_1'))?.email).toBe('erin2@example.com');
    // the earlier address can still sign up: its pending account takes the new request
    expect(
      await registerRaw({ email: 'erin@example.com', username: 'erin_2', password: 'erinpass34' }),
    ).toEqual(CHECK_MAIL);
    const ex = await exchange(linkFor('erin@example.com'));
    expect(await me(ex.body.token)).toMatchObject({ username: 'erin_2' });
    expect((await userByName('erin_2'))?.id).toBe(pending?.id);
  });

  it('a password reset (a code sent by mail) confirms a pending account', async () => {
    await registerRaw({ email: 'fay@example.com', username: 'fay_1', password: 'faypass123' });
    const id = (await userByName('fay_1'))?.id ?? 0;
    const code = await server.site.ctx.sessions.createResetCode(id);
    const reset = await server.api('POST', '/api/auth/registration/reset_password', {
      email: 'fay@example.com',
      code,
      password: 'faynewpass1',
    });
    expect(reset.body).toEqual({ success: true });
    expect(JSON.parse((await loginRaw('fay@example.com', 'faynewpass1')).text).redirect).toBeTruthy();
  });
});

describe('REGISTER_CONFIRM_EMAIL', () => {
  it('defaults to on with SMTP and off with the outbox; an explicit value wins', () => {
    expect(loadConfig({}).registerConfirmEmail).toBe(false);
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.com' }).registerConfirmEmail).toBe(true);
    expect(
      loadConfig({ SMTP_URL: 'smtp://m.example.com', REGISTER_CONFIRM_EMAIL: 'no' }).registerConfirmEmail,
    ).toBe(false);
    expect(loadConfig({ REGISTER_CONFIRM_EMAIL: 'yes' }).registerConfirmEmail).toBe(true);
    expect(() => loadConfig({ REGISTER_CONFIRM_EMAIL: 'maybe' })).toThrow(/REGISTER_CONFIRM_EMAIL/);
  });
});
