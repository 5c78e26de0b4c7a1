import {
  type AuditEntry,
  CHAT_TEXT,
  type ChatHistory,
  chatHistorySchema,
  chatMessageSchema,
  chatText,
  rainText,
} from '@coinsite/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isInsufficientBalance } from '../platform/wallet.ts';
import {
  balanceOf,
  chatter,
  expectLedgerConsistent,
  type Player,
  spaced,
  startQuietServer,
} from '../games/rounds/round-test-kit.ts';
import type { ManualClock } from '../platform/clock.ts';
import { findLedgerMismatches } from '../platform/ledger.ts';
import {
  DB_KINDS,
  nextEvent,
  type TestServer,
  useTwoNodes,
  twoNodesEnabled,
} from '../test-support/server.ts';
import { postMessage, tipUser } from './chat.service.ts';

process.env.ROUND_CHAIN_LENGTH = '20';

async function say(socket: Socket, content: unknown): Promise<void> {
  await spaced();
  socket.emit('send-chat-message', content);
}

/** Sends a line and returns the notify-error it is refused with. */
async function refused(socket: Socket, content: unknown): Promise<unknown> {
  await spaced();
  const err = nextEvent(socket, 'notify-error');
  socket.emit('send-chat-message', content);
  return (await err)[0];
}

