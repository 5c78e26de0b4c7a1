import { wheelTable } from '@coinsite/shared/fairness';
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

/** pick(0, segments) with node's HMAC (not the shared code): floor(u32 × segments / 2^32). */
function segmentOf(s: { serverSeed: string; clientSeed: string; nonce: number }, segments: number): number {
  const bytes = createHmac('sha256', s.serverSeed).update(`${s.clientSeed}:${s.nonce}:0`).digest();
  return Number((BigInt(bytes.readUInt32BE(0)) * BigInt(segments)) / 2n ** 32n);
}

interface WheelResult {
  betId: string;
  segment: number;
  multiplier: number;
  payout: number;
}

describe.each(DB_KINDS)('wheel on %s', (db) => {
  let server: TestServer;
  beforeAll(async () => {
    // 20 coins of max profit: 50 segments high (49.5x) is refused above 0.41
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

  it('a spin stops on the committed segment and pays floor(stake × its multiplier); the bet page shows it', async () => {
    const u = await player(100);
    const sock = await server.socket('wheel', u.token);
    let expected = 10_000;
    for (const [segments, risk] of [
      [10, 'low'],
      [30, 'medium'],
      [50, 'high'],
      [20, 'low'],
    ] as const) {
      const seeds = await activeSeeds(u);
      const segment = segmentOf(seeds, segments);
      const m = wheelTable(segments, risk)[segment] ?? -1;
      await spaced();
      const res = nextEvent(sock, 'wheel:result');
      sock.emit('wheel:bet', { amount: 0.33, risk, segments });
      const [r] = (await res) as [WheelResult];
      expect(r).toMatchObject({ segment, multiplier: m / 100, payout: Math.floor((33 * m) / 100) / 100 });
      expected += -33 + Math.floor((33 * m) / 100);
      const page = await server.api<{ game: string; outcome: Record<string, unknown> }>(
        'GET',
        `/api/bets/${r.betId}`,
      );
      expect(page.body).toMatchObject({ game: 'wheel', outcome: { segment, segments, risk, multiplier: m } });
    }
    expect(await userRow(u.id)).toEqual({ balance: expected, wager: 132 });
  });

  it('refuses bad bets with a sentence and takes no nonce', async () => {
    const u = await player(1);
    const sock = await server.socket('wheel', u.token);
    const cases: Array<[unknown, RegExp]> = [
      [{ amount: 0.5, risk: 'low', segments: 15 }, /10, 20, 30, 40 or 50/],
      [{ amount: 0.5, risk: 'max', segments: 10 }, /low, medium or high/],
      [{ amount: 0, risk: 'low', segments: 10 }, /minimum bet is 0.01/],
      [{ amount: 2, risk: 'low', segments: 10 }, /enough balance/],
      // 49.5x on 0.50 could win 24.25: above the 20.00 max profit, whatever the segment
      [{ amount: 0.5, risk: 'high', segments: 50 }, /could win 24.25, above the maximum profit of 20.00/],
      [null, /Invalid/],
    ];
    for (const [payload, re] of cases) {
      await spaced();
      const err = nextEvent(sock, 'game-creation-error');
      sock.emit('wheel:bet', payload);
      expect(String((await err)[0])).toMatch(re);
    }
    expect((await userRow(u.id)).balance).toBe(100);
    expect((await activeSeeds(u)).nonce).toBe(0);
  });

  it('concurrent spins from many tabs never overdraw the balance', async () => {
    const u = await player(1);
    const socks: Socket[] = [];
    for (let i = 0; i < 4; i++) socks.push(await server.socket('wheel', u.token));
    const replies: Array<Promise<unknown[]>> = [];
    for (let round = 0; round < 5; round++) {
      for (const s of socks) {
        replies.push(Promise.race([nextEvent(s, 'wheel:result'), nextEvent(s, 'game-creation-error')]));
        s.emit('wheel:bet', { amount: 0.25, risk: 'high', segments: 10, instant: true });
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
      const seeds = { serverSeed: b.server_seed, clientSeed: b.client_seed, nonce: b.nonce ?? -1 };
      expect((b.outcome as { segment: number }).segment).toBe(segmentOf(seeds, 10));
    }
    const paid = placed.reduce((sum, b) => sum + b.payout, 0);
    const balance = (await userRow(u.id)).balance;
    expect(balance).toBe(100 - 25 * placed.length + paid);
    expect(balance).toBeGreaterThanOrEqual(0);
    // 1.00 is four spins; the high wheel pays 9.9x on one segment of ten, else nothing
    if (paid === 0) expect(placed).toHaveLength(4);
  });

  it('npm run verify -- <bet id> prints the segment once the seed is revealed', async () => {
    const u = await player(1);
    const sock = await server.socket('wheel', u.token);
    const res = nextEvent(sock, 'wheel:result');
    sock.emit('wheel:bet', { amount: 0.01, risk: 'medium', segments: 40, instant: true });
    const [r] = (await res) as [WheelResult];
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
    expect(stdout).toMatch(new RegExp(`^Segment +${r.segment} of 0..39$`, 'm'));
    expect(stdout).toContain('OK: the recorded outcome re-derives from the revealed seeds');
  });
});
