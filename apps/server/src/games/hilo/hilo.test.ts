import type { HiloView } from '@coinsite/shared';
import { type HiloChoice, hiloCard, hiloMultiplier, hiloRank, type Seeds } from '@coinsite/shared/fairness';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerMismatches } from '../../platform/ledger.ts';
import { inTransaction } from '../../platform/tx.ts';
import { DB_KINDS, nextEvent, spaced, startServer, type TestServer } from '../../test-support/server.ts';

const run = promisify(execFile);

/** A guess that wins (cur → next), or that loses (null when none can: equal middle ranks). */
function winning(cur: number, next: number): HiloChoice {
  const a = hiloRank(cur);
  const b = hiloRank(next);
  return a === b ? 'same' : b > a ? 'higher' : 'lower';
}
function losing(cur: number, next: number): HiloChoice | null {
  const a = hiloRank(cur);
  const b = hiloRank(next);
  if (a === b) return a === 1 ? 'higher' : a === 13 ? 'lower' : null;
  if (b > a) return a === 1 ? 'same' : 'lower';
  return a === 13 ? 'same' : 'higher';
}

async function fund(server: TestServer, userId: number, cents: number) {
  await inTransaction(server.site.ctx.db, (unit) =>
    server.site.ctx.wallet.apply(unit, {
      userId,
      delta: cents,
      kind: 'admin',
      idempotencyKey: `f:${userId}`,
    }),
  );
}

/** The open game's seeds, read from the database (a test may know the next card; a player never). */
async function gameSeeds(server: TestServer, userId: number): Promise<Seeds> {
  const row = await server.site.ctx.db
    .selectFrom('bets as b')
    .innerJoin('seed_pairs as s', 's.id', 'b.seed_pair_id')
    .select(['s.server_seed', 's.client_seed', 'b.nonce'])
    .where('b.user_id', '=', userId)
    .where('b.game', '=', 'hilo')
    .orderBy('b.id', 'desc')
    .executeTakeFirstOrThrow();
  return { serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: Number(row.nonce) };
}

async function send(sock: Socket, event: string, payload?: unknown): Promise<HiloView | string> {
  await spaced();
  const answer = Promise.race([nextEvent(sock, 'hilo:state'), nextEvent(sock, 'game-creation-error')]);
  if (payload === undefined) sock.emit(event);
  else sock.emit(event, payload);
  return (await answer)[0] as HiloView | string;
}
async function state(sock: Socket, event: string, payload?: unknown): Promise<HiloView> {
  const r = await send(sock, event, payload);
  if (typeof r === 'string') throw new Error(r);
  return r;
}

