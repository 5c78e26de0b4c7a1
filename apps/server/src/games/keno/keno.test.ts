import { kenoOutcome } from '@coinsite/shared/fairness';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

interface Result {
  betId: string;
  drawn: number[];
  hits: number[];
  multiplier: number;
  payout: number;
}

describe.each(DB_KINDS)('keno on %s', (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ db });
  });
  afterAll(async () => {
    if (server) expect(await findLedgerMismatches(server.site.ctx.db)).toEqual([]);
    await server?.close();
  });
  const ctx = () => server.site.ctx;

  const player = (coins: number) => fundedUser(server, coins);
  const balance = async (id: number) =>
    (await ctx().db.selectFrom('users').select('balance').where('id', '=', id).executeTakeFirstOrThrow())
      .balance;
  async function activeSeeds(userId: number, token: string) {
    await server.api('GET', '/api/provably-fair/current', undefined, token);
    const row = await ctx()
      .db.selectFrom('seed_pairs')
      .select(['server_seed', 'client_seed', 'nonce'])
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    return { serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: row.nonce };
  }

  it('a bet draws from the committed seeds, pays the table, writes the bet and its ledger rows', async () => {
    const u = await player(100);
    const sock = await server.socket('keno', u.token);
    let expected = 10_000;
    for (const [risk, picks] of [
      ['classic', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
      ['low', [40]],
      ['medium', [3, 13, 23]],
      ['high', [5, 10, 15, 20, 25, 30]],
    ] as const) {
      await spaced();
      const seeds = await activeSeeds(u.id, u.token);
      const want = kenoOutcome(seeds, 100, risk, picks);
      const res = Promise.race([nextEvent(sock, 'keno:result'), nextEvent(sock, 'game-creation-error')]);
      sock.emit('keno:bet', { amount: 1, risk, picks }, { instant: true });
      const [r] = (await res) as [Result];
      expect(r).toMatchObject({ betId: expect.any(String) });
      expect(r.drawn).toEqual(want.drawn);
      expect(r.hits).toEqual(want.hits);
      expect(r.payout).toBe(want.payout / 100);
      expect(r.multiplier).toBe(want.payout > 0 ? want.multiplier / 100 : 0);
      expected += want.payout - 100;
      expect(await balance(u.id)).toBe(expected);
      const row = await ctx()
        .db.selectFrom('bets')
        .select(['game', 'stake', 'payout', 'multiplier', 'outcome', 'nonce', 'status'])
        .where('id', '=', Number(r.betId))
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        game: 'keno',
        stake: 100,
        payout: want.payout,
        nonce: seeds.nonce,
        status: 'settled',
      });
      expect(row.outcome).toMatchObject({ risk, picks, drawn: want.drawn, hits: want.hits });
      const ledger = await ctx()
        .db.selectFrom('ledger_entries')
        .select(['kind', 'delta'])
        .where('ref', '=', r.betId)
        .execute();
      expect(ledger.find((l) => l.kind === 'bet')?.delta).toBe(-100);
      if (want.payout > 0) expect(ledger.find((l) => l.kind === 'win')?.delta).toBe(want.payout);
      const page = await server.api<{ game: string; outcome: { drawn: number[] } }>(
        'GET',
        `/api/bets/${r.betId}`,
      );
      expect(page.body.game).toBe('keno');
      expect(page.body.outcome.drawn).toEqual(want.drawn);
    }
    const wager = await ctx()
      .db.selectFrom('users')
      .select('wager')
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(wager.wager).toBe(400);
  });

  it('refuses bad bets and a bet over the max profit with a sentence, before anything is placed', async () => {
    const u = await player(5);
    const sock = await server.socket('keno', u.token);
    const cases: Array<[unknown, RegExp]> = [
      [{ amount: 1, risk: 'classic', picks: [] }, /1 to 10 numbers/],
      [{ amount: 1, risk: 'classic', picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }, /1 to 10 numbers/],
      [{ amount: 1, risk: 'classic', picks: [0] }, /from 1 to 40/],
      [{ amount: 1, risk: 'classic', picks: [41] }, /from 1 to 40/],
      [{ amount: 1, risk: 'classic', picks: [4, 4] }, /once/],
      [{ amount: 1, risk: 'wild', picks: [4] }, /risk/],
      [{ amount: 0.001, risk: 'low', picks: [4] }, /minimum bet/],
      [{ amount: 10, risk: 'low', picks: [4] }, /enough balance/],
      // high, 10 picks tops at 1,000x: 1.01 could win 1,009.00, over the default 1,000.00
      [
        { amount: 1.01, risk: 'high', picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
        /maximum profit of 1,?000\.00/,
      ],
      ['garbage', /Invalid/],
    ];
    for (const [payload, re] of cases) {
      await spaced();
      const err = nextEvent(sock, 'game-creation-error');
      sock.emit('keno:bet', payload);
      expect(String((await err)[0])).toMatch(re);
    }
    expect(await balance(u.id)).toBe(500);
    const bets = await ctx().db.selectFrom('bets').select('id').where('user_id', '=', u.id).execute();
    expect(bets).toHaveLength(0);
  });

  it('concurrent bets from one balance across tabs never overdraw it; every nonce is used once', async () => {
    const u = await player(1);
    const socks: Socket[] = [];
    for (let i = 0; i < 4; i++) socks.push(await server.socket('keno', u.token));
    const outcomes: Array<Promise<unknown[]>> = [];
    for (let round = 0; round < 4; round++) {
      for (const s of socks) {
        outcomes.push(Promise.race([nextEvent(s, 'keno:result'), nextEvent(s, 'game-creation-error')]));
        // high risk, 1 pick: 3.96x or nothing; 0.20 a bet, so five fit in the balance unless one wins
        s.emit('keno:bet', { amount: 0.2, risk: 'high', picks: [7] }, { instant: true });
      }
      await Promise.all(outcomes.slice(-socks.length));
      await spaced();
    }
    const settled = await Promise.all(outcomes);
    const placed = await ctx()
      .db.selectFrom('bets')
      .select(['stake', 'payout', 'nonce'])
      .where('user_id', '=', u.id)
      .execute();
    const paid = placed.reduce((sum, b) => sum + b.payout, 0);
    expect(new Set(placed.map((b) => b.nonce)).size).toBe(placed.length);
    const refused = settled.filter((args) => typeof args[0] === 'string');
    expect(refused).toHaveLength(16 - placed.length);
    for (const [message] of refused) expect(message).toMatch(/enough balance/);
    const after = await balance(u.id);
    expect(after).toBe(100 - 20 * placed.length + paid);
    expect(after).toBeGreaterThanOrEqual(0);
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
  });

  it('a win is announced (update-wallet) after the board reveals the draw, or at once in instant mode', async () => {
    const u = await player(10);
    const chat = await server.socket('chat', u.token);
    const sock = await server.socket('keno', u.token);
    const wallet: number[] = [];
    chat.on('update-wallet', (delta: number) => wallet.push(delta));
    // low risk, one pick: 0.70x on a miss, 1.86x on a hit, so every bet pays something back
    const bet = async (...options: unknown[]) => {
      await spaced();
      wallet.length = 0;
      const res = nextEvent(sock, 'keno:result');
      sock.emit('keno:bet', { amount: 1, risk: 'low', picks: [20] }, ...options);
      const [r] = (await res) as [Result];
      expect(r.payout).toBeGreaterThan(0);
      return r;
    };
    const animated = await bet();
    await vi.waitFor(() => expect(wallet).toEqual([-1]));
    await new Promise((r) => setTimeout(r, 1_000));
    expect(wallet).toEqual([-1]);
    await vi.waitFor(() => expect(wallet).toEqual([-1, animated.payout]), { timeout: 3_000 });
    const t0 = Date.now();
    const instant = await bet({ instant: true });
    await vi.waitFor(() => expect(wallet).toEqual([-1, instant.payout]), { timeout: 1_000 });
    expect(Date.now() - t0).toBeLessThan(1_400);
  });

  it('npm run verify -- <bet id> re-derives a keno bet once its seed is revealed', async () => {
    const url = ctx().config.DATABASE_URL;
    if (!url) return; // PGlite: a second process cannot open the database
    const u = await player(10);
    const sock = await server.socket('keno', u.token);
    const res = nextEvent(sock, 'keno:result');
    sock.emit('keno:bet', { amount: 1, risk: 'medium', picks: [1, 11, 21, 31] }, { instant: true });
    const [r] = (await res) as [Result];
    const rot = await server.api(
      'POST',
      '/api/provably-fair/update-seed',
      { newClientSeed: 'rotate' },
      u.token,
    );
    expect(rot.status).toBe(200);
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/tools/verify.ts', r.betId],
      {
        env: { ...process.env, DATABASE_URL: url },
      },
    );
    expect(stdout).toContain(`Drawn (draw order)  ${r.drawn.join(', ')}`);
    expect(stdout).toContain('OK: the recorded outcome re-derives from the revealed seeds');
  });
});
