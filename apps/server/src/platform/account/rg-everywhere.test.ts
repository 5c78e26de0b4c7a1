import { CASE_EVENTS, DAILY_CASE_SLUG, rgBreakSentence } from '@coinsite/shared';
import { sql } from 'kysely';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fund, quickUser } from '../../economy/rewards/rewards-test-kit.ts';
import { ADMIN, adminToken } from '../../economy/rewards/rewards-test-kit.ts';
import { roundLoopsOf } from '../../games/rounds/round-games.ts';
import { driveUntil, startQuietServer } from '../../games/rounds/round-test-kit.ts';
import { closeRain } from '../../chat/rain/rain.service.ts';
import { createGiveaway, drawGiveaway } from '../../giveaway/giveaway.service.ts';
import { activeRace, ensureRace, payRace } from '../../race/race.service.ts';
import { activateTrivia, createTrivia } from '../../trivia/trivia.service.ts';
import type { ManualClock } from '../clock.ts';
import { checkLedger } from '../ledger.ts';
import { inTransaction } from '../tx.ts';
import { DB_KINDS, nextEvent, spaced, type TestServer } from '../../test-support/server.ts';

type Player = { id: number; token: string; username: string };
type Break = { kind: 'cool_off'; days: number } | { kind: 'self_exclusion'; months: number | null };

const BREAKS: Array<[string, Break]> = [
  ['self-excluded', { kind: 'self_exclusion', months: 6 }],
  // permanent: 'infinity' in the database (its view answered 500 before: the driver gives Infinity)
  ['self-excluded permanently', { kind: 'self_exclusion', months: null }],
  ['cooling off', { kind: 'cool_off', days: 1 }],
];

/**
 * Issue 26 item 2: the responsible-gaming table. Every promotional path and every stake path, tried
 * for real (HTTP or socket) by a self-excluded and by a cooling-off player: the refusal is the one
 * break sentence, and the player's balance and ledger do not move. Then the prizes owed to a player
 * who went on a break after joining (rain, giveaway, race): nothing is paid to them, the others get
 * the prize, and ledger:check stays clean. (Slots belong to the slots work: not here.)
 */
