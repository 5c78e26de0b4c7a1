import type { ChildProcess } from 'node:child_process';
import { type ChatHistory, RESYNC_EVENT } from '@coinsite/shared';
import { wagerNeededCents } from '@coinsite/shared/vip';
import { io as ioClient, type Socket } from 'socket.io-client';
import legacyIo from 'socket-io-client-2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postMessage } from '../chat/chat.service.ts';
import { type RoundLoops, roundLoopsOf } from '../games/rounds/round-games.ts';
import { leaderTasksOf } from './leader-tasks.ts';
import { driveUntil, eventually, fundedPlayer, type Player } from '../games/rounds/round-test-kit.ts';
import { freePort, startRedis, startRedisProxy, stopRedis } from '../test-support/redis.ts';
import {
  createPgDatabase,
  nextEvent,
  startServer,
  startTwoNodes,
  type TestServer,
  type TwoNodes,
} from '../test-support/server.ts';
import { ManualClock } from './clock.ts';
import type { Ctx } from './context.ts';

const enabled = Boolean(process.env.TEST_DATABASE_URL);

type Seen = Array<{ event: string; args: unknown[] }>;
interface Legacy {
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  once(event: string, listener: (...args: unknown[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  close(): void;
}

/** Every event a socket hears, in order (socket.io-client 2 has no onAny: the names are listed). */
function listen(s: Legacy, events: string[]): Seen {
  const seen: Seen = [];
  for (const event of events) s.on(event, (...args: unknown[]) => seen.push({ event, args }));
  return seen;
}

const contents = (seen: Seen) =>
  seen.filter((e) => e.event === 'new-chat-message').map((e) => (e.args[0] as { content: string }).content);

async function chatter(ctx: Ctx): Promise<Player> {
  const p = await fundedPlayer(ctx, 0);
  await ctx.db
    .updateTable('users')
    .set({ wager: wagerNeededCents(2) })
    .where('id', '=', p.id)
    .execute();
  return p;
}

type Closable = { close?: () => void; disconnect?: () => void };

/** Our client's socket: it asks for `resync` in its handshake. */
async function oursOn(opened: Closable[], node: TestServer, ns: string): Promise<Socket> {
  const s = ioClient(`${node.url}/${ns}`, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    auth: { resync: true },
  });
  opened.push(s);
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  return s;
}

/** The original client's socket (socket.io-client 2), signed in as it does. */
async function originalOn(opened: Closable[], node: TestServer, ns: string, token?: string): Promise<Legacy> {
  const s = legacyIo(`${node.url}/${ns}`, { transports: ['websocket'], forceNew: true, reconnection: false });
  opened.push(s);
  await new Promise((r) => s.once('connect', r));
  if (token) {
    const bound = new Promise((r) => s.once('authenticated', r));
    s.emit('auth', token);
    await bound;
  }
  return s;
}

/**
 * Issue 26 item 10: broadcasts made while Redis is away are dropped (issue 20: never replayed in a
 * burst), so when a node's link comes back every node's clients load what they missed from the
 * server: ours get `resync` and reload, the original client gets the missed lines and the current
 * states under the names it knows. Two nodes on one PostgreSQL and a Redis of the test's own, which
 * it stops and starts again; the clock is a ManualClock shared by both nodes.
 */
describe.runIf(enabled)('two nodes resync their clients when Redis comes back', () => {
  let nodes: TwoNodes;
  let a: TestServer;
  let b: TestServer;
  let redis: ChildProcess | undefined;
  let port = 0;
  const clock = new ManualClock();
  let loops: RoundLoops;
  const opened: Closable[] = [];

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    nodes = await startTwoNodes({ REDIS_URL: `redis://127.0.0.1:${port}` }, { clock });
    ({ a, b } = nodes);
    await vi.waitFor(() => expect(a.site.ctx.leadership.isLeader()).toBe(true), { timeout: 10_000 });
    // only the crash round runs on the leader; the trivia below is not moved on by its loop
    await Promise.all(
      [...leaderTasksOf(a.site.ctx)].filter(([name]) => name !== 'crash').map(([, task]) => task.stop()),
    );
    loops = roundLoopsOf(a.site.ctx);
  }, 30_000);

  afterAll(async () => {
    for (const s of opened) (s.close ?? s.disconnect)?.call(s);
    await nodes?.close();
    await stopRedis(redis);
  });

  const ours = (node: TestServer, ns: string) => oursOn(opened, node, ns);
  const original = (node: TestServer, ns: string, token?: string) => originalOn(opened, node, ns, token);

  it('the other node’s clients get the lines written and the round and trivia state changed during the outage', async () => {
    const ctxA = a.site.ctx;
    const writer = await chatter(ctxA);
    const bettor = await fundedPlayer(ctxA, 100);
    const admin = await chatter(ctxA);
    await ctxA.db.updateTable('users').set({ rank: 5 }).where('id', '=', admin.id).execute();

    const web = await ours(b, 'chat');
    const webCrash = await ours(b, 'crash');
    const old = await original(b, 'chat');
    const oldCrash = await original(b, 'crash', bettor.token);
    const webSeen: Seen = [];
    web.onAny((event: string, ...args: unknown[]) => webSeen.push({ event, args }));
    const webCrashSeen: Seen = [];
    webCrash.onAny((event: string, ...args: unknown[]) => webCrashSeen.push({ event, args }));
    const chatEvents = [
      'new-chat-message',
      'remove-message',
      'trivia-state-changed',
      'countdown-started-trivia',
      'rain-state-changed',
      'rain-update-amount',
      'giveaway-state-changed',
      RESYNC_EVENT,
    ];
    const oldSeen = listen(old, chatEvents);
    const oldCrashSeen = listen(oldCrash, [
      'game-starting',
      'game-start',
      'game-bets',
      'game-join-success',
      RESYNC_EVENT,
    ]);

    // the link works: a line on node A reaches node B's clients
    await postMessage(ctxA, writer.id, 'before the outage');
    await clock.advance(2000); // past the slow mode
    await eventually(() => contents(oldSeen).length === 1 && contents(webSeen).length === 1, 10_000);

    // Redis goes away; both nodes notice
    await stopRedis(redis);
    await vi.waitFor(
      () => {
        expect(a.site.redis?.link.isAway).toBe(true);
        expect(b.site.redis?.link.isAway).toBe(true);
      },
      { timeout: 5000 },
    );

    // meanwhile on node A: three lines, a trivia, and a new crash round with a bet
    const lines = ['during one', 'during two', 'during three'];
    for (const line of lines) {
      expect(await postMessage(ctxA, writer.id, line)).toMatchObject({ message: { content: line } });
      await clock.advance(2000); // past the slow mode
    }
    const trivia = await a.api(
      'PUT',
      '/api/external/v1/trivia/create',
      { question: 'Which river?', answer: 'Amazon', winnerAmount: 1, prize: 1 },
      admin.token,
    );
    expect(trivia.status).toBe(200);
    const crash = () => loops.crash;
    const now = crash().current;
    const before = now.kind === 'betting' ? now.round.id : 0;
    await driveUntil(clock, crash(), () => {
      const s = crash().current;
      return s.kind === 'betting' && s.round.id !== before;
    });
    const round = crash().current;
    if (round.kind !== 'betting') throw new Error('not betting');
    const joinOnA = await a.socket('crash', bettor.token);
    const joined = nextEvent(joinOnA, 'game-join-success', 10_000);
    joinOnA.emit('join-game', null, 1);
    await joined;
    // node B's clients heard none of it
    await new Promise((r) => setTimeout(r, 300));
    expect(contents(oldSeen)).toEqual(['before the outage']);
    expect(contents(webSeen)).toEqual(['before the outage']);
    expect(oldSeen.some((e) => e.event === 'trivia-state-changed')).toBe(false);
    expect(oldCrashSeen.some((e) => e.event === 'game-starting')).toBe(false);

    // Redis is back: our clients are told to resync, the original client gets what it missed
    redis = await startRedis(port);
    await eventually(() => webSeen.some((e) => e.event === RESYNC_EVENT), 15_000);
    await eventually(() => webCrashSeen.some((e) => e.event === RESYNC_EVENT), 5000);
    await eventually(() => contents(oldSeen).length === 4, 10_000);
    // both nodes came back and told each other: still each missed line once, in order
    await new Promise((r) => setTimeout(r, 500));
    expect(contents(oldSeen)).toEqual(['before the outage', ...lines]);
    expect(oldSeen.some((e) => e.event === RESYNC_EVENT)).toBe(false);
    const triviaState = oldSeen.filter((e) => e.event === 'trivia-state-changed').at(-1)?.args[0];
    expect(triviaState).toMatchObject({ active: true, question: '', winnerAmount: 1, prize: 1 });
    expect(JSON.stringify(oldSeen).toLowerCase()).not.toContain('amazon');
    expect(oldSeen.find((e) => e.event === 'rain-state-changed')?.args[0]).toMatchObject({
      players: expect.any(Array),
    });
    // the crash round that began during the outage, with the bet, and the bettor's own bet back
    await eventually(() => oldCrashSeen.some((e) => e.event === 'game-join-success'), 5000);
    expect(oldCrashSeen.find((e) => e.event === 'game-starting')?.args[0]).toMatchObject({
      _id: String(round.round.id),
      timeUntilStart: expect.any(Number),
    });
    expect(oldCrashSeen.find((e) => e.event === 'game-bets')?.args[0]).toEqual([
      expect.objectContaining({ playerID: String(bettor.id), betAmount: 1 }),
    ]);
    // our client's own events are the `resync` only: it reloads the snapshots, which have it all
    expect(webSeen.filter((e) => e.event === 'new-chat-message')).toHaveLength(1);
    const history = (await b.api<ChatHistory>('GET', '/api/chat/history')).body;
    expect(history.messages.map((m) => m.content).slice(-4)).toEqual(['before the outage', ...lines]);
    expect(history.trivia).toMatchObject({ active: true, question: '' });
    const state = (await b.api<{ current: { _id: string; players: unknown[] } }>('GET', '/api/crash')).body;
    expect(state.current._id).toBe(String(round.round.id));
    expect(state.current.players).toHaveLength(1);

    // and broadcasts cross again
    await clock.advance(2000);
    await postMessage(ctxA, writer.id, 'after the outage');
    await eventually(() => contents(oldSeen).at(-1) === 'after the outage', 10_000);
  }, 60_000);
});

