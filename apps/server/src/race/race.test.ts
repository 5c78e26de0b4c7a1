import {
  RACE_DISTRIBUTION_BP,
  RACE_WEEK_MS,
  type RaceMe,
  type RaceView,
  RACE_FORM_TEXT,
  type RaceSchedule,
} from '@coinsite/shared/schemas/race';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, adminToken, fund, lostBet, quickUser } from '../economy/rewards/rewards-test-kit.ts';
import { accrueSettled, stakeList } from '../economy/wager-hooks.ts';
import { roundLoopsOf } from '../games/rounds/round-games.ts';
import { driveUntil, fundedPlayer } from '../games/rounds/round-test-kit.ts';
import { rainLoopOf } from '../chat/rain/rain.module.ts';
import { battleLoopOf } from '../games/battles/battles.module.ts';
import { giveawayLoopOf } from '../giveaway/giveaway.module.ts';
import { triviaLoopOf } from '../trivia/trivia.module.ts';
import { ManualClock } from '../platform/clock.ts';
import type { Ctx } from '../platform/context.ts';
import { findLedgerMismatches } from '../platform/ledger.ts';
import { inTransaction } from '../platform/tx.ts';
import { DB_KINDS, nextEvent, spaced, startServer, type TestServer } from '../test-support/server.ts';
import { RACE_SETTLE_GRACE_MS } from './race.loop.ts';
import { raceLoopOf } from './race.module.ts';
import { activeRace, nextMonday, payRace, type RaceRow } from './race.service.ts';

process.env.ROUND_CHAIN_LENGTH = '20';

const START = 1_700_000_000_000;

async function running(ctx: Ctx): Promise<RaceRow> {
  await raceLoopOf(ctx)?.idle();
  const race = await activeRace(ctx.db);
  if (!race) throw new Error('no active race');
  return race;
}

async function entryOf(ctx: Ctx, raceId: number, userId: number): Promise<number> {
  const { rows } = await sql<{ v: string | number }>`
    SELECT COALESCE((SELECT value FROM race_entries WHERE race_id = ${raceId} AND user_id = ${userId}), 0)
      + COALESCE((SELECT SUM(stake) FROM race_pending WHERE race_id = ${raceId} AND user_id = ${userId}), 0)
      AS v`.execute(ctx.db);
  return Number(rows[0]?.v ?? 0);
}

const raceLedger = async (ctx: Ctx, raceId: number) =>
  (
    await ctx.db
      .selectFrom('ledger_entries')
      .select(['user_id', 'delta', 'idempotency_key'])
      .where('kind', '=', 'race')
      .where('ref', '=', String(raceId))
      .orderBy('id')
      .execute()
  ).map((r) => ({ userId: Number(r.user_id), delta: Number(r.delta), key: r.idempotency_key }));

/**
 * Stops the leader's other loops (rain every 30 minutes, trivia, giveaways, battles, crash, coinflip):
 * a week of fake time would otherwise replay each of their rounds. The test that plays roulette starts
 * it for its round.
 */
async function onlyTheRace(ctx: Ctx): Promise<void> {
  const loops = roundLoopsOf(ctx);
  await Promise.all([
    loops.crash.stop(),
    loops.coinflip.stop(),
    loops.roulette.stop(),
    rainLoopOf(ctx).stop(),
    triviaLoopOf(ctx)?.stop(),
    giveawayLoopOf(ctx)?.stop(),
    battleLoopOf(ctx)?.stop(),
  ]);
}

/** Players 1..n with distinct entries (player i stakes i × 100 cents through the bet engine). */
async function ladder(ctx: Ctx, n: number) {
  const players = [];
  for (let i = 1; i <= n; i++) {
    const p = await quickUser(ctx);
    await fund(ctx, p.id, i * 100);
    await lostBet(ctx, p.id, 'dice', i * 100);
    players.push(p);
  }
  return players;
}