describe.each(DB_KINDS)('hilo on %s', (db) => {
  let server: TestServer;
  beforeAll(async () => {
    // the highest cap: three right guesses on random seeds can pass 1,000 coins of profit on a
    // 10-coin stake (two "same" guesses), which would cash the game out; the cap has its own test below
    server = await startServer({ db, env: { MAX_PROFIT: '10000000' } });
  });
  afterAll(async () => {
    if (server) expect(await findLedgerMismatches(server.site.ctx.db)).toEqual([]);
    await server?.close();
  });
  const ctx = () => server.site.ctx;
  const balance = async (id: number) =>
    (await ctx().db.selectFrom('users').select('balance').where('id', '=', id).executeTakeFirstOrThrow())
      .balance;

  it('start, winning guesses, a skip, a cash-out: cards from the seeds, the next one never sent early', async () => {
    const u = await server.newUser();
    await fund(server, u.id, 10_000);
    const sock = await server.socket('hilo', u.token);
    const seen: string[] = [];
    sock.onAny((event, ...args) => seen.push(`${event} ${JSON.stringify(args)}`));
    let view = await state(sock, 'hilo:start', { amount: 10 });
    const seeds = await gameSeeds(server, u.id);
    expect(view).toMatchObject({
      status: 'active',
      amount: 10,
      multiplier: 1,
      cashout: 0,
      canCashout: false,
    });
    expect(view.cards.map((c) => c.index)).toEqual([hiloCard(seeds, 0)]);
    expect(await send(sock, 'hilo:cashout')).toMatch(/at least one card/);
    const won: number[] = [];
    for (let k = 1; k <= 3; k++) {
      const cur = hiloCard(seeds, k - 1);
      const next = hiloCard(seeds, k);
      const guess = winning(cur, next);
      expect(view.options[guess as 'higher' | 'lower' | 'same']).not.toBeNull();
      const ranks =
        guess === 'same'
          ? 1
          : guess === 'higher'
            ? hiloRank(cur) === 1
              ? 12
              : 14 - hiloRank(cur)
            : hiloRank(cur) === 13
              ? 12
              : hiloRank(cur);
      won.push(ranks);
      view = await state(sock, 'hilo:guess', { choice: guess });
      expect(view.status).toBe('active');
      expect(view.cards.map((c) => c.index)).toEqual(
        Array.from({ length: k + 1 }, (_, i) => hiloCard(seeds, i)),
      );
      expect(view.multiplier).toBe(hiloMultiplier(won) / 10000);
    }
    view = await state(sock, 'hilo:guess', { choice: 'skip' });
    expect(view.skips).toBe(1);
    expect(view.multiplier).toBe(hiloMultiplier(won) / 10000);
    // the card after the last dealt one (k = 5) never reached the player
    const dealt = view.cards.map((c) => c.index);
    expect(dealt).toHaveLength(5);
    const me = await server.api<HiloView>('GET', '/api/hilo/me', undefined, u.token);
    expect(me.body.cards.map((c) => c.index)).toEqual(dealt);
    expect(JSON.stringify(me.body)).not.toContain(seeds.serverSeed);
    for (const line of seen) expect(line).not.toContain(seeds.serverSeed);
    // nor is it stored: the row holds the dealt cards only, the next is computed when it is dealt
    const stored = await ctx()
      .db.selectFrom('bets')
      .select('outcome')
      .where('user_id', '=', u.id)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    expect((stored.outcome as { cards: number[] }).cards).toEqual(dealt);
    // the seed pair cannot be rotated while the game is open (it would reveal the next cards)
    const rot = await server.api(
      'POST',
      '/api/provably-fair/update-seed',
      { newClientSeed: 'peek' },
      u.token,
    );
    expect(rot.status).toBe(400);
    expect(JSON.stringify(rot.body)).toMatch(/hilo game is in progress/);
    const payout = Math.floor((1000 * hiloMultiplier(won)) / 10000);
    view = await state(sock, 'hilo:cashout');
    expect(view).toMatchObject({ status: 'cashed', payout: payout / 100, canCashout: false });
    expect(await balance(u.id)).toBe(10_000 - 1000 + payout);
    const row = await ctx()
      .db.selectFrom('bets')
      .select(['id', 'status', 'payout', 'multiplier', 'stake'])
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'settled', payout, multiplier: hiloMultiplier(won), stake: 1000 });
    const ledger = await ctx()
      .db.selectFrom('ledger_entries')
      .select(['kind', 'delta'])
      .where('ref', '=', String(row.id))
      .execute();
    expect(ledger.map((l) => [l.kind, l.delta]).sort()).toEqual(
      [
        ['bet', -1000],
        ['win', payout],
      ].sort(),
    );
    expect((await server.api('GET', '/api/hilo/me', undefined, u.token)).status).toBe(404);
    const page = await server.api<{ game: string; outcome: { cards: number[] } }>(
      'GET',
      `/api/bets/${row.id}`,
    );
    expect(page.body.outcome.cards).toEqual(dealt);
    const wager = await ctx()
      .db.selectFrom('users')
      .select('wager')
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(wager.wager).toBe(1000);

    // npm run verify -- <bet id> replays it once the pair is revealed (PostgreSQL: a second process)
    const url = ctx().config.DATABASE_URL;
    if (url) {
      const rotated = await server.api(
        'POST',
        '/api/provably-fair/update-seed',
        { newClientSeed: 'now' },
        u.token,
      );
      expect(rotated.status).toBe(200);
      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx', 'apps/server/src/tools/verify.ts', String(row.id)],
        {
          env: { ...process.env, DATABASE_URL: url },
        },
      );
      expect(stdout).toContain('OK: the recorded outcome re-derives from the revealed seeds');
    }
  });

  it('a wrong guess ends the game with nothing paid; bad choices are refused', async () => {
    const u = await server.newUser();
    await fund(server, u.id, 500);
    const sock = await server.socket('hilo', u.token);
    let view = await state(sock, 'hilo:start', { amount: 2 });
    expect(await send(sock, 'hilo:start', { amount: 1 })).toMatch(/already have a hilo game/);
    expect(await send(sock, 'hilo:guess', { choice: 'sideways' })).toMatch(/higher, lower, same or skip/);
    const seeds = await gameSeeds(server, u.id);
    let k = 1;
    // skip past equal middle ranks (no guess can lose there)
    while (losing(hiloCard(seeds, k - 1), hiloCard(seeds, k)) === null) {
      view = await state(sock, 'hilo:guess', { choice: 'skip' });
      k++;
    }
    const first = hiloRank(hiloCard(seeds, k - 1));
    if (first === 1) expect(await send(sock, 'hilo:guess', { choice: 'lower' })).toMatch(/ace/);
    if (first === 13) expect(await send(sock, 'hilo:guess', { choice: 'higher' })).toMatch(/king/);
    view = await state(sock, 'hilo:guess', { choice: losing(hiloCard(seeds, k - 1), hiloCard(seeds, k)) });
    expect(view.status).toBe('lost');
    expect(view.cards).toHaveLength(k + 1);
    expect(view.canCashout).toBe(false);
    expect(await balance(u.id)).toBe(300);
    expect(await send(sock, 'hilo:guess', { choice: 'higher' })).toBe('No active game found.');
    const row = await ctx()
      .db.selectFrom('bets')
      .select(['status', 'payout'])
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'settled', payout: 0 });
  });

  it('starts from many tabs at once: one open game, the balance never overdrawn', async () => {
    const u = await server.newUser();
    await fund(server, u.id, 300);
    const socks: Socket[] = [];
    for (let i = 0; i < 4; i++) socks.push(await server.socket('hilo', u.token));
    const answers = await Promise.all(socks.map((s) => send(s, 'hilo:start', { amount: 1 })));
    const started = answers.filter((a) => typeof a !== 'string');
    expect(started).toHaveLength(1);
    for (const a of answers.filter((x) => typeof x === 'string'))
      expect(a).toMatch(/already have a hilo game/);
    expect(await balance(u.id)).toBe(200);
    const open = await ctx()
      .db.selectFrom('bets')
      .select('id')
      .where('user_id', '=', u.id)
      .where('status', '=', 'open')
      .execute();
    expect(open).toHaveLength(1);
    // guesses from two tabs at once are applied one after the other under the row's lock
    const seeds = await gameSeeds(server, u.id);
    const [a, b] = await Promise.all([
      send(socks[0] as Socket, 'hilo:guess', { choice: 'skip' }),
      send(socks[1] as Socket, 'hilo:guess', { choice: 'skip' }),
    ]);
    const views = [a, b].filter((x): x is HiloView => typeof x !== 'string');
    expect(views.map((v) => v.cards.length).sort()).toEqual([2, 3]);
    expect(Math.max(...views.map((v) => v.skips))).toBe(2);
    const last = views.find((v) => v.cards.length === 3);
    expect(last?.cards.map((c) => c.index)).toEqual([0, 1, 2].map((k) => hiloCard(seeds, k)));
  });
});

