import io from 'socket-io-client-2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundLoopsOf } from '../games/rounds/round-games.ts';
import { driveUntil } from '../games/rounds/round-test-kit.ts';
import { DB_KINDS, startServer, type TestServer } from '../test-support/server.ts';
import { ManualClock } from './clock.ts';
import { inTransaction } from './tx.ts';

/**
 * Issue 13: the original client (socket.io-client 2.3, Engine.IO 3) plays each flow that used to
 * break, with the payloads it sends and the fields it reads (PROTOCOL.md).
 */
type Legacy = ReturnType<typeof io>;
const ORIGIN = 'http://original.example';
const ADMIN = { email: 'compat-admin@example.com', password: 'compat-admin-password' };

function next(socket: Legacy, event: string, timeoutMs = 5000): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${event}`)), timeoutMs);
    socket.once(event, (...args: unknown[]) => {
      clearTimeout(timer);
      resolve(args);
    });
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(DB_KINDS)('the original client (%s)', (db) => {
  let server: TestServer;
  const sockets: Legacy[] = [];

  beforeAll(async () => {
    server = await startServer({
      db,
      env: {
        CORS_ORIGIN: ORIGIN,
        PUBLIC_URL: 'https://api.example',
        FRONTEND_URL: 'https://play.example',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
    });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server.close();
  });

  /** A namespace socket of socket.io-client 2.x, signed in as the original does (auth(token)). */
  async function legacy(ns: string, token: string): Promise<Legacy> {
    const s = io(`${server.url}/${ns}`, { transports: ['websocket'], forceNew: true, reconnection: false });
    sockets.push(s);
    await next(s, 'connect');
    const bound = next(s, 'authenticated');
    s.emit('auth', token);
    await bound;
    return s;
  }

  async function credit(userId: number, cents: number) {
    const { ctx } = server.site;
    await inTransaction(ctx.db, (unit) =>
      ctx.wallet.apply(unit, { userId, delta: cents, kind: 'admin', idempotencyKey: `t:${userId}:${cents}` }),
    );
  }

  it('speaks Engine.IO 3', async () => {
    const u = await server.newUser();
    const s = await legacy('chat', u.token);
    expect(s.connected).toBe(true);
  });

  it('coupon: no update-wallet, wallet-balance {balance} in every tab', async () => {
    const u = await server.newUser();
    await credit(u.id, 150);
    await server.site.ctx.db
      .insertInto('coupons')
      .values({ code: `C${u.id}`, payout: 50_000, uses: 1 })
      .execute();
    const tabs = [await legacy('chat', u.token), await legacy('chat', u.token)];
    const deltas: unknown[] = [];
    for (const t of tabs) t.on('update-wallet', (a) => deltas.push(a));
    const balances = tabs.map((t) => next(t, 'wallet-balance'));
    const res = await server.api<{ payout: number }>(
      'POST',
      '/api/coupon/redeem',
      { code: `C${u.id}` },
      u.token,
    );
    expect(res.body.payout).toBe(500);
    for (const b of await Promise.all(balances)) expect(b).toEqual([{ balance: 501.5 }]);
    await pause(300);
    expect(deltas).toEqual([]);
  });

  it('wallet-balance leaves out a win still waiting for its animation', () => {
    const realtime = server.site.ctx.realtime;
    const sent: unknown[] = [];
    const ns = realtime.ns('chat');
    const emit = ns.to.bind(ns);
    // the notifier's arithmetic alone: a held-back +3.00 is not yet in the balance it sends
    (ns as unknown as { to: unknown }).to = () => ({ emit: (...args: unknown[]) => sent.push(args) });
    try {
      realtime.walletChanged(999_999, 300, 60_000);
      realtime.walletBalance(999_999, 1_000);
    } finally {
      (ns as unknown as { to: unknown }).to = emit;
    }
    expect(sent).toEqual([['wallet-balance', { balance: 7 }]]);
  });

  it('mines: GET /mines/reveal answers {grid} after a mine', async () => {
    const u = await server.newUser();
    await credit(u.id, 1_000);
    const s = await legacy('mines', u.token);
    const started = next(s, 'mines:start');
    s.emit('mines:bet', { amount: 1, minescount: 24 });
    expect((await started)[0]).toBe('Game Has Been Started');
    await pause(20);
    const ended = Promise.race([next(s, 'mines:revealAllTiles'), next(s, 'mines:tileRevealed')]);
    s.emit('mines:revealTile', { tileIndex: 0 });
    await ended;
    await pause(20);
    s.emit('mines:cashout');
    await pause(200);
    const res = await server.api<{ grid: Array<{ isMine: boolean; revealed: boolean }> }>(
      'GET',
      '/api/mines/reveal',
      undefined,
      u.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.grid).toHaveLength(25);
    expect(res.body.grid.filter((t) => t.isMine)).toHaveLength(24);
  });

  it('upgrader: the item object is matched by name and price, never trusted', async () => {
    const u = await server.newUser();
    await credit(u.id, 10_000);
    const s = await legacy('upgrader', u.token);
    const item = { name: 'Dragon Lore', price: 1973.33, color: 'gold', image: 'https://x/y.png' };
    const result = next(s, 'upgrader:result');
    s.emit('upgrader:attempt', 1, item, false);
    expect((await result)[0]).toMatchObject({ success: expect.any(Boolean), ticket: expect.any(Number) });
    await pause(20);
    const cheap = next(s, 'upgrader:error');
    s.emit('upgrader:attempt', 1, { ...item, price: 1.5 }, false);
    expect((await cheap)[0]).toBe('The price of Dragon Lore is 1973.33 coins, not 1.50.');
    await pause(20);
    const unknown = next(s, 'upgrader:error');
    s.emit('upgrader:attempt', 1, { ...item, name: 'Howling Dawn' }, false);
    expect((await unknown)[0]).toBe('Howling Dawn is not in the upgrader catalogue.');
  });

  it('cashapp: deposit_amount is dollars', async () => {
    const u = await server.newUser();
    const five = await server.api('POST', '/api/cashapp/initialize', { deposit_amount: 5 }, u.token);
    expect(five.body).toMatchObject({ success: true, amount: 5 });
    expect((five.body as { message: string }).message).toContain('$5.00');
    const ten = await server.api('POST', '/api/cashapp/initialize', { deposit_amount: 10 }, u.token);
    expect((ten.body as { message: string }).message).toContain('$10.00');
  });

  it('maintenance: the 503 carries CORS headers, preflights pass', async () => {
    const { controls } = server.site.ctx;
    await controls.toggle('maintenance');
    try {
      const pre = await fetch(`${server.url}/api/battles`, {
        method: 'OPTIONS',
        headers: {
          origin: ORIGIN,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'x-auth-token',
        },
      });
      expect(pre.status).toBe(204);
      expect(pre.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      const res = await fetch(`${server.url}/api/battles`, { headers: { origin: ORIGIN } });
      expect(res.status).toBe(503);
      expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(((await res.json()) as { error: string }).error).toBeTruthy();
    } finally {
      await controls.toggle('maintenance');
    }
    const err = await fetch(`${server.url}/api/user/txs`, { headers: { origin: ORIGIN } });
    expect(err.status).toBe(401);
    expect(err.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });

  it('art, avatars and links are absolute and readable cross-origin', async () => {
    const u = await server.newUser();
    const aff = await server.api<{ affiliateLink: string }>(
      'GET',
      '/api/user/affiliates',
      undefined,
      u.token,
    );
    expect(aff.body.affiliateLink).toMatch(/^https:\/\/play\.example\/a\//);
    const card = await server.api<{ redirectUrl: string }>(
      'POST',
      '/api/arkpay/initialize',
      { site_value: 10 },
      u.token,
    );
    expect(card.body.redirectUrl).toMatch(/^https:\/\/api\.example\//);
    const art = await fetch(`${server.url}/api/cases/art/avatar.svg`);
    expect(art.status).toBe(200);
    expect(art.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('skins: opening the cashier leaves no row; admin list and controls as the dialog reads them', async () => {
    const u = await server.newUser();
    const order = await server.api('POST', '/api/skinsback/create_order', {}, u.token);
    expect(order.status).toBe(200);
    const txs = await server.api<{ deposits: unknown[] }>('GET', '/api/user/txs', undefined, u.token);
    expect(txs.body.deposits).toEqual([]);

    const admin = await server.signIn(ADMIN.email, ADMIN.password);
    await server.api('POST', '/api/cashapp/initialize', { deposit_amount: 5 }, u.token);
    const list = await server.api<Array<{ _user: { _id: string; avatar: string } }>>(
      'GET',
      '/api/external/v1/transactions/list',
      undefined,
      admin,
    );
    const mine = list.body.find((t) => t._user._id === String(u.id));
    expect(mine?._user.avatar).toBe('https://api.example/api/cases/art/avatar.svg');
    const controls = await server.api('GET', '/api/external/v1/controls/', undefined, admin);
    expect(Object.keys(controls.body).sort()).toEqual(
      [
        'maintenanceEnabled',
        'loginEnabled',
        'depositsEnabled',
        'withdrawsEnabled',
        'coinflipEnabled',
        'battlesEnabled',
        'rouletteEnabled',
        'crashEnabled',
        'slotsEnabled',
      ].sort(),
    );
  });
});

/**
 * Issue 13 item 4: with CORS_ORIGIN set every case/item image and avatar leaves the server
 * absolute (PUBLIC_URL) and no avatar is ""; without it our own client's answers are unchanged
 * (relative art, "" for a player without a picture: it shows initials).
 */
const MODES = [
  { name: 'CORS_ORIGIN set', cors: true },
  { name: 'same origin', cors: false },
] as const;

describe.each(DB_KINDS.flatMap((db) => MODES.map((mode) => ({ db, ...mode }))))(
  'art and avatars, $name ($db)',
  ({ db, cors }) => {
    let server: TestServer;
    const clock = new ManualClock();
    const sockets: Legacy[] = [];
    const PUBLIC = 'https://api.example';

    beforeAll(async () => {
      server = await startServer({
        db,
        clock,
        env: cors ? { CORS_ORIGIN: ORIGIN, PUBLIC_URL: PUBLIC } : { PUBLIC_URL: PUBLIC },
      });
    });
    afterAll(async () => {
      for (const s of sockets) s.close();
      await server.close();
    });

    async function legacy(ns: string, token?: string): Promise<Legacy> {
      const s = io(`${server.url}/${ns}`, { transports: ['websocket'], forceNew: true, reconnection: false });
      sockets.push(s);
      await next(s, 'connect');
      if (token) {
        const bound = next(s, 'authenticated');
        s.emit('auth', token);
        await bound;
      }
      return s;
    }
    async function player(coins: number) {
      const u = await server.newUser();
      const { ctx } = server.site;
      await inTransaction(ctx.db, (unit) =>
        ctx.wallet.apply(unit, {
          userId: u.id,
          delta: coins * 100,
          kind: 'admin',
          idempotencyKey: `a:${u.id}`,
        }),
      );
      return u;
    }
    /** Our art, absolute from PUBLIC_URL for a cross-origin client, relative for our own. */
    const art = (url: unknown) =>
      expect(url).toMatch(
        cors ? /^https:\/\/api\.example\/api\/cases\/art\/.+\.svg$/ : /^\/api\/cases\/art\//,
      );
    /** A player without a picture: the default avatar across origins, "" (initials) for our client. */
    const noPicture = (avatar: unknown) =>
      expect(avatar).toBe(cors ? `${PUBLIC}/api/cases/art/avatar.svg` : '');

    it('cases, battles and the upgrader list', async () => {
      const list = await server.api<Array<{ image: string }>>('GET', '/api/cases');
      expect(list.body.length).toBeGreaterThan(0);
      for (const c of list.body) art(c.image);
      const one = await server.api<{ image: string; items: Array<{ image: string }> }>(
        'GET',
        '/api/cases/starter-crate',
      );
      art(one.body.image);
      for (const it of one.body.items) art(it.image);
      const picker = await server.api<Array<{ items: Array<{ image: string }> }>>(
        'GET',
        '/api/battles/cases',
      );
      for (const it of picker.body.flatMap((c) => c.items)) art(it.image);

      const u = await player(1_000);
      const s = await legacy('battles', u.token);
      const created = next(s, 'battles:created');
      const fresh = next(s, 'battles:new');
      s.emit('battles:create', ['starter-crate'], 'standard', '1v1', 0, 1);
      const summary = (await fresh)[0] as {
        cases: Array<{ image: string }>;
        players: Array<{ pfp: string }>;
      };
      const id = String((await created)[0]);
      art(summary.cases[0]?.image);
      noPicture(summary.players[0]?.pfp);
      await pause(15);
      const joined = next(s, 'battles:join');
      s.emit('battles:callbot', id, 1);
      const seats = (await joined)[0] as { newPlayers: Array<{ pfp: string }> };
      noPicture(seats.newPlayers[0]?.pfp);
      art(seats.newPlayers[1]?.pfp); // the bot
      const detail = await server.api<{ cases: Array<{ image: string; items: Array<{ image: string }> }> }>(
        'POST',
        '/api/battles/game',
        { gameId: id },
      );
      for (const c of detail.body.cases) {
        art(c.image);
        for (const it of c.items) art(it.image);
      }
      const battles = await server.api<Array<{ id: string; players: Array<{ pfp: string }> }>>(
        'GET',
        '/api/battles',
      );
      noPicture(battles.body.find((b) => b.id === id)?.players[0]?.pfp);

      const items = await server.api<Array<{ image: string }>>('GET', '/api/upgrader/items');
      expect(items.body.length).toBeGreaterThan(0);
      // our client draws upgrader items by colour (image ""); a cross-origin one gets a picture
      for (const it of items.body) {
        if (cors) art(it.image);
        else expect(it.image).toBe('');
      }
    });

    it('crash and roulette players', async () => {
      const loops = roundLoopsOf(server.site.ctx);
      const u = await player(100);
      await driveUntil(clock, loops.crash, () => loops.crash.current.kind === 'betting');
      const c = await legacy('crash', u.token);
      const joined = next(c, 'game-join-success');
      c.emit('join-game', null, 1);
      noPicture(((await joined)[0] as { avatar: string }).avatar);
      const crash = await server.api<{ current: { players: Array<{ playerID: string; avatar: string }> } }>(
        'GET',
        '/api/crash',
      );
      noPicture(crash.body.current.players.find((p) => p.playerID === String(u.id))?.avatar);
      const me = await server.api<{ bet: { avatar: string } }>('GET', '/api/crash/me', undefined, u.token);
      noPicture(me.body.bet.avatar);

      await driveUntil(clock, loops.roulette, () => loops.roulette.current.kind === 'betting');
      const r = await legacy('roulette', u.token);
      const placed = next(r, 'game-join-success');
      r.emit('join-game', 'red', 1);
      noPicture(((await placed)[0] as { avatar: string }).avatar);
      const roulette = await server.api<{ current: { players: Array<{ _id: string; avatar: string }> } }>(
        'GET',
        '/api/roulette',
      );
      noPicture(roulette.body.current.players.find((p) => p._id === String(u.id))?.avatar);
    });

    it('coinflip views, profile, /user and the live feed', async () => {
      const u = await player(100);
      const s = await legacy('coinflip', u.token);
      const created = next(s, 'coinflip:created');
      s.emit('coinflip:create', { amount: 1, side: 'heads' });
      const id = String((await created)[0]);
      await pause(15);
      const update = next(s, 'coinflip:update');
      s.emit('coinflip:callbot', id);
      const flip = (await update)[0] as { creator: { avatar: string }; opponent: { avatar: string } };
      noPicture(flip.creator.avatar);
      noPicture(flip.opponent.avatar); // the house
      const state = await server.api<{ open: Array<{ id: string; creator: { avatar: string } }> }>(
        'GET',
        '/api/coinflip',
      );
      noPicture(state.body.open.find((f) => f.id === id)?.creator.avatar);

      const profile = await server.api<{ avatar: string }>('POST', '/api/user/profile', {
        userid: String(u.id),
      });
      noPicture(profile.body.avatar);
      const me = await server.api<{ user: { avatar: string } }>('GET', '/api/user', undefined, u.token);
      noPicture(me.body.user.avatar);

      const d = await legacy('dice', u.token);
      const rolled = next(d, 'dice:result');
      d.emit('dice:bet', { amount: 1, multiplier: 2, rangeData: 49.5 });
      await rolled;
      const live = await server.api<{ mine: Array<{ user: { avatar: string } }> }>(
        'GET',
        '/api/bets/live',
        undefined,
        u.token,
      );
      expect(live.body.mine.length).toBeGreaterThan(0);
      for (const b of live.body.mine) noPicture(b.user.avatar);
    });
  },
);
