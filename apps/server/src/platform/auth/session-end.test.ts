import { ACCOUNT_EVENTS, SESSION_END_TEXT, SESSION_EVENTS, type SessionEndReason } from '@coinsite/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBanned } from '../../admin/moderation.routes.ts';
import { DB_KINDS, nextEvent, startServer, type TestServer } from '../../test-support/server.ts';
import { ManualClock } from '../clock.ts';

/**
 * Issue 26 §7: every way a session ends tells its open sockets why (`session-ended {reason,
 * message}`, then what the original client reads, then the disconnect), and every later call with
 * its token answers 401 with the same reason.
 */
describe.each(DB_KINDS)('session ends on %s', (db) => {
  let server: TestServer;
  const clock = new ManualClock(Date.now());
  beforeAll(async () => {
    server = await startServer({ db, clock });
  });
  afterAll(() => server?.close());

  /** What one socket hears, in order, until the server closes it. */
  function record(socket: Socket): { events: Array<[string, unknown]>; closed: Promise<string> } {
    const events: Array<[string, unknown]> = [];
    socket.onAny((event: string, arg: unknown) => events.push([event, arg]));
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (why) => resolve(why)));
    return { events, closed };
  }

  async function sessionIdOf(token: string): Promise<number> {
    const user = await server.site.ctx.sessions.resolve(token);
    if (!user) throw new Error('no session');
    return user.sessionId;
  }

  /** A player signed in twice (two devices); the second device has /chat and /dice open. */
  async function twoDevices() {
    const user = await server.newUser();
    const other = await server.signIn(user.email, user.password);
    const chat = await server.socket('chat', other);
    const dice = await server.socket('dice', other);
    return { user, other, chat: record(chat), dice: record(dice) };
  }

  async function expectEnded(
    rec: { events: Array<[string, unknown]>; closed: Promise<string> },
    reason: SessionEndReason,
    classic: string = ACCOUNT_EVENTS.kicked,
  ) {
    expect(await rec.closed).toBe('io server disconnect');
    const names = rec.events.map(([e]) => e);
    // the reason first, then the original client's event, each once
    expect(names.filter((e) => e === SESSION_EVENTS.ended || e === classic)).toEqual([
      SESSION_EVENTS.ended,
      classic,
    ]);
    expect(rec.events.find(([e]) => e === SESSION_EVENTS.ended)?.[1]).toEqual({
      reason,
      message: SESSION_END_TEXT[reason],
    });
  }

  async function expect401(token: string, reason: SessionEndReason) {
    const me = await server.api('GET', '/api/user', undefined, token);
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ error: SESSION_END_TEXT[reason], session: reason });
  }

  it('a session ended from another device: its sockets are told why and its token answers 401 with it', async () => {
    const { user, other, chat, dice } = await twoDevices();
    const id = await sessionIdOf(other);
    const res = await server.api('POST', `/api/account/sessions/${id}/revoke`, {}, user.token);
    expect(res.status).toBe(200);
    await expectEnded(chat, 'revoked');
    await expectEnded(dice, 'revoked');
    await expect401(other, 'revoked');
    // the device that revoked it is still signed in
    expect((await server.api('GET', '/api/user', undefined, user.token)).status).toBe(200);
  });

  it('"sign out my other sessions" tells them the same', async () => {
    const { user, other, chat } = await twoDevices();
    const res = await server.api('POST', '/api/account/sessions/revoke-others', {}, user.token);
    expect(res.body).toEqual({ revoked: 1 });
    await expectEnded(chat, 'revoked');
    await expect401(other, 'revoked');
  });

  it('a password change signs the other sessions out with that reason', async () => {
    const { user, other, chat } = await twoDevices();
    const res = await server.api(
      'POST',
      '/api/account/password',
      { currentPassword: user.password, newPassword: 'another horse' },
      user.token,
    );
    expect(res.status).toBe(200);
    await expectEnded(chat, 'password_changed');
    await expect401(other, 'password_changed');
  });

  it('a password reset by mail ends every session with that reason', async () => {
    const { user, other, chat } = await twoDevices();
    const code = await server.site.ctx.sessions.createResetCode(user.id);
    const res = await server.api('POST', '/api/auth/registration/reset_password', {
      email: user.email,
      code,
      password: 'a third horse',
    });
    expect(res.status).toBe(200);
    await expectEnded(chat, 'password_changed');
    await expect401(other, 'password_changed');
    await expect401(user.token, 'password_changed');
  });

  it('signing out in one tab tells the other tabs of that session', async () => {
    const user = await server.newUser();
    const tab = record(await server.socket('chat', user.token));
    expect((await server.api('POST', '/api/auth/logout', {}, user.token)).status).toBe(200);
    await expectEnded(tab, 'signed_out');
    await expect401(user.token, 'signed_out');
  });

  it('a ban: the reason, then `user banned` (the original client goes to /banned), then the disconnect', async () => {
    const { user, other, chat } = await twoDevices();
    const admin = await server.newUser();
    await setBanned(server.site.ctx, admin.id, user.id, true);
    await expectEnded(chat, 'banned', ACCOUNT_EVENTS.banned);
    await expect401(other, 'banned');
  });

  it('an expiring session is ended at its expiry on the injected clock', async () => {
    const user = await server.newUser();
    // a session two seconds from its end (advancing the app's clock through 30 days would play
    // every round-loop tick of them)
    await server.site.ctx.db
      .updateTable('sessions')
      .set({ expires_at: new Date(clock.now() + 2000) })
      .where('id', '=', await sessionIdOf(user.token))
      .execute();
    const tab = record(await server.socket('chat', user.token));
    const ended = nextEvent(await server.socket('chat', user.token), SESSION_EVENTS.ended);
    await clock.advance(1500);
    expect(tab.events.some(([e]) => e === SESSION_EVENTS.ended)).toBe(false);
    expect((await server.api('GET', '/api/user', undefined, user.token)).status).toBe(200);
    await clock.advance(1000);
    expect(await ended).toEqual([{ reason: 'expired', message: SESSION_END_TEXT.expired }]);
    await expectEnded(tab, 'expired');
    await expect401(user.token, 'expired');
  });

  it('a tab that was away when its session ended hears why when it sends its token again', async () => {
    const user = await server.newUser();
    const other = await server.signIn(user.email, user.password);
    await server.api('POST', `/api/account/sessions/${await sessionIdOf(other)}/revoke`, {}, user.token);
    const late = await server.socket('chat');
    const ended = nextEvent(late, SESSION_EVENTS.ended);
    const toast = nextEvent(late, ACCOUNT_EVENTS.notifyError);
    late.emit('auth', other);
    expect(await ended).toEqual([{ reason: 'revoked', message: SESSION_END_TEXT.revoked }]);
    // the original client reads the sentence as a toast
    expect(await toast).toEqual([SESSION_END_TEXT.revoked]);
    // a token that never was a session here
    const stranger = await server.socket('chat');
    const strangerEnded = nextEvent(stranger, SESSION_EVENTS.ended);
    stranger.emit('auth', 'f'.repeat(64));
    expect(await strangerEnded).toEqual([{ reason: 'invalid', message: SESSION_END_TEXT.invalid }]);
    await expect401('f'.repeat(64), 'invalid');
  });

  it('a socket whose new token fails is no longer bound to the old session', async () => {
    const user = await server.newUser();
    const socket = await server.socket('chat', user.token);
    const ended = nextEvent(socket, SESSION_EVENTS.ended);
    socket.emit('auth', 'e'.repeat(64));
    await ended;
    const onServer = server.site.ctx.realtime.ns('chat').sockets.get(socket.id ?? '');
    expect(onServer).toBeDefined();
    expect(onServer?.data.user).toBeUndefined();
    expect(onServer?.rooms.has(`user:${user.id}`)).toBe(false);
  });
});
