import {
  ORIGINAL_HTTP,
  ORIGINAL_LISTENERS,
  ORIGINAL_NAMESPACES,
  originalListener,
  originalShapeProblem,
} from '@coinsite/shared/original-client';
import { wagerNeededCents } from '@coinsite/shared/vip';
import io from 'socket-io-client-2';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rainLoopOf } from '../chat/rain/rain.module.ts';
import { openRain } from '../chat/rain/rain.service.ts';
import { battleKit } from '../games/battles/battle-test-kit.ts';
import { roundLoopsOf } from '../games/rounds/round-games.ts';
import { leaderTasksOf } from './leader-tasks.ts';
import { driveUntil, fundedPlayer, type Player } from '../games/rounds/round-test-kit.ts';
import { EVERY_DB, spaced, startServer, type TestServer } from '../test-support/server.ts';
import { triviaLoopOf } from '../trivia/trivia.module.ts';
import { ManualClock } from './clock.ts';

/**
 * Issue 27, the guard: the original client (socket.io-client 2.x over Engine.IO 3) plays every flow
 * of ../shared/original-client-listeners.md, and EVERY event it receives, on every namespace, is
 * checked against that table (packages/shared/src/original-client.ts: one schema per listened
 * event). An event the original doesn't listen to is fine; a listened one with another shape fails
 * the test it arrived in. The last test fails if a row the server can send was never received, so
 * a flow that stops sending an event is noticed too.
 */