describe.each(DB_KINDS)('a player on a break on %s (issue 26)', (db) => {
  let server: TestServer;
  let clock: ManualClock;
  let admin: string;
  let adminId: number;
  const ctx = () => server.site.ctx;

  beforeAll(async () => {
    ({ server, clock } = await startQuietServer(db, { env: ADMIN, keep: ['crash', 'roulette'] }));
    admin = await adminToken(server);
    const row = await ctx()
      .db.selectFrom('users')
      .select('id')
      .where('email', '=', ADMIN.ADMIN_EMAIL)
      .executeTakeFirstOrThrow();
    adminId = row.id;
    // the tip, rain and trivia gates other than the break are opened, so the break is what refuses
    await sql`UPDATE chat_settings SET tip_min_level = 1`.execute(ctx().db);
    await sql`UPDATE rain_settings SET min_level = 1, min_wager = 0, tip_min_level = 1`.execute(ctx().db);
  }, 120_000);
  afterAll(() => server?.close());

  async function player(coins: number): Promise<Player> {
    const p = await quickUser(ctx());
    if (coins > 0) await fund(ctx(), p.id, coins * 100);
    return p;
  }

  /** Starts the break through the API; the sentence every refusal must say. */
  async function takeBreak(p: Player, body: Break): Promise<string> {
    const res = await server.api<{ block: { kind: 'cool_off' | 'self_exclusion'; until: string | null } }>(
      'POST',
      '/api/account/break',
      body,
      p.token,
    );
    expect(res.status).toBe(200);
    return rgBreakSentence(res.body.block.kind, res.body.block.until);
  }

  async function money(userId: number) {
    const u = await ctx()
      .db.selectFrom('users')
      .select('balance')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const l = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM ledger_entries WHERE user_id = ${userId}`.execute(ctx().db);
    return { balance: u.balance, entries: Number(l.rows[0]?.n) };
  }

  /** Emits on a namespace and answers the first argument of `answer` (a string or its error text). */
  async function ask(ns: string, p: Player, event: string, args: unknown[], answer: string): Promise<string> {
    const s: Socket = await server.socket(ns, p.token);
    try {
      const got = nextEvent(s, answer);
      s.emit(event, ...args);
      const [a] = await got;
      if (typeof a === 'string') return a;
      const o = a as { error?: string; message?: string };
      return String(o.error ?? o.message ?? JSON.stringify(a));
    } finally {
      s.disconnect();
    }
  }
  const http = async (method: string, path: string, body: unknown, p: Player) => {
    const res = await server.api<{ error?: string }>(method, path, body, p.token);
    expect(res.status).toBe(403);
    return String(res.body.error);
  };

  let giveawayId: number | null = null;
  async function openGiveawayId(): Promise<number> {
    if (giveawayId === null) {
      const g = await createGiveaway(ctx(), adminId, { prize: 10, durationMinutes: 60, minWager: 0 });
      giveawayId = Number(g._id);
    }
    return giveawayId;
  }
  let triviaAnswer: string | null = null;
  async function activeTriviaAnswer(): Promise<string> {
    if (triviaAnswer === null) {
      const t = await createTrivia(ctx(), adminId, {
        question: 'What is two plus two?',
        answer: 'four',
        prize: 5,
        winnerAmount: 3,
      });
      await activateTrivia(ctx(), Number(t._id));
      triviaAnswer = 'four';
    }
    return triviaAnswer;
  }
  /** A rain open for joins now (the leader's rain loop is stopped: the test keeps it open). */
  async function joinableRain(): Promise<number> {
    const now = clock.now();
    const open = await sql<{ id: number }>`SELECT id FROM rains WHERE status = 'open'`.execute(ctx().db);
    if (open.rows[0]) {
      await sql`UPDATE rains SET opens_at = ${now - 1000}, closes_at = ${now + 600_000} WHERE id = ${open.rows[0].id}`.execute(
        ctx().db,
      );
      return Number(open.rows[0].id);
    }
    const ins = await sql<{ id: number }>`
      INSERT INTO rains (base, opens_at, closes_at) VALUES (1000, ${now - 1000}, ${now + 600_000}) RETURNING id`.execute(
      ctx().db,
    );
    return Number(ins.rows[0]?.id);
  }
  const loops = () => roundLoopsOf(ctx());

  /** Each path: what it takes, then the refusal text the player got. */
  const PROMOTIONAL: Array<{ name: string; coins?: number; run: (p: Player) => Promise<string> }> = [
    {
      name: 'coupon',
      run: async (p) => {
        const code = `RG${p.id}`;
        expect(
          (await server.api('PUT', '/api/external/v1/coupons/add', { code, uses: 5, payout: 50 }, admin))
            .status,
        ).toBe(200);
        const res = await server.api<{ error?: string }>('POST', '/api/coupon/redeem', { code }, p.token);
        expect(res.status).toBe(403);
        return String(res.body.error);
      },
    },
    {
      name: 'affiliate bonus',
      run: async (p) => {
        const owner = await player(0);
        return http('POST', '/api/user/affiliates/redeem', { code: owner.username }, p);
      },
    },
    {
      name: 'affiliate claim',
      run: async (p) => {
        const referred = await player(0);
        await sql`UPDATE user_rewards SET referrer_id = ${p.id}, referral_units = 50000000 WHERE user_id = ${referred.id}`.execute(
          ctx().db,
        );
        return http('POST', '/api/user/affiliates/claim', {}, p);
      },
    },
    { name: 'faucet', coins: 0, run: (p) => http('POST', '/api/rewards/faucet/claim', {}, p) },
    {
      name: 'daily case',
      run: (p) => ask('cases', p, CASE_EVENTS.free, [DAILY_CASE_SLUG], CASE_EVENTS.error),
    },
    {
      name: 'rakeback claim (the VIP reward)',
      run: async (p) => {
        await sql`UPDATE user_rewards SET rakeback_units = 50000000 WHERE user_id = ${p.id}`.execute(
          ctx().db,
        );
        return http('POST', '/api/vip/claim', {}, p);
      },
    },
    {
      name: 'rain join',
      run: async (p) => {
        await joinableRain();
        return ask('chat', p, 'enter-rain', [], 'rain-join-error');
      },
    },
    {
      name: 'giveaway join',
      run: async (p) =>
        ask('chat', p, 'join-giveaway', [String(await openGiveawayId())], 'giveaway-join-error'),
    },
    {
      name: 'trivia answer',
      run: async (p) => ask('chat', p, 'send-chat-message', [await activeTriviaAnswer()], 'notify-error'),
    },
    {
      name: 'tip sent',
      run: async (p) => {
        const to = await player(0);
        return ask('chat', p, 'send-chat-message', [`/tip ${to.id} 1`], 'notify-error');
      },
    },
    {
      name: 'rain tip',
      run: async (p) => {
        await joinableRain();
        return ask('chat', p, 'send-chat-message', ['/tip-rain 1'], 'notify-error');
      },
    },
  ];

  const STAKES: Array<{ name: string; coins?: number; run: (p: Player) => Promise<string> }> = [
    {
      name: 'dice',
      run: (p) =>
        ask('dice', p, 'dice:bet', [{ amount: 1, multiplier: 2, rangeData: 50 }], 'game-creation-error'),
    },
    {
      name: 'limbo',
      run: (p) => ask('limbo', p, 'limbo:bet', [{ amount: 1, multiplier: 2 }], 'game-creation-error'),
    },
    {
      name: 'mines',
      run: (p) => ask('mines', p, 'mines:bet', [{ amount: 1, minescount: 3 }], 'mines:result'),
    },
    {
      name: 'plinko',
      run: (p) =>
        ask('plinko', p, 'plinko:bet', [{ amount: 1, risk: 'low', rows: 8 }], 'game-creation-error'),
    },
    {
      name: 'wheel',
      run: (p) =>
        ask('wheel', p, 'wheel:bet', [{ amount: 1, risk: 'low', segments: 10 }], 'game-creation-error'),
    },
    {
      name: 'keno',
      run: (p) =>
        ask('keno', p, 'keno:bet', [{ amount: 1, risk: 'classic', picks: [1, 2, 3] }], 'game-creation-error'),
    },
    {
      name: 'hilo',
      run: (p) => ask('hilo', p, 'hilo:start', [{ amount: 1 }], 'game-creation-error'),
    },
    {
      name: 'upgrader',
      run: async (p) => {
        const items = await server.api<Array<{ id: string; price: number }>>('GET', '/api/upgrader/items');
        const item = items.body.find((i) => i.price >= 5 && i.price <= 100);
        if (!item) throw new Error('no item');
        return ask(
          'upgrader',
          p,
          'upgrader:attempt',
          [item.price * 0.5, { id: item.id }, true],
          'upgrader:error',
        );
      },
    },
    { name: 'cases', run: (p) => ask('cases', p, 'cases:open', ['starter-crate'], 'cases:error') },
    {
      name: 'battles',
      run: (p) =>
        ask('battles', p, 'battles:create', [['starter-crate'], 'standard', '1v1', 0, 1], 'battles:error'),
    },
    {
      name: 'coinflip create',
      run: (p) => ask('coinflip', p, 'coinflip:create', [{ amount: 1, side: 'heads' }], 'coinflip:error'),
    },
    {
      name: 'coinflip join',
      run: async (p) => {
        const creator = await player(10);
        const s = await server.socket('coinflip', creator.token);
        const created = nextEvent(s, 'coinflip:created');
        s.emit('coinflip:create', { amount: 1, side: 'heads' });
        const [id] = await created;
        s.disconnect();
        return ask('coinflip', p, 'coinflip:join', [String(id)], 'coinflip:error');
      },
    },
    {
      name: 'crash',
      run: async (p) => {
        await driveUntil(clock, loops().crash, () => loops().crash.current.kind === 'betting');
        return ask('crash', p, 'join-game', [null, 1], 'game-join-error');
      },
    },
    {
      name: 'roulette',
      run: async (p) => {
        await driveUntil(clock, loops().roulette, () => loops().roulette.current.kind === 'betting');
        return ask('roulette', p, 'join-game', ['red', 1], 'game-join-error');
      },
    },
    {
      name: 'blackjack',
      run: (p) => ask('blackjack', p, 'blackjack:bet', [{ amount: 1 }], 'blackjack:error'),
    },
  ];

  describe.each(BREAKS)('%s', (_label, brk) => {
    it.each([
      ...PROMOTIONAL.map((c) => ({ ...c, path: 'promotional' })),
      ...STAKES.map((c) => ({ ...c, path: 'stake' })),
    ])(
      '$path: $name is refused with the break sentence and moves nothing',
      async (c) => {
        const p = await player(c.coins ?? 100);
        const sentence = await takeBreak(p, brk);
        const before = await money(p.id);
        expect(await c.run(p)).toBe(sentence);
        expect(await money(p.id)).toEqual(before);
      },
      30_000,
    );

    it('a tip to the player is refused without saying why; nobody is charged', async () => {
      const p = await player(10);
      await takeBreak(p, brk);
      const tipper = await player(10);
      const [mine, theirs] = [await money(p.id), await money(tipper.id)];
      expect(await ask('chat', tipper, 'send-chat-message', [`/tip ${p.id} 1`], 'notify-error')).toBe(
        'This player cannot receive tips right now.',
      );
      expect([await money(p.id), await money(tipper.id)]).toEqual([mine, theirs]);
    });
  });

  it('a stake taken before the break is still refunded, and a win still paid, during it', async () => {
    const p = await player(10);
    const s = await server.socket('coinflip', p.token);
    const created = nextEvent(s, 'coinflip:created');
    s.emit('coinflip:create', { amount: 2, side: 'heads' });
    const [id] = await created;
    expect((await money(p.id)).balance).toBe(800);
    await takeBreak(p, { kind: 'cool_off', days: 1 });
    // the creator cancels the open flip during the break: the refund is paid
    const update = nextEvent(s, 'coinflip:update');
    await spaced();
    s.emit('coinflip:cancel', String(id));
    await update;
    s.disconnect();
    expect((await money(p.id)).balance).toBe(1000);
    // a win of a bet settled during the break (what crash, roulette, mines, battles pay then)
    await inTransaction(ctx().db, (unit) =>
      ctx().wallet.apply(unit, { userId: p.id, delta: 150, kind: 'win', idempotencyKey: `rg-win:${p.id}` }),
    );
    expect((await money(p.id)).balance).toBe(1150);
    const check = await checkLedger(ctx().db);
    expect([check.mismatches, check.breaks]).toEqual([[], []]);
  });

  it('a permanent self-exclusion shows in the limits view and the admin list (no 500)', async () => {
    const p = await player(1);
    expect(await takeBreak(p, { kind: 'self_exclusion', months: null })).toBe(
      rgBreakSentence('self_exclusion', null),
    );
    const view = await server.api<{ block: unknown }>('GET', '/api/account/limits', undefined, p.token);
    expect([view.status, view.body.block]).toEqual([200, { kind: 'self_exclusion', until: null }]);
    const list = await server.api<Array<{ _id: string; responsibleGaming: unknown }>>(
      'GET',
      '/api/external/v1/users/list',
      undefined,
      admin,
    );
    expect(list.status).toBe(200);
    expect(list.body.find((x) => x._id === String(p.id))?.responsibleGaming).toEqual({
      block: { kind: 'self_exclusion', until: null },
      limits: false,
    });
  });

  describe('a prize owed to a player who went on a break after joining', () => {
    it('rain: the pot is split among the others; nothing is paid to them', async () => {
      const rainId = await joinableRain();
      const [a, b, c] = [await player(0), await player(0), await player(0)];
      for (const x of [a, b, c])
        expect(await ask('chat', x, 'enter-rain', [], 'rain-join-success')).toBeTruthy();
      await takeBreak(a, { kind: 'cool_off', days: 1 });
      const pot = await sql<{
        pot: number;
      }>`SELECT base + carried + tips AS pot FROM rains WHERE id = ${rainId}`.execute(ctx().db);
      const total = Number(pot.rows[0]?.pot);
      await sql`UPDATE rains SET closes_at = ${clock.now()} WHERE id = ${rainId}`.execute(ctx().db);
      expect(await closeRain(ctx(), rainId)).toBe(true);
      const paid = await sql<{ joiners: number; share: number; remainder: number }>`
        SELECT joiners, share, remainder FROM rains WHERE id = ${rainId}`.execute(ctx().db);
      const r = paid.rows[0];
      expect(Number(r?.joiners)).toBe(2);
      expect(Number(r?.share) * 2 + Number(r?.remainder)).toBe(total);
      expect((await money(a.id)).balance).toBe(0);
      expect((await money(b.id)).balance).toBe(Number(r?.share));
      expect((await money(c.id)).balance).toBe(Number(r?.share));
      const check = await checkLedger(ctx().db);
      expect([check.mismatches, check.breaks]).toEqual([[], []]);
    });

    it('giveaway: their entry is dropped before the draw; the winner is another entrant', async () => {
      const id = await openGiveawayId();
      const [a, b] = [await player(0), await player(0)];
      for (const x of [a, b])
        expect(await ask('chat', x, 'join-giveaway', [String(id)], 'giveaway-join-success')).toBeTruthy();
      await takeBreak(a, { kind: 'self_exclusion', months: 6 });
      await sql`UPDATE giveaways SET ends_at = ${clock.now() - 1} WHERE id = ${id}`.execute(ctx().db);
      expect(await drawGiveaway(ctx(), id)).toBe(true);
      const g = await sql<{ winner_id: number }>`SELECT winner_id FROM giveaways WHERE id = ${id}`.execute(
        ctx().db,
      );
      const winner = Number(g.rows[0]?.winner_id);
      expect(winner).not.toBe(a.id);
      const entrants = await sql<{ user_id: number }>`
        SELECT user_id FROM giveaway_entries WHERE giveaway_id = ${id}`.execute(ctx().db);
      expect(entrants.rows.map((e) => Number(e.user_id))).not.toContain(a.id);
      expect((await money(a.id)).balance).toBe(0);
      expect((await money(winner)).balance).toBeGreaterThanOrEqual(1000);
      const check = await checkLedger(ctx().db);
      expect([check.mismatches, check.breaks]).toEqual([[], []]);
    });

    it('race: they are left out of the paid places; the next player moves up', async () => {
      const race = (await activeRace(ctx().db)) ?? (await ensureRace(ctx()));
      if (!race) throw new Error('no active race');
      const [a, b] = [await player(0), await player(0)];
      await sql`
        INSERT INTO race_entries (race_id, user_id, value) VALUES
          (${race.id}, ${a.id}, 900000000), (${race.id}, ${b.id}, 800000000)`.execute(ctx().db);
      await takeBreak(a, { kind: 'cool_off', days: 1 });
      await sql`UPDATE races SET ends_at = ${clock.now() - 1} WHERE id = ${race.id}`.execute(ctx().db);
      expect(await payRace(ctx(), race.id)).toBe(true);
      const places = await sql<{ place: number; user_id: number; amount: number }>`
        SELECT place, user_id, amount FROM race_payouts WHERE race_id = ${race.id} ORDER BY place`.execute(
        ctx().db,
      );
      expect(places.rows.map((r) => Number(r.user_id))).not.toContain(a.id);
      expect(Number(places.rows[0]?.user_id)).toBe(b.id);
      expect((await money(a.id)).balance).toBe(0);
      expect((await money(b.id)).balance).toBe(Number(places.rows[0]?.amount));
      const check = await checkLedger(ctx().db);
      expect([check.mismatches, check.breaks]).toEqual([[], []]);
    });
  });
});
