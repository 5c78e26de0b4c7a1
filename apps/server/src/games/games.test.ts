import { diceRoll, minePositions, upgraderOutcome } from '@coinsite/shared/fairness';
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { promisify } from 'node:util';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findLedgerMismatches } from '../platform/ledger.ts';
import { memoryRateLimiter } from '../platform/rate-limit.ts';
import { inTransaction } from '../platform/tx.ts';
import { placeBet } from './engine/bet-engine.ts';
import { takeNonce } from './fairness/seeds.service.ts';
import { EVERY_DB, nextEvent, spaced, startServer, type TestServer } from '../test-support/server.ts';

const run = promisify(execFile);

/**
 * pick(0, n) of fairness.md §0, worked out here with node's HMAC rather than by the shared code the
 * server uses: floor(u32 × n / 2^32), u32 = the first 4 bytes of HMAC(serverSeed, "clientSeed:nonce:0").
 */
function pick0(seeds: { serverSeed: string; clientSeed: string; nonce: number }, n: number): number {
  const hmac = createHmac('sha256', seeds.serverSeed).update(`${seeds.clientSeed}:${seeds.nonce}:0`);
  return Number((BigInt(hmac.digest().readUInt32BE(0)) * BigInt(n)) / 2n ** 32n);
}

/** Lets the 10 ms spacing rule pass between two emits of one socket. */