describe('hilo survives a restart', () => {
  it('GET /api/hilo/me resumes the open game from the database, and the game plays on', async () => {
    const first = await startServer();
    const u = await first.newUser();
    await fund(first, u.id, 500);
    const sock = await first.socket('hilo', u.token);
    const started = await state(sock, 'hilo:start', { amount: 1 });
    const afterSkip = await state(sock, 'hilo:guess', { choice: 'skip' });
    expect(afterSkip.cards).toHaveLength(2);
    const seeds = await gameSeeds(first, u.id);
    const dataDir = first.dataDir;
    await first.site.close();
    const second = await startServer({ env: { DATA_DIR: dataDir } });
    try {
      const me = await second.api<HiloView>('GET', '/api/hilo/me', undefined, u.token);
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ status: 'active', amount: 1, skips: 1, id: started.id });
      expect(me.body.cards).toEqual(afterSkip.cards);
      const sock2 = await second.socket('hilo', u.token);
      const next = await state(sock2, 'hilo:guess', {
        choice: winning(hiloCard(seeds, 1), hiloCard(seeds, 2)),
      });
      expect(next.status).toBe('active');
      expect(next.cards.map((c) => c.index)).toEqual([0, 1, 2].map((k) => hiloCard(seeds, k)));
      const cashed = await state(sock2, 'hilo:cashout');
      expect(cashed.status).toBe('cashed');
      expect(await findLedgerMismatches(second.site.ctx.db)).toEqual([]);
    } finally {
      await second.close();
    }
  });
});

describe('hilo at the max profit', () => {
  it('a right guess that reaches stake + max profit cashes the game out at the cap', async () => {
    const server = await startServer({ env: { MAX_PROFIT: '0.05' } });
    try {
      const u = await server.newUser();
      await fund(server, u.id, 500);
      const sock = await server.socket('hilo', u.token);
      await state(sock, 'hilo:start', { amount: 1 });
      const seeds = await gameSeeds(server, u.id);
      // every right guess pays at least 1.0725x: 1.00 would win 0.07, over the 0.05 cap
      const view = await state(sock, 'hilo:guess', {
        choice: winning(hiloCard(seeds, 0), hiloCard(seeds, 1)),
      });
      expect(view).toMatchObject({ status: 'cashed', payout: 1.05, multiplier: 1.05 });
      const row = await server.site.ctx.db
        .selectFrom('bets')
        .select(['status', 'payout', 'multiplier'])
        .where('user_id', '=', u.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'settled', payout: 105, multiplier: 10_500 });
      expect(
        (
          await server.site.ctx.db
            .selectFrom('users')
            .select('balance')
            .where('id', '=', u.id)
            .executeTakeFirstOrThrow()
        ).balance,
      ).toBe(505);
      expect(await findLedgerMismatches(server.site.ctx.db)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