describe.each(DB_KINDS)('chat on %s', (db) => {
  let server: TestServer;
  let clock: ManualClock;
  const ctx = () => server.site.ctx;
  const history = async () => (await server.api<ChatHistory>('GET', '/api/chat/history')).body;

  beforeAll(async () => {
    ({ server, clock } = await startQuietServer(db, { keep: ['rain'] }));
  });
  afterAll(() => server?.close());

  it('a message reaches every /chat client (guests too) as a Msg, and history serves it with the rain/trivia shape', async () => {
    const a = await chatter(ctx());
    const sa = await server.socket('chat', a.token);
    const guest = await server.socket('chat');
    const toGuest = nextEvent(guest, 'new-chat-message');
    const toSender = nextEvent(sa, 'new-chat-message');
    await say(sa, '  hello chat  ');
    const [msg] = await toGuest;
    expect(await toSender).toEqual([msg]);
    const parsed = chatMessageSchema.parse(msg);
    expect(parsed).toMatchObject({
      content: 'hello chat',
      user: { id: String(a.id), username: a.username, rank: 1, level: { name: '2' } },
    });
    expect(parsed.created).toBe(new Date(clock.now()).toISOString());

    const h = chatHistorySchema.parse(await history());
    expect(h.messages.at(-1)).toEqual(parsed);
    expect(h).toMatchObject({
      // the rain cycle runs (chat/rain): no one has joined yet
      rain: expect.objectContaining({ joinable: false, players: [] }),
      trivia: null,
      giveaway: null,
      triviaTime: 0,
      triviaCountdownStarted: false,
    });
  });

  it('users-online is sent on connect and again right after a successful auth', async () => {
    const p = await chatter(ctx());
    const s = await server.socket('chat');
    const heard: unknown[] = [];
    s.on('users-online', (n: unknown) => heard.push(n));
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    const bound = nextEvent(s, 'authenticated');
    s.emit('auth', p.token);
    await bound;
    await vi.waitFor(() => expect(heard).toHaveLength(2));
    expect(typeof heard[1]).toBe('number');
  });

  it('history keeps the last 30 live messages, oldest first', async () => {
    const a = await chatter(ctx());
    await ctx()
      .db.insertInto('chat_messages')
      .values(
        Array.from({ length: 35 }, (_, i) => ({
          user_id: a.id,
          content: `bulk ${i}`,
          created_at: new Date(clock.now()),
        })),
      )
      .execute();
    const h = await history();
    expect(h.messages).toHaveLength(30);
    expect(h.messages.at(-1)?.content).toBe('bulk 34');
    expect(h.messages[0]?.content).toBe('bulk 5');
    const ids = h.messages.map((m) => Number(m.msgId));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
  });

  it('an HTML/script payload is stored and returned as the same plain text', async () => {
    // The server never renders HTML: it stores and sends the characters as typed, and the clients
    // render message content as text (React text nodes), so the payload stays inert.
    const payload = '<img src=x onerror="alert(1)"><script>alert(document.cookie)</script>';
    const a = await chatter(ctx());
    const sa = await server.socket('chat', a.token);
    const got = nextEvent(sa, 'new-chat-message');
    await say(sa, payload);
    expect(((await got)[0] as { content: string }).content).toBe(payload);
    expect((await history()).messages.at(-1)?.content).toBe(payload);
    const row = await ctx()
      .db.selectFrom('chat_messages')
      .select('content')
      .where('user_id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(row.content).toBe(payload);
  });

  it('refuses guests, low levels, long or control-character text, flooding and duplicates', async () => {
    const guest = await server.socket('chat');
    expect(await refused(guest, 'hi')).toBe(CHAT_TEXT.chatRequiresLogin);

    const low = await chatter(ctx(), { level: 1 });
    const sl = await server.socket('chat', low.token);
    expect(await refused(sl, 'hi')).toBe(chatText.levelRequired(2));

    const a = await chatter(ctx());
    const sa = await server.socket('chat', a.token);
    expect(await refused(sa, 'x'.repeat(201))).toBe(CHAT_TEXT.tooLong);
    expect(await refused(sa, 'bad\u0007bell')).toBe(CHAT_TEXT.printable);
    expect(await refused(sa, '   ')).toBe(CHAT_TEXT.empty);
    expect(await refused(sa, { content: 'hi' })).toBe(CHAT_TEXT.empty);

    // slow mode: 1.5 s per user by the injected clock
    const first = nextEvent(sa, 'new-chat-message');
    await say(sa, 'first');
    await first;
    expect(await refused(sa, 'second')).toBe(chatText.slowMode(1500));
    await clock.advance(1000);
    expect(await refused(sa, 'second')).toBe(chatText.slowMode(500));
    await clock.advance(500);
    const second = nextEvent(sa, 'new-chat-message');
    await say(sa, 'second');
    expect((await second)[0]).toMatchObject({ content: 'second' });

    // the same text again within 30 s (any case) is spam; after the window it passes
    await clock.advance(2000);
    expect(await refused(sa, 'SECOND')).toBe(CHAT_TEXT.duplicate);
    await clock.advance(30_000);
    const again = nextEvent(sa, 'new-chat-message');
    await say(sa, 'SECOND');
    expect((await again)[0]).toMatchObject({ content: 'SECOND' });
    await clock.advance(2000);
  });

  it('parallel sends of one user (any node) pass slow mode once', async () => {
    const a = await chatter(ctx());
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => postMessage(ctx(), a.id, `burst ${i}`)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as Error).message).toMatch(/^Slow mode is on/);
    await clock.advance(2000);
  });

  it('/tip moves money in one transaction: both ledger rows, a notification, update-wallet', async () => {
    const s = await chatter(ctx(), { level: 15, coins: 20 });
    const r = await chatter(ctx(), { level: 1 });
    const ss = await server.socket('chat', s.token);
    const sr = await server.socket('chat', r.token);
    const ok = nextEvent(ss, 'notify-success');
    const note = nextEvent(sr, 'notification');
    const wallet = nextEvent(sr, 'update-wallet');
    const senderWallet = nextEvent(ss, 'update-wallet');
    await say(ss, `/tip ${r.id} 5.25`);
    expect((await ok)[0]).toBe(chatText.tipSent(r.username, 525));
    expect((await note)[0]).toBe(chatText.tipReceived(s.username, 525));
    expect(await wallet).toEqual([5.25]);
    expect(await senderWallet).toEqual([-5.25]);
    expect(await balanceOf(ctx(), s.id)).toBe(2000 - 525);
    expect(await balanceOf(ctx(), r.id)).toBe(525);
    const rows = await ctx()
      .db.selectFrom('ledger_entries')
      .select(['user_id', 'delta', 'kind'])
      .where('kind', 'in', ['sent_tip', 'received_tip'])
      .where('user_id', 'in', [s.id, r.id])
      .execute();
    expect(rows).toEqual(
      expect.arrayContaining([
        { user_id: s.id, delta: -525, kind: 'sent_tip' },
        { user_id: r.id, delta: 525, kind: 'received_tip' },
      ]),
    );
    // both sides in the profile's free history ('sent-tip' shows red, 'received-tip' green)
    type Txs = { free: Array<{ action: string; amount: number }> };
    const sentTxs = (await server.api<Txs>('GET', '/api/user/txs', undefined, s.token)).body;
    expect(sentTxs.free).toContainEqual(expect.objectContaining({ action: 'sent-tip', amount: -5.25 }));
    const gotTxs = (await server.api<Txs>('GET', '/api/user/txs', undefined, r.token)).body;
    expect(gotTxs.free).toContainEqual(expect.objectContaining({ action: 'received-tip', amount: 5.25 }));
    // no tip is ever a message
    expect((await history()).messages.some((m) => m.content.startsWith('/tip'))).toBe(false);

    expect(await refused(ss, `/tip ${r.id} 0.99`)).toBe(chatText.tipRange(100, 10_000));
    expect(await refused(ss, `/tip ${r.id} 100.01`)).toBe(chatText.tipRange(100, 10_000));
    expect(await refused(ss, `/tip ${s.id} 2`)).toBe(CHAT_TEXT.tipSelf);
    expect(await refused(ss, '/tip 999999999 2')).toBe(CHAT_TEXT.userNotFound);
    expect(await refused(ss, '/tip abc')).toBe(CHAT_TEXT.tipUsage);
    expect(await refused(ss, `/tip ${r.id} 50`)).toBe("You don't have enough balance.");
    expect(await refused(sr, `/tip ${s.id} 1`)).toBe(chatText.tipLevelRequired(15));
    expect(await refused(ss, '/tip-rain 0.5')).toBe(rainText.tipRange(100, 10_000));
  });

  it('50 parallel tips from one balance never overdraw and the ledger adds up', async () => {
    const s = await chatter(ctx(), { level: 15, coins: 100 });
    const receivers = await Promise.all(Array.from({ length: 5 }, () => chatter(ctx())));
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => tipUser(ctx(), s.id, (receivers[i % 5] as Player).id, 300)),
    );
    const ok = results.filter((x) => x.status === 'fulfilled').length;
    for (const x of results) if (x.status === 'rejected') expect(isInsufficientBalance(x.reason)).toBe(true);
    expect(ok).toBe(33);
    expect(await balanceOf(ctx(), s.id)).toBe(10_000 - 33 * 300);
    let received = 0;
    for (const r of receivers) received += await balanceOf(ctx(), r.id);
    expect(received).toBe(33 * 300);
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
    await expectLedgerConsistent(ctx());
  });

  it("a rank-1 or rank-0 user's moderation commands do nothing", async () => {
    const victim = await chatter(ctx());
    for (const rank of [0, 1]) {
      const u = await chatter(ctx(), { rank });
      const su = await server.socket('chat', u.token);
      expect(await refused(su, `.ban-user ${victim.id}`)).toBe(CHAT_TEXT.notModerator);
      expect(await refused(su, `.mute-user ${victim.id} 5`)).toBe(CHAT_TEXT.notModerator);
      expect(await refused(su, '.remove-message 1')).toBe(CHAT_TEXT.notModerator);
    }
    const row = await ctx()
      .db.selectFrom('users')
      .select('banned')
      .where('id', '=', victim.id)
      .executeTakeFirst();
    expect(row?.banned).toBe(false);
    expect((await server.api('GET', '/api/user', undefined, victim.token)).status).toBe(200);
    const mutes = await ctx()
      .db.selectFrom('chat_mutes')
      .selectAll()
      .where('user_id', '=', victim.id)
      .execute();
    expect(mutes).toEqual([]);
  });

  it('a moderator removes a message, mutes until expiry and bans (sessions revoked); all audited', async () => {
    const mod = await chatter(ctx(), { rank: 5 });
    const victim = await chatter(ctx());
    const sm = await server.socket('chat', mod.token);
    const sv = await server.socket('chat', victim.token);
    const watcher = await server.socket('chat');

    const posted = nextEvent(watcher, 'new-chat-message');
    await say(sv, 'rude words');
    const msgId = ((await posted)[0] as { msgId: string }).msgId;
    const removed = nextEvent(watcher, 'remove-message');
    const okRemove = nextEvent(sm, 'notify-success');
    await say(sm, `.remove-message ${msgId}`);
    expect(await removed).toEqual([msgId]);
    expect((await okRemove)[0]).toBe(CHAT_TEXT.messageRemoved);
    expect((await history()).messages.some((m) => m.msgId === msgId)).toBe(false);
    expect(await refused(sm, `.remove-message ${msgId}`)).toBe(CHAT_TEXT.messageNotFound);

    await clock.advance(2000);
    const okMute = nextEvent(sm, 'notify-success');
    const told = nextEvent(sv, 'notify-error');
    await say(sm, `.mute-user ${victim.id} 5`);
    expect((await okMute)[0]).toBe(chatText.muteDone(victim.username, 5));
    expect((await told)[0]).toBe(chatText.muted(5));
    expect(await refused(sv, 'let me talk')).toBe(chatText.muted(5));
    await clock.advance(4 * 60_000 + 1000);
    expect(await refused(sv, 'let me talk')).toBe(chatText.muted(1));
    await clock.advance(60_000);
    const back = nextEvent(watcher, 'new-chat-message');
    await say(sv, 'let me talk');
    expect((await back)[0]).toMatchObject({ content: 'let me talk' });

    // a moderator cannot act on another moderator or themselves
    const otherMod = await chatter(ctx(), { rank: 5 });
    expect(await refused(sm, `.ban-user ${otherMod.id}`)).toBe(CHAT_TEXT.cannotModerate);
    expect(await refused(sm, `.mute-user ${mod.id}`)).toBe(CHAT_TEXT.cannotModerate);

    const banned = nextEvent(sv, 'user banned');
    const okBan = nextEvent(sm, 'notify-success');
    await say(sm, `.ban-user ${victim.id}`);
    await banned;
    expect((await okBan)[0]).toBe(chatText.banDone(victim.username));
    expect((await server.api('GET', '/api/user', undefined, victim.token)).status).toBe(401);

    const log = await server.api<AuditEntry[]>(
      'GET',
      '/api/external/v1/audit-log?limit=20',
      undefined,
      mod.token,
    );
    expect(log.status).toBe(200);
    const mine = log.body.filter((e) => e.actorId === String(mod.id)).map((e) => [e.action, e.target]);
    expect(mine).toEqual([
      ['ban-user', String(victim.id)],
      ['chat-mute-user', String(victim.id)],
      ['chat-remove-message', msgId],
    ]);
    expect(log.body[0]?.actorName).toBe(mod.username);
    expect((await server.api('GET', '/api/external/v1/audit-log', undefined, otherMod.token)).status).toBe(
      200,
    );
    const plain = await chatter(ctx());
    expect((await server.api('GET', '/api/external/v1/audit-log', undefined, plain.token)).status).toBe(403);
  });

  it('an admin announcement reaches everyone on /chat as a notification', async () => {
    const admin = await chatter(ctx(), { rank: 5 });
    const guest = await server.socket('chat');
    const got = nextEvent(guest, 'notification');
    const res = await server.api(
      'POST',
      '/api/external/v1/chat/announce',
      { text: 'Site news!' },
      admin.token,
    );
    expect(res.status).toBe(200);
    expect(await got).toEqual(['Site news!']);
    const user = await chatter(ctx());
    expect(
      (await server.api('POST', '/api/external/v1/chat/announce', { text: 'x' }, user.token)).status,
    ).toBe(403);
    expect(
      (await server.api('POST', '/api/external/v1/chat/announce', { text: 'a\u0000' }, admin.token)).status,
    ).toBe(400);
  });
});

describe.runIf(twoNodesEnabled)('chat across two nodes with the Redis adapter', () => {
  const nodes = useTwoNodes();

  it('a message sent through node A reaches a client on node B, and both serve it in history', async () => {
    const { a, b } = nodes;
    const p = await chatter(a.site.ctx);
    const q = await chatter(a.site.ctx);
    const onA = await a.socket('chat', p.token);
    const onB = await b.socket('chat', q.token);
    const got = nextEvent(onB, 'new-chat-message');
    const echo = nextEvent(onA, 'new-chat-message');
    await say(onA, 'across nodes');
    expect((await got)[0]).toMatchObject({ content: 'across nodes', user: { id: String(p.id) } });
    await echo;
    const back = nextEvent(onA, 'new-chat-message');
    await say(onB, 'and back');
    expect((await back)[0]).toMatchObject({ content: 'and back', user: { id: String(q.id) } });
    const h = (await b.api<ChatHistory>('GET', '/api/chat/history')).body;
    expect(h.messages.map((m) => m.content)).toEqual(['across nodes', 'and back']);
  });
});