describe.each(EVERY_DB)('single-player games on %s', (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ db });
  });
  afterAll(() => server?.close());

  const ctx = () => server.site.ctx;
  async function richUser(coins = 100) {
    const u = await server.newUser();
    await inTransaction(ctx().db, (unit) =>
      ctx().wallet.apply(unit, {
        userId: u.id,
        delta: coins * 100,
        kind: 'admin',
        idempotencyKey: `fund:${u.id}`,
      }),
    );
    return u;
  }
  it("refuses a player's bets past 30 a second on this node, before any money moves", async () => {
    const u = await richUser(10);
    // the factor of a production node (the test servers multiply load limits by 50)
    const limited = { ...ctx(), nodeLimiter: memoryRateLimiter(1) };
    const bets = await Promise.allSettled(
      Array.from({ length: 35 }, () =>
        placeBet(
          limited,
          { user: { id: u.id, username: u.username, avatar: '' }, game: 'dice', stake: 1 },
          () => ({
            payout: 0,
            multiplier: 0,
            outcome: {},
          }),
        ),
      ),
    );
    const refused = bets.filter((b) => b.status === 'rejected');
    expect(bets.filter((b) => b.status === 'fulfilled')).toHaveLength(30);
    expect(refused.map((b) => (b as PromiseRejectedResult).reason.message)).toEqual(
      Array(5).fill('You are betting too fast, slow down!'),
    );
    const user = await ctx()
      .db.selectFrom('users')
      .select('balance')
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(user.balance).toBe(1000 - 30);
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
  });

  async function activeSeeds(userId: number) {
    await server.api('GET', '/api/provably-fair/current', undefined, (await tokenOf(userId)) ?? '');
    const row = await ctx()
      .db.selectFrom('seed_pairs')
      .select(['server_seed', 'client_seed', 'nonce'])
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    return { serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: row.nonce };
  }
  const tokens = new Map<number, string>();
  const tokenOf = async (id: number) => tokens.get(id);
  async function player(coins = 100) {
    const u = await richUser(coins);
    tokens.set(u.id, u.token);
    return u;
  }
  const balance = async (id: number) =>
    (await ctx().db.selectFrom('users').select('balance').where('id', '=', id).executeTakeFirstOrThrow())
      .balance;

  it('dice: a win pays the multiplier, a loss pays nothing, both derive from the committed seeds', async () => {
    const u = await player(100);
    const sock = await server.socket('dice', u.token);
    const seeds = await activeSeeds(u.id);
    const roll = pick0(seeds, 10_001);
    // the tightest winning target: roll under (roll + 1)/100 %, clamped to the allowed range
    const winTarget = Math.min(9890, Math.max(10, roll + 1));
    const wins = roll < winTarget;
    const res = nextEvent(sock, 'dice:result');
    const echoes: unknown[] = [];
    sock.on('dice:bet', (a: unknown) => echoes.push(a));
    sock.emit('dice:bet', { amount: 10, multiplier: 2, rangeData: winTarget / 100 });
    const [r] = (await res) as [{ payout: number; diceresult: number; win: boolean }];
    // issue 27: nothing comes back under dice:bet (the original client toasts it as text)
    expect(echoes).toEqual([]);
    expect(r.diceresult).toBe(roll / 100);
    expect(r.win).toBe(wins);
    const mult = Math.floor((9900 * 10000) / winTarget);
    const gross = wins ? Math.floor((1000 * mult) / 10000) : 0;
    expect(r.payout).toBe(wins ? (gross - 1000) / 100 : 0);
    expect(await balance(u.id)).toBe(10_000 - 1000 + gross);

    await spaced();
    const next = await activeSeeds(u.id);
    expect(next.nonce).toBe(seeds.nonce + 1);
    const roll2 = pick0(next, 10_001);
    // roll under the roll itself: a roll equal to the target loses (unless the roll is below 0.10)
    const loseTarget = Math.max(10, Math.min(roll2, 9890));
    const loses = roll2 >= loseTarget;
    const res2 = nextEvent(sock, 'dice:result');
    sock.emit('dice:bet', { amount: 1, multiplier: 2, rangeData: loseTarget / 100 });
    const [r2] = (await res2) as [{ payout: number; win: boolean; diceresult: number }];
    expect(r2.diceresult).toBe(roll2 / 100);
    expect(r2.win).toBe(!loses);
    const gross2 = loses ? 0 : Math.floor((100 * Math.floor((9900 * 10000) / loseTarget)) / 10000);
    expect(r2.payout).toBe(loses ? 0 : (gross2 - 100) / 100);
    expect(await balance(u.id)).toBe(10_000 - 1000 + gross - 100 + gross2);
    const wager = await ctx()
      .db.selectFrom('users')
      .select('wager')
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(wager.wager).toBe(1100);
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
  });

  it('limbo: result from the seeds, payout floor(bet × target)', async () => {
    const u = await player(100);
    const sock = await server.socket('limbo', u.token);
    const seeds = await activeSeeds(u.id);
    // fairness.md §2 at the default 1 % edge: n = pick(0, 10^8) + 1, result = max(100, floor(99·10^8 / n))
    const result = Math.max(100, Math.floor(9_900_000_000 / (pick0(seeds, 100_000_000) + 1)));
    const res = nextEvent(sock, 'limbo:result');
    const echoes: unknown[] = [];
    sock.on('limbo:bet', (a: unknown) => echoes.push(a));
    sock.emit('limbo:bet', { amount: 3.33, multiplier: 1.01 });
    const [r] = (await res) as [{ payout: number; crashpoint: number }];
    expect(echoes).toEqual([]);
    expect(r.crashpoint).toBe(result / 100);
    const win = result >= 101;
    // a win pays floor(3.33 × 1.01) = 3.36 gross: 0.03 of profit
    expect(r.payout).toBe(win ? 0.03 : 0);
    expect(await balance(u.id)).toBe(10_000 - 333 + (win ? 336 : 0));
  });

  it('refuses bad bets with a sentence and changes nothing', async () => {
    const u = await player(1);
    const sock = await server.socket('dice', u.token);
    const cases: Array<[unknown, RegExp]> = [
      [{ amount: 0.001, rangeData: 50 }, /minimum bet is 0.01/],
      [{ amount: 0, rangeData: 50 }, /minimum bet is 0.01/],
      [{ amount: -5, rangeData: 50 }, /negative/],
      [{ amount: 'ten', rangeData: 50 }, /number/],
      [{ amount: 5, rangeData: 50 }, /enough balance/],
      [{ amount: 0.5, rangeData: 99.5 }, /1.0000x or less/],
      [{ amount: 0.5, rangeData: 0 }, /between 0.10 and 99.90/],
      [{ amount: 0.5 }, /roll under/i],
      ['garbage', /Invalid/],
      [null, /Invalid/],
    ];
    for (const [payload, re] of cases) {
      await spaced();
      const err = nextEvent(sock, 'game-creation-error');
      sock.emit('dice:bet', payload);
      expect(String((await err)[0])).toMatch(re);
    }
    expect(await balance(u.id)).toBe(100);
    const bets = await ctx().db.selectFrom('bets').select('id').where('user_id', '=', u.id).execute();
    expect(bets).toHaveLength(0);
    const seeds = await activeSeeds(u.id);
    expect(seeds.nonce).toBe(0);
  });

  it('many concurrent bets from one balance never overdraw it', async () => {
    const u = await player(1);
    const socks: Socket[] = [];
    for (let i = 0; i < 4; i++) socks.push(await server.socket('limbo', u.token));
    const outcomes: Array<Promise<unknown[]>> = [];
    for (let round = 0; round < 5; round++) {
      for (const s of socks) {
        outcomes.push(Promise.race([nextEvent(s, 'limbo:result'), nextEvent(s, 'game-creation-error')]));
        s.emit('limbo:bet', { amount: 0.1, multiplier: 10000 }); // 999.90 of profit: under the max
      }
      await Promise.all(outcomes.slice(-socks.length));
      await spaced();
    }
    const settled = await Promise.all(outcomes);
    const placed = await ctx()
      .db.selectFrom('bets')
      .select(['stake', 'payout'])
      .where('user_id', '=', u.id)
      .execute();
    const paid = placed.reduce((sum, b) => sum + b.payout, 0);
    // 1.00 covers exactly ten 0.10 bets: those are taken, and (a 1,000,000x win being a one in a
    // million) every later one is refused for the balance, not for anything else
    expect(placed.every((b) => b.stake === 10)).toBe(true);
    if (paid === 0) expect(placed).toHaveLength(10);
    else expect(placed.length).toBeGreaterThanOrEqual(10);
    const refused = settled.filter((args) => typeof args[0] === 'string');
    expect(refused).toHaveLength(20 - placed.length);
    for (const [message] of refused) expect(message).toMatch(/enough balance/);
    expect(await balance(u.id)).toBe(100 - 10 * placed.length + paid);
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
  });

  it('one player betting from many tabs and another path takes every nonce once; each bet re-derives', async () => {
    const u = await player(100);
    const socks: Socket[] = [];
    for (let i = 0; i < 4; i++) socks.push(await server.socket('dice', u.token));
    const betFrom = async (s: Socket) => {
      const r = nextEvent(s, 'dice:result');
      s.emit('dice:bet', { amount: 0.5, rangeData: 50 });
      await r;
      await spaced();
    };
    await Promise.all(
      socks.map(async (s) => {
        for (let i = 0; i < 5; i++) await betFrom(s);
      }),
    );
    // another node (or the case-opening path) takes the next nonce behind this node's back
    await inTransaction(ctx().db, (unit) => takeNonce(unit.tx, u.id));
    // a refused bet takes no nonce
    const refused = nextEvent(socks[0] as Socket, 'game-creation-error');
    (socks[0] as Socket).emit('dice:bet', { amount: 1000, rangeData: 50 });
    expect(String((await refused)[0])).toMatch(/enough balance/);
    await spaced();
    await betFrom(socks[1] as Socket);
    await betFrom(socks[2] as Socket);
    const rows = await ctx()
      .db.selectFrom('bets as b')
      .innerJoin('seed_pairs as p', 'p.id', 'b.seed_pair_id')
      .select(['b.nonce', 'b.outcome', 'p.server_seed', 'p.client_seed'])
      .where('b.user_id', '=', u.id)
      .orderBy('b.nonce')
      .execute();
    expect(rows.map((r) => r.nonce)).toEqual([...Array.from({ length: 20 }, (_, i) => i), 21, 22]);
    for (const r of rows)
      expect((r.outcome as { roll: number }).roll).toBe(
        diceRoll({ serverSeed: r.server_seed, clientSeed: r.client_seed, nonce: r.nonce ?? -1 }),
      );
    expect((await activeSeeds(u.id)).nonce).toBe(23);
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
  });

  it('the live feed reaches every tab in frames of several bets, in order, with what was paid', async () => {
    const watcher = await server.socket('chat');
    const frames: Array<Array<{ id: string; game: string; amount: number; user: { id: string } }>> = [];
    watcher.on('live-bets', (bets) => frames.push(bets));
    const u = await player(10);
    const sock = await server.socket('limbo', u.token);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const r = nextEvent(sock, 'limbo:result');
      sock.emit('limbo:bet', { amount: 0.01, multiplier: 2 });
      ids.push(String(((await r)[0] as { betId: string }).betId));
      await spaced();
    }
    await vi.waitFor(() => expect(frames.flat().map((b) => b.id)).toEqual(expect.arrayContaining(ids)), {
      timeout: 5000,
    });
    const mine = frames.flat().filter((b) => b.user.id === String(u.id));
    expect(mine.map((b) => b.id)).toEqual(ids);
    expect(mine.every((b) => b.game === 'limbo' && b.amount === 0.01)).toBe(true);
    // batched: ten bets never took ten frames
    expect(frames.filter((f) => f.some((b) => b.user.id === String(u.id))).length).toBeLessThan(10);
  });

  it('mines: play to a cash-out; positions appear in no event or response before the end', async () => {
    const u = await player(50);
    const sock = await server.socket('mines', u.token);
    const seen: string[] = [];
    sock.onAny((event, ...args) => seen.push(`${event} ${JSON.stringify(args)}`));
    const seeds = await activeSeeds(u.id);
    const mines = minePositions(seeds, 3);
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((i) => !mines.includes(i));

    const noTiles = nextEvent(sock, 'mines:result');
    sock.emit('mines:cashout');
    expect((await noTiles)[0]).toBe('No active game found.');
    await spaced();

    const started = nextEvent(sock, 'mines:start');
    const echoes: unknown[] = [];
    sock.on('mines:bet', (a: unknown) => echoes.push(a));
    sock.emit('mines:bet', { amount: 10, minescount: 3 });
    expect(await started).toEqual(['Game Has Been Started']);
    expect(echoes).toEqual([]);
    await spaced();
    const early = nextEvent(sock, 'mines:result');
    sock.emit('mines:cashout');
    expect((await early)[0]).toEqual({ error: "You can't cash out before revealing any tiles!" });

    const me = await server.api<{ status: string; grid: Array<Record<string, unknown>> }>(
      'GET',
      '/api/mines/me',
      undefined,
      u.token,
    );
    expect(me.body.status).toBe('inprogress');
    expect(me.body.grid.every((t) => Object.keys(t).join() === 'revealed')).toBe(true);
    const seedView = await server.api('GET', '/api/provably-fair/current', undefined, u.token);
    const rotate = await server.api(
      'POST',
      '/api/provably-fair/update-seed',
      { newClientSeed: 'abc' },
      u.token,
    );
    expect(rotate.status).toBe(400);

    for (const tile of safe.slice(0, 2)) {
      await spaced();
      const rev = nextEvent(sock, 'mines:tileRevealed');
      sock.emit('mines:revealTile', { tileIndex: tile });
      const [t] = (await rev) as [{ tileIndex: number; multiplier: number }];
      expect(t.tileIndex).toBe(tile);
    }
    const secretsSeen = JSON.stringify([seen, me.body, seedView.body]);
    expect(secretsSeen).not.toContain('isMine');
    expect(secretsSeen).not.toContain(seeds.serverSeed);
    const dbRow = await ctx()
      .db.selectFrom('bets')
      .select('outcome')
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect((dbRow.outcome as { mines: number[] }).mines).toEqual(mines);

    await spaced();
    const paid = nextEvent(sock, 'mines:cashoutSuccess');
    const grid = nextEvent(sock, 'mines:revealAllTiles');
    sock.emit('mines:cashout');
    const [p] = (await paid) as [{ message: string; payout: number }];
    expect(p.message).toBe('Cashout successful!');
    const mult = Math.floor(
      ((9900n * ((25n * 24n) / 2n)) / ((22n * 21n) / 2n)).toString() as unknown as number,
    );
    expect(p.payout).toBe(Math.floor((1000 * mult) / 10000) / 100);
    const [g] = (await grid) as [Array<{ isMine: boolean }>];
    expect(
      g
        .map((t, i) => (t.isMine ? i : -1))
        .filter((i) => i >= 0)
        .sort((a, b) => a - b),
    ).toEqual([...mines].sort((a, b) => a - b));
    expect((await server.api('GET', '/api/mines/me', undefined, u.token)).status).toBe(404);
    expect(
      (await server.api<{ grid: unknown[] }>('GET', '/api/mines/reveal', undefined, u.token)).body.grid,
    ).toHaveLength(25);

    // double cash-out: nothing more is paid
    await spaced();
    const again = nextEvent(sock, 'mines:result');
    sock.emit('mines:cashout');
    expect((await again)[0]).toBe('No active game found.');
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
  });

  it('mines: hitting a mine ends the game with nothing paid', async () => {
    const u = await player(5);
    const sock = await server.socket('mines', u.token);
    const seeds = await activeSeeds(u.id);
    const mines = minePositions(seeds, 24);
    const started = nextEvent(sock, 'mines:start');
    sock.emit('mines:bet', { amount: 5, minescount: 24 });
    await started;
    await spaced();
    const end = nextEvent(sock, 'mines:gameEnd');
    const all = nextEvent(sock, 'mines:revealAllTiles');
    sock.emit('mines:revealTile', { tileIndex: mines[0] });
    expect((await end)[0]).toEqual({ message: 'You revealed a mine! Game over.' });
    expect(((await all)[0] as unknown[]).length).toBe(25);
    expect(await balance(u.id)).toBe(0);
  });

  it('upgrader: the 80 % cap, and a result from the seeds', async () => {
    const u = await player(100);
    const items = await server.api<Array<{ id: string; price: number; color: string }>>(
      'GET',
      '/api/upgrader/items',
    );
    expect(items.body.length).toBeGreaterThanOrEqual(60);
    expect(items.body.at(-1)?.price).toBe(0.01);
    expect(items.body[0]?.price).toBe(1973.33);
    const item = items.body.find((i) => i.price >= 20 && i.price <= 100);
    if (!item) throw new Error('no mid item');
    const sock = await server.socket('upgrader', u.token);
    const over = nextEvent(sock, 'upgrader:error');
    sock.emit('upgrader:attempt', item.price * 0.81, { id: item.id }, true);
    expect((await over)[0]).toMatch(/80%/);
    await spaced();
    expect(await balance(u.id)).toBe(10_000);
    const seeds = await activeSeeds(u.id);
    const ticket = pick0(seeds, 1_000_000_001) + 1;
    const res = nextEvent(sock, 'upgrader:result');
    sock.emit('upgrader:attempt', 5, item.id, true);
    const [r] = (await res) as [{ success: boolean; ticket: number; payout: number }];
    expect(r.ticket).toBe(ticket);
    const priceCents = Math.round(item.price * 100);
    const w = Math.min(Math.floor((500 * 1_000_000_001) / priceCents), 800_000_000);
    const win = ticket <= w;
    expect(r.success).toBe(win);
    // a win pays floor(0.9 × price); the stake of 5.00 is gone either way
    const gross = win ? Math.floor((priceCents * 9) / 10) : 0;
    expect(r.payout).toBe(gross / 100);
    expect(await balance(u.id)).toBe(10_000 - 500 + gross);
    const bet = await ctx()
      .db.selectFrom('bets')
      .select(['game', 'stake', 'payout'])
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(bet).toEqual({ game: 'upgrader', stake: 500, payout: gross });
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
  });

  it('upgrader instant mode ({instant: true}): the win reaches update-wallet at once, not after the 5 s spin', async () => {
    const u = await player(100);
    const items = await server.api<Array<{ id: string; price: number }>>('GET', '/api/upgrader/items');
    const item = items.body.find((i) => i.price >= 20 && i.price <= 45);
    if (!item) throw new Error('no mid item');
    const priceCents = Math.round(item.price * 100);
    // 80 % of the price: every ticket wins on one side or the other, and the seeds say which
    const stakeCents = Math.floor(priceCents * 0.8);
    const chat = await server.socket('chat', u.token);
    const sock = await server.socket('upgrader', u.token);
    const wallet: number[] = [];
    chat.on('update-wallet', (delta: number) => wallet.push(delta));
    const success: string[] = [];
    sock.on('upgrader:success', (m: string) => success.push(m));
    const payout = Math.floor((priceCents * 9) / 10) / 100;
    /** One attempt on the winning side; resolves with the ms from the emit to the win's update-wallet. */
    const attempt = async (...options: unknown[]) => {
      const seeds = await activeSeeds(u.id);
      const isUnder = upgraderOutcome(seeds, stakeCents, priceCents, 'under').win;
      wallet.length = 0;
      success.length = 0;
      const result = nextEvent(sock, 'upgrader:result');
      const t0 = Date.now();
      sock.emit('upgrader:attempt', stakeCents / 100, item.id, isUnder, ...options);
      expect(((await result)[0] as { success: boolean }).success).toBe(true);
      return t0;
    };

    const t0 = await attempt({ instant: true });
    await vi.waitFor(() => expect(wallet).toEqual([-stakeCents / 100, payout]), { timeout: 2_000 });
    expect(Date.now() - t0).toBeLessThan(2_000);
    await vi.waitFor(() => expect(success).toHaveLength(1), { timeout: 500 });

    // animated, as the original client sends it: the win still waits for the dial
    await spaced();
    await attempt();
    await vi.waitFor(() => expect(wallet).toEqual([-stakeCents / 100]));
    await new Promise((r) => setTimeout(r, 1_000));
    expect(wallet).toEqual([-stakeCents / 100]);
    expect(success).toEqual([]);
    expect(await balance(u.id)).toBe(10_000 - 2 * stakeCents + 2 * Math.round(payout * 100));
  });

  it('seed rotation reveals the old server seed and every bet re-derives from it', async () => {
    const u = await player(10);
    const sock = await server.socket('dice', u.token);
    const before = await server.api<{ serverSeedHash: string; nextServerSeedHash: string; nonce: number }>(
      'GET',
      '/api/provably-fair/current',
      undefined,
      u.token,
    );
    const rolls: number[] = [];
    for (let i = 0; i < 3; i++) {
      await spaced();
      const res = nextEvent(sock, 'dice:result');
      sock.emit('dice:bet', { amount: 0.01, rangeData: 50 });
      rolls.push(Math.round(((await res)[0] as { diceresult: number }).diceresult * 100));
    }
    const rot = await server.api<{ currentServerSeedHash: string }>(
      'POST',
      '/api/provably-fair/update-seed',
      { newClientSeed: 'my lucky seed' },
      u.token,
    );
    expect(rot.status).toBe(200);
    expect(rot.body.currentServerSeedHash).toBe(before.body.nextServerSeedHash);
    const hist = await server.api<{
      history: Array<{ serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number }>;
    }>('GET', '/api/provably-fair/history', undefined, u.token);
    const old = hist.body.history[0];
    if (!old) throw new Error('no history');
    expect(old.serverSeedHash).toBe(before.body.serverSeedHash);
    expect(old.nonce).toBe(3);
    expect(rolls).toEqual(
      [0, 1, 2].map((nonce) => diceRoll({ serverSeed: old.serverSeed, clientSeed: old.clientSeed, nonce })),
    );
    const now = await server.api<{ clientSeed: string; nonce: number }>(
      'GET',
      '/api/provably-fair/current',
      undefined,
      u.token,
    );
    expect(now.body).toMatchObject({ clientSeed: 'my lucky seed', nonce: 0 });
    const bad = await server.api(
      'POST',
      '/api/provably-fair/update-seed',
      { newClientSeed: 'x'.repeat(65) },
      u.token,
    );
    expect(bad.status).toBe(400);
    const live = await server.api<{ all: unknown[]; mine: unknown[] }>(
      'GET',
      '/api/bets/live?game=dice',
      undefined,
      u.token,
    );
    expect(live.body.mine.length).toBeGreaterThanOrEqual(3);

    // npm run verify with the revealed seeds prints the same roll (no database needed)
    const { stdout: fromSeeds } = await run(process.execPath, [
      '--import',
      'tsx',
      'apps/server/src/tools/verify.ts',
      '--game',
      'dice',
      '--server-seed',
      old.serverSeed,
      '--client-seed',
      old.clientSeed,
      '--nonce',
      '1',
    ]);
    expect(fromSeeds).toMatch(new RegExp(`^Roll +${((rolls[1] ?? -1) / 100).toFixed(2)}$`, 'm'));
    expect(fromSeeds).toMatch(new RegExp(`^Server seed hash +${before.body.serverSeedHash}$`, 'm'));

    // npm run verify -- <bet id> re-derives a stored bet (PostgreSQL: a second process may open it)
    const url = ctx().config.DATABASE_URL;
    if (url) {
      const bet = await ctx()
        .db.selectFrom('bets')
        .select('id')
        .where('user_id', '=', u.id)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx', 'apps/server/src/tools/verify.ts', String(bet.id)],
        { env: { ...process.env, DATABASE_URL: url } },
      );
      expect(stdout).toContain('OK: the recorded outcome re-derives from the revealed seeds');
    }
  });
});

describe('mines survives a restart', () => {
  it('GET /api/mines/me resumes the open game from the database', async () => {
    const first = await startServer();
    const u = await first.newUser();
    await inTransaction(first.site.ctx.db, (unit) =>
      first.site.ctx.wallet.apply(unit, {
        userId: u.id,
        delta: 500,
        kind: 'admin',
        idempotencyKey: 'fund-restart',
      }),
    );
    const sock = await first.socket('mines', u.token);
    const started = nextEvent(sock, 'mines:start');
    sock.emit('mines:bet', { amount: 1, minescount: 1 });
    await started;
    const dataDir = first.dataDir;
    await first.site.close();
    const second = await startServer({ env: { DATA_DIR: dataDir } });
    try {
      const me = await second.api<{ status: string; amount: number; minesCount: number }>(
        'GET',
        '/api/mines/me',
        undefined,
        u.token,
      );
      expect(me.body).toMatchObject({ status: 'inprogress', amount: 1, minesCount: 1 });
    } finally {
      await second.close();
    }
  });
});