describe.each(DB_KINDS)('weekly race on %s', (db) => {
  let server: TestServer;
  let clock: ManualClock;
  let admin: string;
  const ctx = () => server.site.ctx;
  const loop = () => {
    const l = raceLoopOf(ctx());
    if (!l) throw new Error('no race loop');
    return l;
  };

  /** Moves the clock to the running race's payout time and lets the leader pay it. */
  async function toPayout(race: RaceRow) {
    // a week of fake time: jump over it with the loop stopped (a timer left from before the jump
    // would wind the manual clock back to its time), then the loop carries on from the rows
    await loop().stop();
    clock.jump(race.ends_at + RACE_SETTLE_GRACE_MS - clock.now());
    loop().start();
    await loop().idle();
  }

  beforeAll(async () => {
    clock = new ManualClock(START);
    server = await startServer({ db, clock, env: ADMIN });
    await onlyTheRace(ctx());
    admin = await adminToken(server);
  });
  afterAll(() => server?.close());

  it('a weekly race starts by itself, ending on the next Monday 00:00 UTC; GET /race, /race/me, /race/last', async () => {
    const race = await running(ctx());
    expect(race.ends_at).toBe(nextMonday(START));
    expect(new Date(race.ends_at).getUTCDay()).toBe(1);
    expect(race.prize).toBe(200_000);
    const p = await quickUser(ctx());
    const view = await server.api<RaceView>('GET', '/api/race');
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      active: true,
      activeRace: { _id: String(race.id), prize: 2000, endingDate: new Date(race.ends_at).toISOString() },
      prizeDistribution: [40, 20, 14.5, 7, 5.5, 4.5, 3.5, 2.5, 1.5, 1],
    });
    // issue 27: nobody has wagered yet, and the podium still has three places (the original client
    // reads them unguarded): placeholders that wagered nothing, with a name and the default avatar
    const empty = view.body as Extract<RaceView, { active: true }>;
    expect(empty.topTen).toEqual(
      [1, 2, 3].map(() => ({
        value: 0,
        _user: { _id: '', username: 'Empty place', avatar: '/api/cases/art/avatar.svg' },
        placeholder: true,
      })),
    );
    expect((await server.api('GET', '/api/race/me')).status).toBe(401);
    const me = await server.api<RaceMe>('GET', '/api/race/me', undefined, p.token);
    expect(me.body).toEqual({ active: true, myPosition: null, myProgress: 0 });
    await fund(ctx(), p.id, 250);
    await lostBet(ctx(), p.id, 'limbo', 250);
    const after = await server.api<RaceMe>('GET', '/api/race/me', undefined, p.token);
    expect(after.body.myProgress).toBe(2.5);
    expect(after.body.myPosition).toBeGreaterThanOrEqual(1);
    const top = (
      await server.api<
        RaceView & { topTen: Array<{ value: number; _user: { _id: string }; placeholder?: true }> }
      >('GET', '/api/race')
    ).body;
    expect(top.active && top.topTen.find((e) => e._user._id === String(p.id))?.value).toBe(2.5);
    // one racer: first place is theirs, the other two are still placeholders
    expect(top.active && top.topTen.map((e) => e.value)).toEqual([2.5, 0, 0]);
    expect(top.active && top.topTen.slice(1).every((e) => e.placeholder === true)).toBe(true);
    expect((await server.api<RaceView>('GET', '/api/race/last')).body).toEqual({ active: false });
  });

  it('every game adds its stake to the entry; a refunded stake never counts', async () => {
    const race = await running(ctx());
    const p = await fundedPlayer(ctx(), 500);
    const answer = async (ns: string, event: string, args: unknown[], reply: string) => {
      const s = await server.socket(ns, p.token);
      const got = nextEvent(s, reply);
      s.emit(event, ...args);
      await got;
      s.disconnect();
      await spaced();
    };
    await answer('dice', 'dice:bet', [{ amount: 1, rangeData: 50 }], 'dice:result');
    await answer('limbo', 'limbo:bet', [{ amount: 1.5, multiplier: 2 }], 'limbo:result');
    await answer('mines', 'mines:bet', [{ amount: 2, minescount: 3 }], 'mines:start');
    await answer('cases', 'cases:open', ['starter-crate'], 'cases:opened');
    const items = (await server.api<Array<{ id: number; price: number }>>('GET', '/api/upgrader/items')).body;
    const dearest = [...items].sort((a, b) => b.price - a.price)[0];
    await answer('upgrader', 'upgrader:attempt', [1, dearest?.id, true], 'upgrader:result');
    const singles = await ctx()
      .db.selectFrom('bets')
      .select(['game', 'stake'])
      .where('user_id', '=', p.id)
      .execute();
    expect(new Set(singles.map((b) => b.game))).toEqual(
      new Set(['dice', 'limbo', 'mines', 'cases', 'upgrader']),
    );
    const singleStakes = singles.reduce((s, b) => s + Number(b.stake), 0);
    expect(await entryOf(ctx(), race.id, p.id)).toBe(singleStakes);

    // coinflip create → cancel: the stake is refunded and never counts
    const sc = await server.socket('coinflip', p.token);
    const created = nextEvent(sc, 'coinflip:created');
    sc.emit('coinflip:create', { amount: 3, side: 'heads' });
    const flipId = String((await created)[0]);
    await spaced();
    const cancelled = nextEvent(sc, 'coinflip:success');
    sc.emit('coinflip:cancel', flipId);
    await cancelled;
    expect(await entryOf(ctx(), race.id, p.id)).toBe(singleStakes);

    // roulette: the stake counts when the roll settles it (not while it can still be refunded)
    const roulette = roundLoopsOf(ctx()).roulette;
    roulette.start();
    await driveUntil(clock, roulette, () => roulette.current.kind === 'betting');
    const sr = await server.socket('roulette', p.token);
    const joined = nextEvent(sr, 'game-join-success');
    sr.emit('join-game', 'red', 4);
    await joined;
    expect(await entryOf(ctx(), race.id, p.id)).toBe(singleStakes);
    await driveUntil(clock, roulette, () => roulette.current.kind === 'rolling');
    await roulette.idle();
    await roundLoopsOf(ctx()).roulette.stop();
    expect(await entryOf(ctx(), race.id, p.id)).toBe(singleStakes + 400);

    // coinflip, battles and crash settle through the same accrueSettled; once per stake key
    const settle = (game: string, key: string, stake: number) =>
      inTransaction(ctx().db, (unit) =>
        accrueSettled(
          unit,
          game,
          stakeList([
            { userId: p.id, stake, stakeKey: `${game}:bet:t${key}`, refundKey: `${game}:refund:t${key}` },
          ]),
        ),
      );
    await settle('coinflip', '1', 300);
    await settle('battles', '2', 500);
    await settle('crash', '3', 700);
    await settle('crash', '3', 700); // a repeated settlement adds nothing
    const expected = singleStakes + 400 + 1500;
    expect(await entryOf(ctx(), race.id, p.id)).toBe(expected);
    // the leader folds the queued stakes into the entry (same total)
    await clock.advance(5000);
    await loop().idle();
    const { rows } = await sql<{ n: string | number }>`SELECT COUNT(*) AS n FROM race_pending`.execute(
      ctx().db,
    );
    expect(Number(rows[0]?.n)).toBe(0);
    expect(await entryOf(ctx(), race.id, p.id)).toBe(expected);
    const me = await server.api<RaceMe>('GET', '/api/race/me', undefined, p.token);
    expect(me.body.myProgress).toBe(expected / 100);
  });

  it('admin race/create: epoch seconds, checked; with a race running it is the next race', async () => {
    const race = await running(ctx());
    const p = await quickUser(ctx());
    const body = { endingDate: Math.floor(race.ends_at / 1000) + 3 * 86_400, prize: 500 };
    expect((await server.api('PUT', '/api/external/v1/race/create', body, p.token)).status).toBe(403);
    expect((await server.api('PUT', '/api/external/v1/race/create', body)).status).toBe(401);
    for (const bad of [
      { endingDate: race.ends_at + 1000, prize: 5 }, // milliseconds
      { endingDate: 'soon', prize: 5 },
      { endingDate: body.endingDate, prize: -1 },
      { endingDate: body.endingDate },
      { endingDate: Math.floor(clock.now() / 1000) - 10, prize: 5 },
      { endingDate: Math.floor(race.ends_at / 1000) - 60, prize: 5 },
    ]) {
      const res = await server.api<{ error: string }>('PUT', '/api/external/v1/race/create', bad, admin);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
    // the admin form's empty fields are answered in words, not wire field names (issue 28 item 14)
    const empty = await server.api<{ error: string }>(
      'PUT',
      '/api/external/v1/race/create',
      { endingDate: '', prize: '' },
      admin,
    );
    expect(empty.status).toBe(400);
    expect(empty.body.error).toContain(RACE_FORM_TEXT.endMissing);
    expect(empty.body.error).not.toContain('endingDate');
    const ok = await server.api<{ _id: string; status: string; prize: number; endingDate: string }>(
      'PUT',
      '/api/external/v1/race/create',
      { ...body, endingDate: String(body.endingDate) },
      admin,
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      status: 'scheduled',
      prize: 500,
      endingDate: new Date(body.endingDate * 1000).toISOString(),
      // it starts when the running race ends
      startsAt: new Date(race.ends_at).toISOString(),
    });
    // the admin's schedule lists the running race and the one waiting after it
    expect((await server.api('GET', '/api/external/v1/race/schedule', undefined, p.token)).status).toBe(403);
    const schedule = await server.api<RaceSchedule>(
      'GET',
      '/api/external/v1/race/schedule',
      undefined,
      admin,
    );
    expect(schedule.body.current?._id).toBe(String(race.id));
    expect(schedule.body.scheduled).toEqual([
      {
        _id: ok.body._id,
        prize: 500,
        endingDate: new Date(body.endingDate * 1000).toISOString(),
        startsAt: new Date(race.ends_at).toISOString(),
      },
    ]);
    const audit = await ctx()
      .db.selectFrom('admin_audit_log')
      .select(['action', 'target'])
      .where('action', '=', 'race-create')
      .execute();
    expect(audit).toContainEqual({ action: 'race-create', target: ok.body._id });
    // the weekly race ends (paid), and the admin's race runs instead of a new weekly one
    await toPayout(race);
    const next = await running(ctx());
    expect(String(next.id)).toBe(ok.body._id);
    expect(next.prize).toBe(50_000);
    expect(next.ends_at).toBe(body.endingDate * 1000);
  });

  it('a race ends and pays places 1–10 by the distribution exactly once; the next weekly race starts', async () => {
    const race = await running(ctx());
    const players = await ladder(ctx(), 12); // player 12 has the most
    await toPayout(race);
    const paid = await raceLedger(ctx(), race.id);
    const byPlace = [...players].reverse().slice(0, 10);
    expect(paid).toEqual(
      byPlace.map((p, i) => ({
        userId: p.id,
        delta: Math.floor((race.prize * (RACE_DISTRIBUTION_BP[i] as number)) / 10_000),
        key: `race:${race.id}:${i + 1}`,
      })),
    );
    // a second and a concurrent payout (a node that took over) pay nothing more
    expect(await Promise.all([payRace(ctx(), race.id), payRace(ctx(), race.id)])).toEqual([false, false]);
    expect(await raceLedger(ctx(), race.id)).toHaveLength(10);
    const next = await running(ctx());
    expect(next.id).toBeGreaterThan(race.id);
    expect(next.starts_at).toBe(race.ends_at);
    expect(next.ends_at).toBe(race.ends_at + RACE_WEEK_MS);
    expect(next.prize).toBe(200_000);
    // /race/last: the places as paid; the free history shows 'race'
    const last = (await server.api<RaceView>('GET', '/api/race/last')).body;
    if (!last.active) throw new Error('no last race');
    expect(last.activeRace._id).toBe(String(race.id));
    expect(last.topTen.map((e) => e._user._id)).toEqual(byPlace.map((p) => String(p.id)));
    expect(last.topTen[0]).toMatchObject({ value: 12, prize: (race.prize * 0.4) / 100 });
    const first = byPlace[0] as { token: string };
    const txs = await server.api<{ free: Array<{ action: string; amount: number }> }>(
      'GET',
      '/api/user/txs',
      undefined,
      first.token,
    );
    expect(txs.body.free).toContainEqual(
      expect.objectContaining({ action: 'race', amount: (race.prize * 0.4) / 100 }),
    );
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
  });

  it('a leader that stops right at the end and a new one that starts pay once', async () => {
    const race = await running(ctx());
    await ladder(ctx(), 3);
    await loop().stop();
    clock.jump(race.ends_at + RACE_SETTLE_GRACE_MS - clock.now());
    expect(await raceLedger(ctx(), race.id)).toHaveLength(0);
    loop().start();
    await loop().idle();
    expect(await raceLedger(ctx(), race.id)).toHaveLength(3);
    expect(await payRace(ctx(), race.id)).toBe(false);
    expect((await running(ctx())).id).toBeGreaterThan(race.id);
  });
});