type Legacy = ReturnType<typeof io>;
interface Received {
  ns: string;
  event: string;
  args: unknown[];
}
const ORIGIN = 'http://original.example';
const PUBLIC = 'https://api.example';
const ADMIN = { email: 'conformance-admin@example.com', password: 'conformance-admin-password' };

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(EVERY_DB)('the original client, every listened event against the table (%s)', (db) => {
  let server: TestServer;
  const clock = new ManualClock();
  const sockets: Legacy[] = [];
  const received: Received[] = [];
  let checked = 0;
  const ctx = () => server.site.ctx;
  const kit = battleKit(
    () => server,
    () => clock,
  );

  beforeAll(async () => {
    server = await startServer({
      db,
      clock,
      env: {
        CORS_ORIGIN: ORIGIN,
        PUBLIC_URL: PUBLIC,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
    });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.close();
  });

  // every event received since the last test, against the table
  afterEach(() => {
    const fresh = received.slice(checked);
    checked = received.length;
    const problems = fresh
      .map((r) => originalShapeProblem(r.ns, r.event, r.args))
      .filter((p): p is string => p !== null);
    expect(problems).toEqual([]);
  });

  /**
   * A namespace socket of socket.io-client 2.x as the original opens it (websocket.service.js), every
   * received packet recorded before the client's own handlers run; signed in with auth(token).
   */
  function open(ns: string): Legacy {
    const s = io(`${server.url}/${ns}`, { transports: ['websocket'], forceNew: true, reconnection: false });
    const raw = s as unknown as { onevent(packet: { data?: unknown[] }): void };
    const onevent = raw.onevent.bind(s);
    raw.onevent = (packet) => {
      const [event, ...args] = packet.data ?? [];
      received.push({ ns, event: String(event), args });
      onevent(packet);
    };
    sockets.push(s);
    return s;
  }

  async function legacy(ns: string, token?: string): Promise<Legacy> {
    const s = open(ns);
    await waitFor(s, 'connect');
    if (token) {
      const bound = waitFor(s, 'authenticated');
      s.emit('auth', token);
      await bound;
    }
    return s;
  }

  function waitFor(
    s: Legacy,
    event: string,
    accept: (...args: unknown[]) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<unknown[]> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const last = received
          .slice(-8)
          .map((r) => `${r.ns} ${r.event} ${JSON.stringify(r.args).slice(0, 120)}`);
        reject(new Error(`timed out waiting for ${event}; last received:\n${last.join('\n')}`));
      }, timeoutMs);
      const on = (...args: unknown[]) => {
        if (!accept(...args)) return;
        clearTimeout(timer);
        (s as unknown as { off(e: string, f: unknown): void }).off(event, on);
        resolve(args);
      };
      s.on(event, on);
    });
  }

  const stopped = new Set<string>();
  /**
   * Runs only the named leader loops (rain, trivia, giveaway, race, coinflip, crash, roulette): the
   * fake clock then plays the timers a flow is about, not 30 minutes of crash rounds on the way to
   * a rain's window. A loop started again carries on from its rows.
   */
  async function only(...names: string[]): Promise<void> {
    for (const [name, task] of leaderTasksOf(ctx())) {
      if (names.includes(name)) {
        if (stopped.delete(name)) task.start();
      } else if (!stopped.has(name)) {
        stopped.add(name);
        await task.stop();
      }
    }
  }

  /** The first of several events on a socket (every listener removed once one arrives). */
  function waitAny(
    s: Legacy,
    events: string[],
    timeoutMs = 10_000,
  ): Promise<{ event: string; args: unknown[] }> {
    const sock = s as unknown as { off(e: string, f: unknown): void };
    return new Promise((resolve, reject) => {
      const offs: Array<() => void> = [];
      const done = () => {
        clearTimeout(timer);
        for (const off of offs) off();
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`timed out waiting for any of ${events.join(', ')}`));
      }, timeoutMs);
      for (const event of events) {
        const on = (...args: unknown[]) => {
          done();
          resolve({ event, args });
        };
        s.on(event, on);
        offs.push(() => sock.off(event, on));
      }
    });
  }

  /** Waits (real time) until the recorder holds an event matching `pred`. */
  async function seen(pred: (r: Received) => boolean, timeoutMs = 10_000): Promise<Received> {
    const start = Date.now();
    for (;;) {
      const hit = received.find(pred);
      if (hit) return hit;
      if (Date.now() - start > timeoutMs) throw new Error('timed out waiting for an event');
      await pause(5);
    }
  }

  /** A player with coins and the wager of `level` (chat, tips and rain gates). */
  async function player(coins: number, level = 20): Promise<Player> {
    const p = await fundedPlayer(ctx(), coins);
    await ctx()
      .db.updateTable('users')
      .set({ wager: wagerNeededCents(level) })
      .where('id', '=', p.id)
      .execute();
    return p;
  }

  let admin: { token: string; id: number };
  async function adminOf() {
    if (admin) return admin;
    const token = await server.signIn(ADMIN.email, ADMIN.password);
    const me = await server.api<{ user: { _id: string } }>('GET', '/api/user', undefined, token);
    admin = { token, id: Number(me.body.user._id) };
    return admin;
  }

  it('the table catches an object under a toasted name (the old dice:bet echo, issue 27 item 1)', () => {
    const oldEcho = [{ amount: 1, multiplier: 2, rangeData: 49.5, betId: '7' }];
    expect(originalShapeProblem('dice', 'dice:bet', oldEcho)).toMatch(/^\/dice dice:bet/);
    expect(originalShapeProblem('limbo', 'limbo:bet', [{ amount: 1, multiplier: 2 }])).not.toBeNull();
    expect(originalShapeProblem('mines', 'mines:bet', [{ amount: 1, minescount: 3 }])).not.toBeNull();
    expect(originalShapeProblem('dice', 'dice:bet', ['Bet placed!'])).toBeNull();
    expect(originalShapeProblem('dice', 'dice:bet', [])).toBeNull();
    // one change on two namespaces is added twice by the client
    expect(originalShapeProblem('dice', 'update-wallet', [1])).not.toBeNull();
    expect(originalShapeProblem('chat', 'update-wallet', ['1.00'])).not.toBeNull();
    // not the original's: anything goes
    expect(originalShapeProblem('dice', 'wallet-balance', [{ balance: 1 }])).toBeNull();
  });

  it('connect and auth on /chat: users-online, the rain pot (item 5) and its state', async () => {
    await only('rain');
    await rainLoopOf(ctx()).idle();
    const rain = await openRain(ctx().db);
    expect(rain).toBeDefined();
    const pot = ((rain?.base ?? 0) + (rain?.carried ?? 0) + (rain?.tips ?? 0)) / 100;
    expect(pot).toBeGreaterThan(0);
    const guest = open('chat');
    const amount = waitFor(guest, 'rain-update-amount');
    const online = waitFor(guest, 'users-online');
    expect(await amount).toEqual([pot]);
    expect(typeof (await online)[0]).toBe('number');
    const p = await player(5);
    const again = waitFor(guest, 'rain-update-amount');
    const bound = waitFor(guest, 'authenticated');
    guest.emit('auth', p.token);
    await bound;
    expect(await again).toEqual([pot]);
  });

  it('a bad token: notify-error text on that namespace', async () => {
    await only();
    const s = await legacy('crash');
    const err = waitFor(s, 'notify-error');
    s.emit('auth', 'not-a-session');
    expect(typeof (await err)[0]).toBe('string');
  });

  it('chat: a message with a loadable avatar (item 7), its removal, a tip and its notification', async () => {
    await only();
    const a = await player(20);
    const b = await player(0);
    const mod = await adminOf();
    const sa = await legacy('chat', a.token);
    const sb = await legacy('chat', b.token);
    const sm = await legacy('chat', mod.token);
    const posted = waitFor(sb, 'new-chat-message');
    sa.emit('send-chat-message', 'hello from the original client');
    const [msg] = (await posted) as [{ msgId: string; user: { avatar: string } }];
    expect(msg.user.avatar).toBe(`${PUBLIC}/api/cases/art/avatar.svg`);
    const history = await server.api<{ messages: Array<{ user: { avatar: string } }> }>(
      'GET',
      '/api/chat/history',
    );
    for (const m of history.body.messages) expect(m.user.avatar).not.toBe('');

    const removed = waitFor(sb, 'remove-message');
    sm.emit('send-chat-message', `.remove-message ${msg.msgId}`);
    // the client removes with a strict compare: the same type as msgId
    expect(await removed).toEqual([msg.msgId]);

    await spaced();
    const note = waitFor(sb, 'notification');
    const ok = waitFor(sa, 'notify-success');
    const wallet = waitFor(sa, 'update-wallet');
    sa.emit('send-chat-message', `/tip ${b.id} 1.5`);
    expect(typeof (await note)[0]).toBe('string');
    expect(typeof (await ok)[0]).toBe('string');
    expect(await wallet).toEqual([-1.5]);
  });

  it('rain: a tip, the window, a join (twice), the close; the pot after each', async () => {
    await only('rain');
    const loop = rainLoopOf(ctx());
    await loop.idle();
    const tipper = await player(20);
    const s = await legacy('chat', tipper.token);
    const before = await openRain(ctx().db);
    const pot0 = ((before?.base ?? 0) + (before?.carried ?? 0) + (before?.tips ?? 0)) / 100;
    const tipped = waitFor(s, 'rain-update-amount', (v) => v === pot0 + 2.5);
    s.emit('send-chat-message', '/tip-rain 2.5');
    await tipped;

    // the open rain's window moved to 1 s from now and its close to 5 s (the loop follows its row;
    // advancing 28 minutes of fake time would play every poll of every other loop on the way)
    const open0 = await openRain(ctx().db);
    if (!open0) throw new Error('no open rain');
    await loop.stop();
    await ctx()
      .db.updateTable('rains')
      .set({ opens_at: clock.now() + 1_000, closes_at: clock.now() + 5_000 })
      .where('id', '=', open0.id)
      .execute();
    loop.start();
    await loop.idle();
    const rain = { ...open0, opens_at: clock.now() + 1_000, closes_at: clock.now() + 5_000 };
    const open = waitFor(s, 'rain-state-changed', (st) => (st as { joinable: boolean }).joinable);
    await clock.advance(rain.opens_at - clock.now());
    await loop.idle();
    await open;
    await spaced();
    const joined = waitFor(s, 'rain-join-success');
    s.emit('enter-rain', 'captcha-token');
    await joined;
    await spaced();
    const refused = waitFor(s, 'rain-join-error');
    s.emit('enter-rain', 'captcha-token');
    await refused;

    // the close pays the joiner (update-wallet) and starts the next rain: its pot goes out at once
    const paid = waitFor(s, 'update-wallet');
    const closed = waitFor(s, 'rain-state-changed', (st) => !(st as { joinable: boolean }).joinable);
    const next = waitFor(s, 'rain-update-amount');
    await clock.advance(rain.closes_at - clock.now());
    await loop.idle();
    await Promise.all([paid, closed]);
    const after = await openRain(ctx().db);
    expect(await next).toEqual([((after?.base ?? 0) + (after?.carried ?? 0) + (after?.tips ?? 0)) / 100]);
  });

  it('trivia and giveaway: state, countdown, a winner, the notification', async () => {
    await only('trivia', 'giveaway');
    const mod = await adminOf();
    const p = await player(0);
    const s = await legacy('chat', p.token);
    const state = waitFor(s, 'trivia-state-changed');
    const countdown = waitFor(s, 'countdown-started-trivia');
    const created = await server.api(
      'PUT',
      '/api/external/v1/trivia/create',
      { question: 'Which colour is green?', answer: 'green', winnerAmount: '1', prize: '0.50' },
      mod.token,
    );
    expect(created.status).toBe(200);
    await Promise.all([state, countdown]);
    const loop = triviaLoopOf(ctx());
    if (!loop) throw new Error('no trivia loop');
    const asked = (r: Received) =>
      r.event === 'trivia-state-changed' &&
      (r.args[0] as { question?: string } | null)?.question === 'Which colour is green?';
    await driveUntil(clock, loop, () => received.some(asked), 120_000, 1000);
    const winner = waitFor(s, 'trivia-join-winner');
    const note = waitFor(s, 'notification');
    s.emit('send-chat-message', 'green');
    await Promise.all([winner, note]);

    const give = waitFor(s, 'giveaway-state-changed');
    const g = await server.api(
      'PUT',
      '/api/external/v1/giveaway/create',
      { prize: 1, durationMinutes: 5 },
      mod.token,
    );
    expect(g.status, JSON.stringify(g.body)).toBe(200);
    await give;
  });

  it('roulette: a round with a bet, a refusal, the roll and the history', async () => {
    await only('roulette');
    const loops = roundLoopsOf(ctx());
    const p = await player(50);
    await driveUntil(clock, loops.roulette, () => loops.roulette.current.kind === 'betting');
    const s = await legacy('roulette', p.token);
    const placed = waitFor(s, 'game-join-success');
    const shown = waitFor(s, 'new-player');
    s.emit('join-game', 'red', 1);
    await Promise.all([placed, shown]);
    await spaced();
    const refused = waitFor(s, 'game-join-error');
    s.emit('join-game', 'purple', 1);
    await refused;
    await driveUntil(clock, loops.roulette, () =>
      received.some((r) => r.ns === 'roulette' && r.event === 'new-round'),
    );
    for (const e of ['game-rolled', 'add-game-to-history', 'new-round'])
      await seen((r) => r.ns === 'roulette' && r.event === e);
  });

  // up to six fake-clock rounds: a busy machine (load 20) needed more than the default 30 s
  it('crash: a round with a bet, a queued bet, a cash-out (twice) and the bust', {
    timeout: 90_000,
  }, async () => {
    await only('crash');
    const loops = roundLoopsOf(ctx());
    const p = await player(50);
    const q = await player(50);
    await driveUntil(clock, loops.crash, () => loops.crash.current.kind === 'betting');
    const s = await legacy('crash', p.token);
    const sq = await legacy('crash', q.token);
    const joined = waitFor(s, 'game-join-success');
    s.emit('join-game', null, 1);
    await joined;
    await spaced();
    const refused = waitFor(s, 'game-join-error');
    s.emit('join-game', null, 1);
    await refused;
    await driveUntil(clock, loops.crash, () => loops.crash.current.kind === 'running');
    // a bet while the round runs waits for the next one: notify-info
    const queued = waitFor(sq, 'notify-info');
    sq.emit('join-game', null, 1);
    await queued;
    // cash out at once (a round may bust early: then the next round, a few times at most)
    let cashed = false;
    for (let round = 0; round < 6 && !cashed; round++) {
      if (round > 0) {
        await driveUntil(clock, loops.crash, () => loops.crash.current.kind === 'betting');
        const again = waitFor(s, 'game-join-success');
        s.emit('join-game', null, 1);
        await again;
        await driveUntil(clock, loops.crash, () => loops.crash.current.kind === 'running');
      }
      await spaced();
      const answer = waitAny(s, ['bet-cashout-success', 'bet-cashout-error']);
      s.emit('bet-cashout');
      cashed = (await answer).event === 'bet-cashout-success';
    }
    expect(cashed).toBe(true);
    await spaced();
    const twice = waitFor(s, 'bet-cashout-error');
    s.emit('bet-cashout');
    await twice;
    await driveUntil(clock, loops.crash, () => loops.crash.current.kind === 'over');
    await driveUntil(clock, loops.crash, () => loops.crash.current.kind === 'betting');
    for (const e of ['game-starting', 'game-start', 'game-tick', 'game-bets', 'bet-cashout', 'game-end'])
      await seen((r) => r.ns === 'crash' && r.event === e);
  });

  it('battles: created, listed, joined by a bot, exposed, started, every round, finished; a refusal', async () => {
    await only();
    const p = await player(100);
    const s = await legacy('battles', p.token);
    const watcher = await legacy('battles');
    const created = waitFor(s, 'battles:created');
    const listed = waitFor(watcher, 'battles:new');
    s.emit('battles:create', ['starter-crate', 'starter-crate'], 'standard', '1v1', 0, 2);
    const [id] = (await created) as [string];
    await listed;
    await spaced();
    const joined = waitFor(watcher, 'battles:join');
    s.emit('battles:callbot', id, 1);
    await joined;
    await kit.runUntil(() => received.some((r) => r.event === 'battles:finished'));
    for (const e of ['battles:expose', 'battles:start', 'battles:round', 'battles:finished'])
      await seen((r) => r.ns === 'battles' && r.event === e);
    await spaced();
    const refused = waitFor(s, 'battles:error');
    s.emit('battles:join', id, 1);
    await refused;
    const poor = await player(0);
    const sp = await legacy('battles', poor.token);
    const noMoney = waitFor(sp, 'battles:error');
    sp.emit('battles:create', ['starter-crate'], 'standard', '1v1', 0, 1);
    await noMoney;
    await seen((r) => r.ns === 'battles' && r.event === 'battles:success');
  });

  it('cases: opened, the success after the reel, a refusal', async () => {
    const p = await player(50);
    const s = await legacy('cases', p.token);
    const opened = waitFor(s, 'cases:opened');
    s.emit('cases:open', 'starter-crate', { instant: true });
    await opened;
    const done = waitFor(s, 'cases:success');
    await clock.advance(1_000);
    await done;
    await spaced();
    const refused = waitFor(s, 'cases:error');
    s.emit('cases:open', 'no-such-case');
    await refused;
  });

  it("upgrader: the original's own items are accepted (item 3), a win's success, a refusal", async () => {
    const p = await player(15_000);
    const s = await legacy('upgrader', p.token);
    // from the original's fixed list, exactly as it sends them
    const target = { name: 'PS5 Console White', price: 373, color: 'gold' };
    let won = false;
    for (let i = 0; i < 40 && !won; i++) {
      const result = waitFor(s, 'upgrader:result');
      s.emit('upgrader:attempt', 298, target, false, { instant: true });
      const [r] = (await result) as [{ success: boolean }];
      won = r.success;
      if (won) await waitFor(s, 'upgrader:success');
      await spaced();
    }
    expect(won).toBe(true);
    const refused = waitFor(s, 'upgrader:error');
    s.emit('upgrader:attempt', 1, { ...target, price: 3.73 }, false);
    expect((await refused)[0]).toBe('The price of PS5 Console White is 373.00 coins, not 3.73.');
  });

  it('limbo and dice: results, refusals, and nothing under the bet names (item 1)', async () => {
    const p = await player(50);
    const limbo = await legacy('limbo', p.token);
    const dice = await legacy('dice', p.token);
    const lr = waitFor(limbo, 'limbo:result');
    limbo.emit('limbo:bet', { amount: 1, multiplier: 2 });
    await lr;
    const dr = waitFor(dice, 'dice:result');
    dice.emit('dice:bet', { amount: 1, multiplier: 2, rangeData: 49.5 });
    await dr;
    await spaced();
    const le = waitFor(limbo, 'game-creation-error');
    limbo.emit('limbo:bet', { amount: 0, multiplier: 2 });
    await le;
    const de = waitFor(dice, 'game-creation-error');
    dice.emit('dice:bet', { amount: 1, multiplier: 2, rangeData: 1000 });
    await de;
    await pause(100);
    expect(received.filter((r) => r.event === 'limbo:bet' || r.event === 'dice:bet')).toEqual([]);
  });

  it('mines: no game, a start, reveals to a cash-out, and a mine', async () => {
    const p = await player(50);
    const s = await legacy('mines', p.token);
    const none = waitFor(s, 'mines:result');
    s.emit('mines:cashout');
    expect(await none).toEqual(['No active game found.']);
    await spaced();
    // one mine: reveal until a safe tile, then cash out
    let cashed = false;
    for (let round = 0; round < 20 && !cashed; round++) {
      const started = waitFor(s, 'mines:start');
      s.emit('mines:bet', { amount: 1, minescount: 1 });
      expect(await started).toEqual(['Game Has Been Started']);
      await spaced();
      const tile = waitAny(s, ['mines:tileRevealed', 'mines:gameEnd']);
      s.emit('mines:revealTile', { tileIndex: round % 25 });
      const hit = (await tile).event === 'mines:gameEnd';
      await spaced();
      if (hit) continue;
      const done = waitFor(s, 'mines:cashoutSuccess');
      s.emit('mines:cashout');
      await done;
      cashed = true;
      await spaced();
    }
    expect(cashed).toBe(true);
    // 24 mines: a mine at the first tile, 24 times in 25 (the one safe tile ends the game too)
    let bust = false;
    for (let round = 0; round < 10 && !bust; round++) {
      const started = waitFor(s, 'mines:start');
      s.emit('mines:bet', { amount: 1, minescount: 24 });
      await started;
      await spaced();
      const end = waitAny(s, ['mines:gameEnd', 'mines:cashoutSuccess']);
      s.emit('mines:revealTile', { tileIndex: 0 });
      bust = (await end).event === 'mines:gameEnd';
      await spaced();
    }
    expect(bust).toBe(true);
    await seen((r) => r.event === 'mines:revealAllTiles');
    await spaced();
    const refused = waitFor(s, 'mines:result');
    s.emit('mines:bet', { amount: 1, minescount: 99 });
    expect((await refused)[0]).toMatchObject({ error: expect.any(String) });
    expect(received.filter((r) => r.event === 'mines:bet')).toEqual([]);
  });

  it('coinflip: our own events only; none of the original coinflip names arrive', async () => {
    await only('coinflip');
    const p = await player(50);
    const s = await legacy('coinflip', p.token);
    const created = waitFor(s, 'coinflip:created');
    s.emit('coinflip:create', { amount: 1, side: 'heads' });
    const [id] = await created;
    await spaced();
    const update = waitFor(s, 'coinflip:update');
    s.emit('coinflip:callbot', id);
    await update;
  });

  it('a logout kicks its sockets; a ban sends user banned to every namespace of the user', async () => {
    const p = await player(5);
    const s = await legacy('dice', p.token);
    const kicked = waitFor(s, 'connection_kicked');
    const out = await server.api('POST', '/api/auth/logout', {}, p.token);
    expect(out.status).toBe(200);
    await kicked;

    const mod = await adminOf();
    const q = await player(5);
    const chat = await legacy('chat', q.token);
    const banned = waitFor(chat, 'user banned');
    const res = await server.api('POST', `/api/external/v1/users/${q.id}/ban`, { banned: true }, mod.token);
    expect(res.status).toBe(200);
    await banned;
  });

  it('every HTTP call of the table answers the fields the client reads (§2)', async () => {
    await only('roulette', 'crash', 'race');
    const loops = roundLoopsOf(ctx());
    await driveUntil(clock, loops.roulette, () => loops.roulette.current.kind === 'betting');
    await driveUntil(clock, loops.crash, () => loops.crash.current.kind === 'betting');
    const answered = new Map<string, number>();
    const problems: string[] = [];
    /** The call as the original makes it (axios, JSON, x-auth-token when set); its answer checked. */
    async function call(method: string, path: string, body?: unknown, token?: string, expectOk = true) {
      const res = await server.api(method, `/api${path}`, body, token);
      const key = `${method} ${path.replace(/\?.*$/, '')}`;
      answered.set(key, res.status);
      const schema = ORIGINAL_HTTP[key];
      if (!schema) throw new Error(`no answer schema for ${key}`);
      if (res.status >= 500) problems.push(`${key}: ${res.status}`);
      else if (res.status < 300) {
        const parsed = schema.safeParse(res.body);
        if (!parsed.success)
          problems.push(
            `${key}: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`,
          );
      } else if (expectOk) problems.push(`${key}: ${res.status} ${JSON.stringify(res.body)}`);
      return res;
    }
    const mod = await adminOf();
    const fresh = await server.newUser();
    await call('GET', '/site');
    const login = await call('POST', '/auth/registration/login', {
      email: fresh.email,
      password: fresh.password,
      recaptcha: 'x',
    });
    const code = new URL(`http://x${(login.body as { redirect: string }).redirect}`).searchParams.get(
      'token',
    );
    const exchanged = await call('POST', '/auth/exchange-token', { token: code });
    const token = (exchanged.body as { token: string }).token;
    await call('POST', '/auth/registration/register', {
      username: `orig${fresh.id}`,
      password: 'a-long-enough-password',
      email: `orig${fresh.id}@example.com`,
      recaptcha: 'x',
    });
    await call('POST', '/auth/registration/forgot_password', { email: fresh.email, recaptcha: 'x' });
    await call(
      'POST',
      '/auth/registration/reset_password',
      { email: fresh.email, code: '000000', password: 'another-long-password', recaptcha: 'x' },
      undefined,
      false,
    );
    await call('GET', '/user', undefined, token);

    // a player with a little of everything
    const p = await player(200);
    const dice = await legacy('dice', p.token);
    const rolled = waitFor(dice, 'dice:result');
    dice.emit('dice:bet', { amount: 1, multiplier: 2, rangeData: 49.5 });
    await rolled;
    const cases = await legacy('cases', p.token);
    const opened = waitFor(cases, 'cases:opened');
    cases.emit('cases:open', 'starter-crate', { instant: true });
    await opened;
    const mines = await legacy('mines', p.token);
    const started = waitFor(mines, 'mines:start');
    mines.emit('mines:bet', { amount: 1, minescount: 3 });
    await started;

    await call('GET', '/chat/history');
    await call('POST', '/user/profile', { userid: String(p.id) });
    await call('GET', '/user/txs', undefined, p.token);
    await call('GET', '/user/history', undefined, p.token);
    const aff = await call('GET', '/user/affiliates', undefined, p.token);
    // item 7: no FRONTEND_URL, so the link points at the first CORS origin (the original's site)
    expect((aff.body as { affiliateLink: string }).affiliateLink.startsWith(`${ORIGIN}/`)).toBe(true);
    await call('POST', '/user/affiliates/update-code', { code: `orig_${p.id}` }, p.token);
    await call('POST', '/user/affiliates/redeem', { code: `orig_${p.id}` }, fresh.token, false);
    const q = await player(0);
    await call('POST', '/user/affiliates/redeem', { code: `orig_${p.id}` }, q.token);
    await call('POST', '/user/affiliates/claim', {}, p.token, false);
    await ctx()
      .db.insertInto('coupons')
      .values({ code: `ORIG${p.id}`, payout: 100, uses: 1 })
      .execute();
    await call('POST', '/coupon/redeem', { code: `ORIG${p.id}` }, p.token);
    await call('GET', '/vip', undefined, p.token);
    await call('POST', '/vip/claim', undefined, p.token, false);
    await call('GET', '/race');
    await call('GET', '/race/last');
    await call('GET', '/roulette');
    await call('GET', '/crash');
    await call('GET', '/crash/me', undefined, p.token);
    await call('GET', '/mines/me', undefined, p.token);
    await spaced();
    // end the game: a mine, or a safe tile and the cash-out
    const first = waitAny(mines, ['mines:gameEnd', 'mines:tileRevealed']);
    mines.emit('mines:revealTile', { tileIndex: 0 });
    if ((await first).event === 'mines:tileRevealed') {
      await spaced();
      const over = waitFor(mines, 'mines:cashoutSuccess');
      mines.emit('mines:cashout');
      await over;
    }
    await spaced();
    await call('GET', '/mines/reveal', undefined, p.token);
    // a battle of another player's (its stake is an open bet, which would hold p's seed pair)
    const creator = await player(50);
    const battles = await legacy('battles', creator.token);
    const made = waitFor(battles, 'battles:created');
    battles.emit('battles:create', ['starter-crate'], 'standard', '1v1', 0, 1);
    const [gameId] = (await made) as [string];
    const list = await call('GET', '/battles');
    expect((list.body as unknown as Array<{ id: string }>).some((b) => b.id === gameId)).toBe(true);
    await call('POST', '/battles/game', { gameId });
    await call('GET', '/battles/cases');
    await call('POST', '/battles/case', { slug: 'starter-crate' });
    await call('POST', '/battles/case', { slug: 'daily' });
    await call('GET', '/cases/lastopen', undefined, p.token);
    await call('GET', '/provably-fair/current', undefined, p.token);
    await call('POST', '/provably-fair/update-seed', { newClientSeed: 'original-seed' }, p.token);
    await call('GET', '/provably-fair/history', undefined, p.token);
    await call('GET', '/cashier/crypto/addresses', undefined, p.token);
    await call(
      'POST',
      '/cashier/crypto/withdraw',
      { currency: 'BTC', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', amount: 10 },
      p.token,
      false,
    );
    await call('POST', '/cashapp/initialize', { deposit_amount: 5 }, p.token);
    await call('POST', '/cashapp/check', { payment_link: 'https://cash.app/payments/abc/receipt' }, p.token);
    await call('POST', '/arkpay/initialize', { site_value: 10 }, p.token);
    await call('POST', '/skinsback/create_order', {}, p.token);

    // item 2: the slot page's bare request (no x-auth-token) names someone else: a demo, nothing moves
    const balances = async () =>
      (await ctx().db.selectFrom('users').select(['id', 'balance']).orderBy('id').execute()).map(
        (u) => `${u.id}:${u.balance}`,
      );
    const before = await balances();
    const sessionsBefore = await ctx().db.selectFrom('slot_sessions').select('token').execute();
    const games = await server.api<{ games: Array<{ game_code: string }> }>('GET', '/api/slots?limit=1');
    const gameCode = games.body.games?.[0]?.game_code ?? 'vs20olympgate';
    const launch = await call('POST', '/mm2/launch-game', {
      provider_code: 'PRAGMATIC',
      game_type: 'slot',
      game_code: gameCode,
      user_code: String(p.id),
      user_balance: 1_000_000,
    });
    const launchUrl = new URL((launch.body as { launch_url: string }).launch_url);
    expect(launchUrl.pathname).toBe(`/sandbox/slots/demo/${gameCode}`);
    expect((launch.body as { demo?: boolean }).demo).toBe(true);
    const page = await fetch(`${server.url}${launchUrl.pathname}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`data-demo="${gameCode}"`);
    const demo = await server.api<{ balance: number }>('GET', `/api/slots/sandbox/demo?game=${gameCode}`);
    expect(demo.body.balance).toBe(1000);
    const spin = await server.api<{ stake: number; payout: number }>('POST', '/api/slots/sandbox/demo-spin', {
      game: gameCode,
      amount: 5,
    });
    expect(spin.status).toBe(200);
    expect(spin.body.stake).toBe(5);
    expect(await balances()).toEqual(before);
    expect(await ctx().db.selectFrom('slot_sessions').select('token').execute()).toEqual(sessionsBefore);
    // a bad token is still refused (a stale sign-in, not a demo); a session launches for real
    expect((await server.api('POST', '/api/mm2/launch-game', { game_code: gameCode }, 'stale')).status).toBe(
      401,
    );
    const real = await server.api<{ launch_url: string; demo?: boolean }>(
      'POST',
      '/api/mm2/launch-game',
      { game_code: gameCode },
      p.token,
    );
    expect(real.status).toBe(200);
    expect(real.body.launch_url).toContain('/sandbox/slots/play/');
    expect(real.body.demo).toBeUndefined();

    // the admin panel
    await call('GET', '/external/v1/controls/', undefined, mod.token);
    await call('POST', '/external/v1/controls/toggle-state', { name: 'coinflip' }, mod.token);
    await call('POST', '/external/v1/controls/toggle-state', { name: 'coinflip' }, mod.token);
    await call('GET', '/external/v1/users/list', undefined, mod.token);
    await call(
      'PUT',
      '/external/v1/coupons/add',
      { code: `ADM${p.id}`, message: 'Enjoy', uses: 1, payout: 1 },
      mod.token,
    );
    await call(
      'PUT',
      '/external/v1/trivia/create',
      { question: 'Two plus two?', answer: 'four', winnerAmount: 1, prize: 0.1 },
      mod.token,
      false,
    );
    await call(
      'PUT',
      '/external/v1/race/create',
      { endingDate: Math.floor(clock.now() / 1000) + 30 * 86400, prize: 100 },
      mod.token,
    );
    await call('GET', '/external/v1/transactions/list', undefined, mod.token);
    expect(problems).toEqual([]);
    const missing = Object.keys(ORIGINAL_HTTP).filter((k) => !answered.has(k));
    expect(missing).toEqual([]);
  });

  it('every row of the table the server can send was received on a legacy socket', async () => {
    // the wallet's held-back wins (update-wallet after an animation) have landed by now
    await pause(200);
    const missing = ORIGINAL_LISTENERS.filter((row) => !row.notSent)
      .filter(
        (row) => !received.some((r) => r.event === row.event && (row.ns as readonly string[]).includes(r.ns)),
      )
      .map((row) => `${row.event} on ${row.ns.join(',')}`);
    expect(missing).toEqual([]);
    // and every namespace of the original was opened
    expect(new Set(received.map((r) => r.ns))).toEqual(new Set(ORIGINAL_NAMESPACES));
    // nothing received under a listened name went unchecked
    expect(received.filter((r) => originalListener(r.ns, r.event)).length).toBeGreaterThan(50);
  });
});
