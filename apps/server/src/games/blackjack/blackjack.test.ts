import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { BlackjackView } from '@coinsite/shared';
import { blackjackCards, cardLabel } from '@coinsite/shared/fairness';
import { cardPoints, isAce } from '@coinsite/shared/games';
import { sql } from 'kysely';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, fund, quickUser } from '../../economy/rewards/rewards-test-kit.ts';
import { ManualClock } from '../../platform/clock.ts';
import { findLedgerMismatches } from '../../platform/ledger.ts';
import { DB_KINDS, startServer, type TestServer } from '../../test-support/server.ts';
import { sweepIdleHands } from './blackjack.service.ts';

const run = promisify(execFile);

type Answer = { event: 'blackjack:state'; view: BlackjackView } | { event: 'blackjack:error'; error: string };

/** One emit and its answer (state or error). Emits of one socket are spaced (the 10 ms rule). */
function ask(sock: Socket, event: string, ...args: unknown[]): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer to ${event}`)), 5000);
    const onState = (view: BlackjackView) => done({ event: 'blackjack:state', view });
    const onError = (e: { error: string }) => done({ event: 'blackjack:error', error: e.error });
    const done = (a: Answer) => {
      clearTimeout(timer);
      sock.off('blackjack:state', onState);
      sock.off('blackjack:error', onError);
      resolve(a);
    };
    sock.on('blackjack:state', onState);
    sock.on('blackjack:error', onError);
    setTimeout(() => sock.emit(event, ...args), 12);
  });
}

const view = (a: Answer): BlackjackView => {
  if (a.event !== 'blackjack:state') throw new Error(`expected a state, got ${a.error}`);
  return a.view;
};
const error = (a: Answer): string => {
  if (a.event !== 'blackjack:error') throw new Error('expected an error');
  return a.error;
};

/** A deal that neither side's blackjack ends, with no ace up (no insurance). */
const plain = (c: number[]) =>
  !isAce(c[1] as number) &&
  cardPoints(c[0] as number) + cardPoints(c[2] as number) !== 21 &&
  cardPoints(c[1] as number) + cardPoints(c[3] as number) !== 21;

describe.each(DB_KINDS)('blackjack on %s', (db) => {
  let server: TestServer;
  const clock = new ManualClock();
  const ctx = () => server.site.ctx;
  beforeAll(async () => {
    server = await startServer({ db, clock });
  });
  afterAll(() => server?.close());

  /**
   * Steers the deck of the player's next hand: picks a client seed that, with the pair's committed
   * next server seed, deals cards for which `want` holds, and rotates to it (nonce 0).
   */
  async function steer(userId: number, token: string, want: (cards: number[]) => boolean): Promise<number[]> {
    await server.api('GET', '/api/provably-fair/current', undefined, token); // creates the pairs
    const next = await ctx()
      .db.selectFrom('seed_pairs')
      .select('server_seed')
      .where('user_id', '=', userId)
      .where('status', '=', 'next')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 200_000; i++) {
      const clientSeed = `steer-${i}`;
      const cards = blackjackCards({ serverSeed: next.server_seed, clientSeed, nonce: 0 }, 16);
      if (!want(cards)) continue;
      const r = await server.api(
        'POST',
        '/api/provably-fair/update-seed',
        { newClientSeed: clientSeed },
        token,
      );
      expect(r.status).toBe(200);
      return cards;
    }
    throw new Error('no client seed deals that');
  }

  async function player(cents: number) {
    const u = await quickUser(ctx());
    if (cents > 0) await fund(ctx(), u.id, cents);
    return { ...u, sock: await server.socket('blackjack', u.token) };
  }

  async function betRow(userId: number) {
    return ctx()
      .db.selectFrom('bets')
      .selectAll()
      .where('user_id', '=', userId)
      .where('game', '=', 'blackjack')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  }

  async function accruals(userId: number) {
    const r = await sql<{ stake_key: string; stake: number }>`
      SELECT stake_key, stake::int AS stake FROM rake_accruals WHERE user_id = ${userId} ORDER BY stake_key`.execute(
      ctx().db,
    );
    return r.rows;
  }

  it('deals with the hole card hidden, stands, settles once and accrues rake on the settled stake', async () => {
    const p = await player(1000);
    const cards = await steer(p.id, p.token, plain);
    const dealt = view(await ask(p.sock, 'blackjack:bet', { amount: 1 }));
    expect(dealt).toMatchObject({ status: 'playing', phase: 'player', amount: 1 });
    expect(dealt.hands[0]?.cards.map((c) => c.index)).toEqual([cards[0], cards[2]]);
    expect(dealt.dealer).toMatchObject({ hidden: true, cards: [{ index: cards[1] }] });
    expect(dealt.actions).toContain('stand');
    expect(await balanceOf(ctx(), p.id)).toBe(900);
    // no rake while the hand is open
    expect(await accruals(p.id)).toEqual([]);
    // a reload gets the same view
    const me = await server.api<BlackjackView>('GET', '/api/blackjack/me', undefined, p.token);
    expect(me.body).toEqual(dealt);

    const done = view(await ask(p.sock, 'blackjack:stand'));
    expect(done.status).toBe('finished');
    expect(done.dealer.hidden).toBe(false);
    expect(done.dealer.cards[1]?.index).toBe(cards[3]);
    const bet = await betRow(p.id);
    expect(bet).toMatchObject({
      status: 'settled',
      stake: 100,
      payout: Math.round((done.payout ?? 0) * 100),
    });
    expect(await balanceOf(ctx(), p.id)).toBe(900 + bet.payout);
    expect(await accruals(p.id)).toEqual([{ stake_key: `bet:${bet.id}`, stake: 100 }]);
    // once over, nothing more
    expect(error(await ask(p.sock, 'blackjack:stand'))).toBe('No hand in progress.');
    expect((await server.api('GET', '/api/blackjack/me', undefined, p.token)).status).toBe(404);
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
  });

  it('split then double: each debits in its own ledger row, the hand settles on every stake', async () => {
    const p = await player(1000);
    // a pair of 2s–9s against a 2–6 up card: split, double the first hand, stand the second
    await steer(
      p.id,
      p.token,
      (c) =>
        plain(c) &&
        cardPoints(c[0] as number) === cardPoints(c[2] as number) &&
        cardPoints(c[0] as number) <= 9 &&
        cardPoints(c[1] as number) <= 6 &&
        // the first split hand's second card does not make 21 (it would move on by itself)
        cardPoints(c[0] as number) + cardPoints(c[4] as number) < 21,
    );
    view(await ask(p.sock, 'blackjack:bet', { amount: 1 }));
    const split = view(await ask(p.sock, 'blackjack:split'));
    expect(split.hands).toHaveLength(2);
    expect(split.hands[1]?.cards).toHaveLength(1); // its second card is not dealt yet
    expect(split.actions).not.toContain('split');
    expect(await balanceOf(ctx(), p.id)).toBe(800);
    const doubled = view(await ask(p.sock, 'blackjack:double'));
    expect(doubled.hands[0]).toMatchObject({ doubled: true, stake: 2, done: true });
    expect(doubled.active).toBe(1);
    const done = view(await ask(p.sock, 'blackjack:stand'));
    expect(done.status).toBe('finished');
    expect(done.history).toEqual(['split', 'double', 'stand']);
    const bet = await betRow(p.id);
    expect(bet.stake).toBe(300);
    expect(await balanceOf(ctx(), p.id)).toBe(700 + bet.payout);
    const keys = await ctx()
      .db.selectFrom('ledger_entries')
      .select(['idempotency_key', 'delta'])
      .where('user_id', '=', p.id)
      .where('kind', '=', 'bet')
      .orderBy('id')
      .execute();
    expect(keys).toEqual([
      { idempotency_key: `bet:${bet.id}`, delta: -100 },
      { idempotency_key: `bj:split:${bet.id}:1`, delta: -100 },
      { idempotency_key: `bj:double:${bet.id}:2`, delta: -100 },
    ]);
    expect((await accruals(p.id)).map((a) => a.stake).sort()).toEqual([100, 100, 100]);
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);

    // the verifier replays every card of the hand from the seeds and the recorded actions
    const pair = await ctx()
      .db.selectFrom('seed_pairs')
      .select(['server_seed', 'client_seed'])
      .where('id', '=', Number(bet.seed_pair_id))
      .executeTakeFirstOrThrow();
    const { stdout } = await run(process.execPath, [
      '--import',
      'tsx',
      'apps/server/src/tools/verify.ts',
      '--game',
      'blackjack',
      '--server-seed',
      pair.server_seed,
      '--client-seed',
      pair.client_seed,
      '--nonce',
      '0',
      '--actions',
      'split,double,stand',
    ]);
    const label = (h: BlackjackView['hands'][number]) => h.cards.map((c) => `${c.rank}${c.suit}`).join(' ');
    expect(stdout).toContain(label(done.hands[0] as BlackjackView['hands'][number]));
    expect(stdout).toContain(label(done.hands[1] as BlackjackView['hands'][number]));
    expect(stdout).toContain(done.dealer.cards.map((c) => `${c.rank}${c.suit}`).join(' '));
    const url = ctx().config.DATABASE_URL;
    if (url) {
      // npm run verify -- <bet id>, once the pair is revealed
      await server.api('POST', '/api/provably-fair/update-seed', { newClientSeed: 'after' }, p.token);
      const r = await run(
        process.execPath,
        ['--import', 'tsx', 'apps/server/src/tools/verify.ts', String(bet.id)],
        {
          env: { ...process.env, DATABASE_URL: url },
        },
      );
      expect(r.stdout).toContain('OK: the recorded outcome re-derives from the revealed seeds');
    }
  });

  it('insurance: offered under an ace, costs half the stake, pays 2:1 on a dealer blackjack', async () => {
    const p = await player(1000);
    const cards = await steer(
      p.id,
      p.token,
      (c) =>
        isAce(c[1] as number) &&
        cardPoints(c[3] as number) === 10 &&
        cardPoints(c[0] as number) + cardPoints(c[2] as number) < 21,
    );
    const dealt = view(await ask(p.sock, 'blackjack:bet', { amount: 2 }));
    expect(dealt.phase).toBe('insurance');
    expect(dealt.actions).toEqual(['insurance', 'noInsurance']);
    expect(error(await ask(p.sock, 'blackjack:hit'))).toBe('Take or decline insurance first.');
    expect(error(await ask(p.sock, 'blackjack:insurance', { accept: 'yes' }))).toMatch(/accept/);
    const done = view(await ask(p.sock, 'blackjack:insurance', { accept: true }));
    expect(done).toMatchObject({ status: 'finished', insurance: 1, staked: 3, payout: 3 });
    expect(done.dealer.cards.map((c) => c.index)).toEqual([cards[1], cards[3]]);
    expect(await balanceOf(ctx(), p.id)).toBe(1000);
  });

  it('refuses clearly: no hand, a second hand, a seed change mid-hand, an illegal move, junk payloads', async () => {
    const p = await player(1000);
    expect(error(await ask(p.sock, 'blackjack:hit'))).toBe('No hand in progress.');
    expect(error(await ask(p.sock, 'blackjack:bet', { amount: 'lots' }))).toBeTruthy();
    expect(error(await ask(p.sock, 'blackjack:bet', { amount: 0 }))).toBeTruthy();
    expect(error(await ask(p.sock, 'blackjack:bet', { amount: 100 }))).toMatch(/balance/i);
    await steer(p.id, p.token, (c) => plain(c) && cardPoints(c[0] as number) !== cardPoints(c[2] as number));
    view(await ask(p.sock, 'blackjack:bet', { amount: 1 }));
    expect(error(await ask(p.sock, 'blackjack:bet', { amount: 1 }))).toBe(
      'You already have a hand in progress.',
    );
    expect(error(await ask(p.sock, 'blackjack:split'))).toBe('You can only split a pair, once.');
    expect(error(await ask(p.sock, 'blackjack:insurance', { accept: true }))).toMatch(/only offered/);
    const rotate = await server.api<{ error?: string }>(
      'POST',
      '/api/provably-fair/update-seed',
      { newClientSeed: 'x' },
      p.token,
    );
    expect(rotate.status).toBe(400);
    expect(JSON.stringify(rotate.body)).toContain('blackjack hand is in progress');
    const anon = await server.socket('blackjack');
    expect(error(await ask(anon, 'blackjack:hit'))).toBe('Please log in to play!');
    view(await ask(p.sock, 'blackjack:stand'));
  });

  it('double and split racing one balance: one goes through, the balance never goes below zero', async () => {
    const p = await player(200); // the deal and one more stake
    await steer(
      p.id,
      p.token,
      (c) => plain(c) && cardPoints(c[0] as number) === cardPoints(c[2] as number) && !isAce(c[0] as number),
    );
    view(await ask(p.sock, 'blackjack:bet', { amount: 1 }));
    // three tabs of the player: one socket each, as two events from one socket 12 ms apart would be
    // one of them dropped by the protocol's 10 ms spacing, not a race
    const [second, third] = [
      await server.socket('blackjack', p.token),
      await server.socket('blackjack', p.token),
    ];
    const answers = await Promise.all([
      ask(p.sock, 'blackjack:double'),
      ask(second, 'blackjack:split'),
      ask(third, 'blackjack:double'),
    ]);
    const bet = await betRow(p.id);
    const extra = await ctx()
      .db.selectFrom('ledger_entries')
      .select(['idempotency_key', 'balance_after'])
      .where('user_id', '=', p.id)
      .where('idempotency_key', 'like', 'bj:%')
      .execute();
    expect(extra).toHaveLength(1);
    expect(extra[0]?.balance_after).toBe(0);
    expect(answers.filter((a) => a.event === 'blackjack:error').length).toBeGreaterThanOrEqual(1);
    // finish whatever is left
    while ((await betRow(p.id)).status === 'open') view(await ask(p.sock, 'blackjack:stand'));
    expect((await betRow(p.id)).id).toBe(bet.id);
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
    const low = await ctx()
      .db.selectFrom('ledger_entries')
      .select((eb) => eb.fn.min('balance_after').as('low'))
      .where('user_id', '=', p.id)
      .executeTakeFirst();
    expect(Number(low?.low)).toBeGreaterThanOrEqual(0);
  });

  it('an idle hand is played out after BLACKJACK_IDLE_SECONDS: every hand stands, the dealer plays', async () => {
    const p = await player(1000);
    await steer(p.id, p.token, plain);
    const dealt = view(await ask(p.sock, 'blackjack:bet', { amount: 1 }));
    expect(await sweepIdleHands(ctx())).toBe(0);
    clock.jump(ctx().config.BLACKJACK_IDLE_SECONDS * 1000 - 1000);
    expect(await sweepIdleHands(ctx())).toBe(0);
    const pushed = new Promise<BlackjackView>((resolve) => p.sock.once('blackjack:state', resolve));
    clock.jump(2000);
    expect(await sweepIdleHands(ctx())).toBe(1);
    const done = await pushed;
    expect(done).toMatchObject({ status: 'finished', history: ['stand'] });
    expect(done.hands[0]?.cards).toEqual(dealt.hands[0]?.cards);
    const bet = await betRow(p.id);
    expect(bet.status).toBe('settled');
    expect((bet.outcome as { finishedBy: string }).finishedBy).toBe('idle');
    expect(await sweepIdleHands(ctx())).toBe(0);
  });

  it('labels cards as the verifier prints them', () => {
    expect(cardLabel(51)).toBe('A♣');
  });
});

describe('blackjack survives a restart', () => {
  it('the open hand comes back from the database and plays on', async () => {
    const first = await startServer();
    const u = await quickUser(first.site.ctx);
    await fund(first.site.ctx, u.id, 500);
    const sock = await first.socket('blackjack', u.token);
    let dealt: BlackjackView | undefined;
    // deal until a hand stays open (a blackjack on either side ends it at the deal)
    for (let i = 0; i < 5 && dealt?.status !== 'playing'; i++)
      dealt = view(await ask(sock, 'blackjack:bet', { amount: 1 }));
    expect(dealt?.status).toBe('playing');
    const dataDir = first.dataDir;
    await first.site.close();
    const second = await startServer({ env: { DATA_DIR: dataDir } });
    try {
      const me = await second.api<BlackjackView>('GET', '/api/blackjack/me', undefined, u.token);
      expect(me.status).toBe(200);
      expect(me.body).toEqual(dealt);
      const s2 = await second.socket('blackjack', u.token);
      const phase = me.body.phase;
      const done = view(
        await (phase === 'insurance'
          ? ask(s2, 'blackjack:insurance', { accept: false })
          : ask(s2, 'blackjack:stand')),
      );
      if (done.status === 'playing') view(await ask(s2, 'blackjack:stand'));
      expect(await findLedgerMismatches(second.site.ctx.db)).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