/** Two app instances on one PostgreSQL database: the leader is dropped at the end; the other pays. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('weekly race on two nodes (PostgreSQL)', () => {
  let a: TestServer;
  let b: TestServer;
  const clock = new ManualClock();

  beforeAll(async () => {
    a = await startServer({ db: 'postgres', clock, env: ADMIN });
    const url = a.site.ctx.config.DATABASE_URL;
    if (!url) throw new Error('no DATABASE_URL');
    b = await startServer({ clock, env: { ...ADMIN, DATABASE_URL: url } });
    for (const s of [a, b]) await onlyTheRace(s.site.ctx);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close(); // drops the database
  });

  async function waitForLeader(s: TestServer) {
    for (let i = 0; i < 100 && !s.site.ctx.leadership.isLeader(); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(s.site.ctx.leadership.isLeader()).toBe(true);
  }

  it('the leader is dropped at the end: the other node pays, once; two nodes paying at once pay once', async () => {
    expect(a.site.ctx.leadership.isLeader()).toBe(true);
    expect(b.site.ctx.leadership.isLeader()).toBe(false);
    const race = await running(a.site.ctx);
    const players = await ladder(a.site.ctx, 4);
    // the clock reaches the end; the leader is dropped before its payout step runs
    const loopA = raceLoopOf(a.site.ctx);
    await loopA?.stop();
    clock.jump(race.ends_at + RACE_SETTLE_GRACE_MS - 1 - clock.now());
    loopA?.start(); // 1 ms before the payout
    await loopA?.idle();
    await a.site.ctx.leadership.close();
    await clock.advance(1);
    expect(await raceLedger(a.site.ctx, race.id)).toHaveLength(0);
    await waitForLeader(b);
    await onlyTheRace(b.site.ctx); // B's leadership started every loop; keep the race's only
    await raceLoopOf(b.site.ctx)?.idle();
    const paid = await raceLedger(b.site.ctx, race.id);
    expect(paid.map((p) => p.userId)).toEqual([...players].reverse().map((p) => p.id));
    expect(new Set(paid.map((p) => p.key)).size).toBe(4);

    // the next race: both nodes try to pay it at the same moment; the database lets one through
    const next = await running(b.site.ctx);
    await ladder(b.site.ctx, 2);
    await raceLoopOf(b.site.ctx)?.stop();
    clock.jump(next.ends_at + RACE_SETTLE_GRACE_MS - clock.now());
    const results = await Promise.all([payRace(a.site.ctx, next.id), payRace(b.site.ctx, next.id)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await raceLedger(a.site.ctx, next.id)).toHaveLength(2);
    expect(await findLedgerMismatches(a.site.ctx.db)).toEqual([]);
  });
});