/**
 * The same when one node alone loses Redis (a partition: node A reaches Redis through a proxy the test
 * cuts): node B's link never breaks, so only node A's note on its return tells B's clients what A
 * broadcast meanwhile.
 */
describe.runIf(enabled)(
  'when one node alone loses Redis, its return resyncs the other node’s clients',
  () => {
    let a: TestServer;
    let b: TestServer;
    let redis: ChildProcess | undefined;
    let proxy: Awaited<ReturnType<typeof startRedisProxy>> | undefined;
    let shared: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
    const clock = new ManualClock();
    const opened: Closable[] = [];

    beforeAll(async () => {
      const port = await freePort();
      redis = await startRedis(port);
      proxy = await startRedisProxy(port);
      shared = await createPgDatabase();
      a = await startServer({ env: { DATABASE_URL: shared.url, REDIS_URL: proxy.url }, clock });
      b = await startServer({
        env: { DATABASE_URL: shared.url, REDIS_URL: `redis://127.0.0.1:${port}` },
        clock,
      });
      await vi.waitFor(() => expect(a.site.ctx.leadership.isLeader()).toBe(true), { timeout: 10_000 });
      await Promise.all([...leaderTasksOf(a.site.ctx)].map(([, task]) => task.stop()));
    }, 30_000);

    afterAll(async () => {
      for (const s of opened) (s.close ?? s.disconnect)?.call(s);
      await a?.close();
      await b?.close();
      await proxy?.close();
      await stopRedis(redis);
      await shared?.drop();
    });

    it('node B’s clients get the lines node A posted while cut off; node A’s own clients get none twice', async () => {
      const ctxA = a.site.ctx;
      const writer = await chatter(ctxA);
      const webB = await oursOn(opened, b, 'chat');
      const webSeen: Seen = [];
      webB.onAny((event: string, ...args: unknown[]) => webSeen.push({ event, args }));
      const oldB = listen(await originalOn(opened, b, 'chat'), ['new-chat-message', RESYNC_EVENT]);
      const oldA = listen(await originalOn(opened, a, 'chat'), ['new-chat-message', RESYNC_EVENT]);

      await postMessage(ctxA, writer.id, 'before the cut');
      await clock.advance(2000);
      await eventually(() => contents(oldB).length === 1, 10_000);

      proxy?.cut();
      await vi.waitFor(() => expect(a.site.redis?.link.isAway).toBe(true), { timeout: 5000 });
      for (const line of ['cut off one', 'cut off two']) {
        await postMessage(ctxA, writer.id, line);
        await clock.advance(2000);
      }
      await new Promise((r) => setTimeout(r, 300));
      expect(b.site.redis?.link.isAway).toBe(false);
      expect(contents(oldB)).toEqual(['before the cut']);
      expect(contents(oldA)).toEqual(['before the cut', 'cut off one', 'cut off two']);

      proxy?.restore();
      await eventually(() => contents(oldB).length === 3, 15_000);
      await eventually(() => webSeen.some((e) => e.event === RESYNC_EVENT), 5000);
      await new Promise((r) => setTimeout(r, 500));
      expect(contents(oldB)).toEqual(['before the cut', 'cut off one', 'cut off two']);
      expect(contents(oldA)).toEqual(['before the cut', 'cut off one', 'cut off two']);
      expect([...oldA, ...oldB].some((e) => e.event === RESYNC_EVENT)).toBe(false);
    }, 60_000);
  },
);
