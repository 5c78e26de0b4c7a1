import { plinkoTable } from '@coinsite/shared/fairness';
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { promisify } from 'node:util';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerMismatches } from '../../platform/ledger.ts';
import {
  fundedUser,
  DB_KINDS,
  nextEvent,
  spaced,
  startServer,
  type TestServer,
} from '../../test-support/server.ts';

const run = promisify(execFile);
/** Lets the 10 ms spacing rule pass between two emits of one socket. */

/** Stake's plinko path worked out with node's HMAC (not the shared code): first byte of each u32 ≥ 128 is right. */
function pathOf(s: { serverSeed: string; clientSeed: string; nonce: number }, rows: number): number[] {
  return Array.from({ length: rows }, (_, i) => {
    const bytes = createHmac('sha256', s.serverSeed)
      .update(`${s.clientSeed}:${s.nonce}:${Math.floor(i / 8)}`)
      .digest();
    return (bytes[(i % 8) * 4] ?? 0) >= 128 ? 1 : 0;
  });
}

interface PlinkoResult {
  betId: string;
  path: number[];
  slot: number;
  multiplier: number;
  payout: number;
}

describe.each(DB_KINDS)('plinko on %s', (db) => {
  let server: TestServer;
  beforeAll(async () => {
    // 20 coins of max profit: 16 rows high (1000x) is refused above 0.02
    server = await startServer({ db, env: { MAX_PROFIT: '20' } });
  });
  afterAll(async () => {
    if (server) expect(await findLedgerMismatches(server.site.ctx.db)).toEqual([]);
    await server?.close();
  });
  const ctx = () => server.site.ctx;

  const player = (coins: number) => fundedUser(server, coins);
  async function activeSeeds(u: { id: number; token: string }) {
    await server.api('GET', '/api/provably-fair/current', undefined, u.token);
    const row = await ctx()
      .db.selectFrom('seed_pairs')
      .select(['server_seed', 'client_seed', 'nonce'])
      .where('user_id', '=', u.id)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    return { serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: row.nonce };
  }
  const userRow = async (id: number) =>
    ctx().db.selectFrom('users').select(['balance', 'wager']).where('id', '=', id).executeTakeFirstOrThrow();

  it('a drop follows the committed seeds, pays floor(stake × slot multiplier) and writes its ledger rows', async () => {
    const u = await player(100);
    const sock = await server.socket('plinko', u.token);
    let expected = 10_000;
    for (const [rows, risk] of [
      [8, 'low'],
      [12, 'medium'],
      [16, 'high'],
    ] as const) {
      const seeds = await activeSeeds(u);
      const path = pathOf(seeds, rows);
      const slot = path.filter((s) => s === 1).length;
      const m = plinkoTable(rows, risk)[slot] ?? -1;
      await spaced();
      const res = nextEvent(sock, 'plinko:result');
      sock.emit('plinko:bet', { amount: 0.02, risk, rows });
      const [r] = (await res) as [PlinkoResult];
      expect(r).toMatchObject({ path, slot, multiplier: m / 100, payout: Math.floor((2 * m) / 100) / 100 });
      expect(r.betId).toMatch(/^\d+$/);
      expected += -2 + Math.floor((2 * m) / 100);
      // the bet page shows it, with the outcome the verifier needs
      const page = await server.api<{
        game: string;
        outcome: { path: number[]; rows: number; risk: string };
      }>('GET', `/api/bets/${r.betId}`);
      expect(page.body).toMatchObject({ game: 'plinko', outcome: { path, rows, risk, slot } });
    }
    expect(await userRow(u.id)).toEqual({ balance: expected, wager: 6 });
    const ledger = await ctx()
      .db.selectFrom('ledger_entries')
      .select(['kind', 'delta'])
      .where('user_id', '=', u.id)
      .orderBy('id')
      .execute();
    // the funding, then per bet its stake (and its win, when it paid anything)
    expect(ledger.filter((l) => l.delta === -2)).toHaveLength(3);
  });

  it('refuses bad bets with a sentence and takes no nonce', async () => {
    const u = await player(1);
    const sock = await server.socket('plinko', u.token);
    const cases: Array<[unknown, RegExp]> = [
      [{ amount: 0.5, risk: 'low', rows: 7 }, /8 to 16/],
      [{ amount: 0.5, risk: 'low', rows: 17 }, /8 to 16/],
      [{ amount: 0.5, risk: 'wild', rows: 8 }, /low, medium or high/],
      [{ amount: 0, risk: 'low', rows: 8 }, /minimum bet is 0.01/],
      [{ amount: 2, risk: 'low', rows: 8 }, /enough balance/],
      // 1000x on 0.03 could win 29.97: above the 20.00 max profit, wherever the ball would land
      [{ amount: 0.03, risk: 'high', rows: 16 }, /could win 29.97, above the maximum profit of 20.00/],
      ['garbage', /Invalid/],
    ];
    for (const [payload, re] of cases) {
      await spaced();
      const err = nextEvent(sock, 'game-creation-error');
      sock.emit('plinko:bet', payload);
      expect(String((await err)[0])).toMatch(re);
    }
    expect((await userRow(u.id)).balance).toBe(100);
    expect((await activeSeeds(u)).nonce).toBe(0);
    // exactly the max profit is allowed: 0.02 at 1000x wins 19.98
    await spaced();
    const ok = nextEvent(sock, 'plinko:result');
    sock.emit('plinko:bet', { amount: 0.02, risk: 'high', rows: 16 });
    await ok;
  });

  it('concurrent drops from many tabs never overdraw the balance; each re-derives at its nonce', async () => {
    const u = await player(1);
    const socks: Socket[] = [];
    for (let i = 0; i < 4; i++) socks.push(await server.socket('plinko', u.token));
    const replies: Array<Promise<unknown[]>> = [];
    for (let round = 0; round < 5; round++) {
      for (const s of socks) {
        replies.push(Promise.race([nextEvent(s, 'plinko:result'), nextEvent(s, 'game-creation-error')]));
        // 8 rows low pays at most 5.6x: 0.20 may win 0.92
        s.emit('plinko:bet', { amount: 0.2, risk: 'low', rows: 8, instant: true });
      }
      await Promise.all(replies.slice(-socks.length));
      await spaced();
    }
    const settled = await Promise.all(replies);
    const placed = await ctx()
      .db.selectFrom('bets as b')
      .innerJoin('seed_pairs as p', 'p.id', 'b.seed_pair_id')
      .select(['b.stake', 'b.payout', 'b.nonce', 'b.outcome', 'p.server_seed', 'p.client_seed'])
      .where('b.user_id', '=', u.id)
      .orderBy('b.nonce')
      .execute();
    const refused = settled.filter((args) => typeof args[0] === 'string');
    expect(placed.length + refused.length).toBe(20);
    for (const [message] of refused) expect(message).toMatch(/enough balance/);
    expect(placed.map((b) => b.nonce)).toEqual(placed.map((_, i) => i));
    for (const b of placed) {
      const path = pathOf({ serverSeed: b.server_seed, clientSeed: b.client_seed, nonce: b.nonce ?? -1 }, 8);
      expect((b.outcome as { path: number[] }).path).toEqual(path);
    }
    const paid = placed.reduce((sum, b) => sum + b.payout, 0);
    const balance = (await userRow(u.id)).balance;
    expect(balance).toBe(100 - 20 * placed.length + paid);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(placed.every((b) => b.stake === 20)).toBe(true);
    // 1.00 covers five 0.20 drops at least (every drop pays back 0.5x or more): more are placed
    expect(placed.length).toBeGreaterThanOrEqual(5);
  });

  it('the win reaches update-wallet when the ball lands (at once in instant mode); the live feed names the game', async () => {
    const u = await player(10);
    const chat = await server.socket('chat', u.token);
    const sock = await server.socket('plinko', u.token);
    const credits: Array<{ amount: number; at: number }> = [];
    chat.on('update-wallet', (amount: number) => credits.push({ amount, at: Date.now() }));
    await new Promise((r) => setTimeout(r, 100));
    // 8 rows low never pays 0: every drop credits something
    const sent = Date.now();
    const res = nextEvent(sock, 'plinko:result');
    sock.emit('plinko:bet', { amount: 1, risk: 'low', rows: 8 });
    const [r] = (await res) as [PlinkoResult];
    await new Promise((resolve) => setTimeout(resolve, 2200));
    const win = credits.find((c) => c.amount > 0);
    expect(win?.amount).toBe(r.payout);
    // 0.25 s + 8 × 0.2 s of fall
    expect((win?.at ?? 0) - sent).toBeGreaterThanOrEqual(1800);
    credits.length = 0;
    await spaced();
    const instant = Date.now();
    const res2 = nextEvent(sock, 'plinko:result');
    sock.emit('plinko:bet', { amount: 1, risk: 'low', rows: 8, instant: true });
    await res2;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((credits.find((c) => c.amount > 0)?.at ?? Number.POSITIVE_INFINITY) - instant).toBeLessThan(1000);
    const live = await server.api<{ mine: Array<{ game: string }> }>(
      'GET',
      '/api/bets/live?game=plinko',
      undefined,
      u.token,
    );
    expect(live.body.mine.map((b) => b.game)).toContain('plinko');
  });

  it('npm run verify -- <bet id> prints the path once the seed is revealed', async () => {
    const u = await player(1);
    const sock = await server.socket('plinko', u.token);
    const res = nextEvent(sock, 'plinko:result');
    sock.emit('plinko:bet', { amount: 0.01, risk: 'medium', rows: 10, instant: true });
    const [r] = (await res) as [PlinkoResult];
    const rot = await server.api(
      'POST',
      '/api/provably-fair/update-seed',
      { newClientSeed: 'rotate' },
      u.token,
    );
    expect(rot.status).toBe(200);
    const url = ctx().config.DATABASE_URL;
    if (!url) return; // PGlite: a second process cannot open the embedded database
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/tools/verify.ts', r.betId],
      { env: { ...process.env, DATABASE_URL: url } },
    );
    expect(stdout).toMatch(new RegExp(`^Path +${r.path.map((s) => (s === 1 ? 'R' : 'L')).join(' ')}$`, 'm'));
    expect(stdout).toMatch(new RegExp(`^Multiplier +${r.multiplier.toFixed(2)}x$`, 'm'));
    expect(stdout).toContain('OK: the recorded outcome re-derives from the revealed seeds');
  });

  it('hooks: a plinko and a wheel stake accrue the rakeback a dice stake does (the same 1 % edge)', async () => {
    const accrued = async (ns: string, event: string, payload: object) => {
      const u = await player(100);
      const sock = await server.socket(ns, u.token);
      const res = Promise.race([nextEvent(sock, `${ns}:result`), nextEvent(sock, 'game-creation-error')]);
      sock.emit(event, payload);
      expect(typeof (await res)[0]).toBe('object');
      const row = await ctx()
        .db.selectFrom('user_rewards')
        .select('rakeback_units')
        .where('user_id', '=', u.id)
        .executeTakeFirst();
      return { rakeback: Number(row?.rakeback_units ?? 0), wager: (await userRow(u.id)).wager };
    };
    const dice = await accrued('dice', 'dice:bet', { amount: 3, rangeData: 50 });
    expect(dice.wager).toBe(300);
    expect(dice.rakeback).toBeGreaterThan(0);
    expect(await accrued('plinko', 'plinko:bet', { amount: 3, risk: 'low', rows: 8, instant: true })).toEqual(
      dice,
    );
    expect(
      await accrued('wheel', 'wheel:bet', { amount: 3, risk: 'low', segments: 10, instant: true }),
    ).toEqual(dice);
  });
});
