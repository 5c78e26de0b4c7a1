import { chainHash, crashPoint } from '@coinsite/shared/fairness';
import { crashElapsedMsFor, crashMultiplierAt } from '@coinsite/shared/games';
import { sql } from 'kysely';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { DB_KINDS, nextEvent } from '../../test-support/server.ts';
import {
  accrualsOf,
  balanceOf,
  drive,
  driveUntil,
  eventually,
  expectLedgerConsistent,
  fundedPlayer,
  nextBettingRound,
  rakeStateOf,
  record,
  spaced,
  supportAffiliate,
  useChainRoundServer,
} from '../rounds/round-test-kit.ts';
import { CRASH_BETTING_MS, CRASH_STALE_BETTING_MS } from './crash.loop.ts';
import { CRASH_TEXT } from './crash.service.ts';

// a short chain so a run also crosses into the next chain
process.env.ROUND_CHAIN_LENGTH = '40';

describe.each(DB_KINDS)('crash rounds on %s (fake clock)', (db) => {
  const { clock, server, ctx, loop } = useChainRoundServer(db, 'crash');

  /** The next round taking bets whose crash point (read by the test, never sent) passes `pick`. */
  const bettingRound = (pick: (cp: number) => boolean = () => true) =>
    nextBettingRound(clock, loop(), (round) => pick(round.crashPoint));
  const untilOver = () => driveUntil(clock, loop(), () => loop().current.kind === 'over');
  const runningSince = () => {
    const s = loop().current;
    return s.kind === 'running' ? s.clockStart : clock.now();
  };
  const untilRunning = () => driveUntil(clock, loop(), () => loop().current.kind === 'running');
  /** Fake milliseconds from now to the round's crash_at, the time the database judges cash-outs by. */
  async function msToCrash(roundId: number): Promise<number> {
    const row = await ctx()
      .db.selectFrom('rounds')
      .select(sql<number>`(extract(epoch from crash_at) * 1000)::float8`.as('at'))
      .where('id', '=', roundId)
      .executeTakeFirstOrThrow();
    return Math.round(row.at) - clock.now();
  }

  async function join(socket: Socket, target: number | null, amount: number) {
    const ok = nextEvent(socket, 'game-join-success');
    socket.emit('join-game', target, amount);
    return (await ok)[0] as { playerID: string; betAmount: number; status: number };
  }

  it('plays a whole round in fake time: auto-cashouts, max profit, bust, reveal, next hash', async () => {
    // Below 201x: b's 5-coin bet at the crash point would otherwise reach the max profit (1,000
    // coins = 201x) first and be cashed out by it, a win the test does not mean to check here.
    const round = await bettingRound((cp) => cp >= 150 && cp < 20_100);
    const cp = round.crashPoint;
    const a = await fundedPlayer(ctx(), 100);
    const b = await fundedPlayer(ctx(), 100);
    const c = await fundedPlayer(ctx(), 2000);
    const sa = await server.socket('crash', a.token);
    const sb = await server.socket('crash', b.token);
    const sc = await server.socket('crash', c.token);
    const seen = record(sa);
    await join(sa, 101, 10); // wins: 1.01 < crash point
    await join(sb, cp, 5); // exactly the crash point loses (fairness.md: c < crash)
    await join(sc, null, 1000); // no target: the max profit (1,000) cashes it out at 2.00x
    await untilOver();
    await eventually(() => seen.some((e) => e.event === 'game-end'));

    expect(await balanceOf(ctx(), a.id)).toBe(10_000 - 1000 + 1010);
    expect(await balanceOf(ctx(), b.id)).toBe(10_000 - 500);
    expect(await balanceOf(ctx(), c.id)).toBe(cp > 200 ? 200_000 - 100_000 + 200_000 : 100_000);

    const end = seen.find((e) => e.event === 'game-end')?.args[0] as {
      game: { _id: string; privateSeed: string; privateHash: string; publicSeed: string; crashPoint: number };
    };
    expect(end.game._id).toBe(String(round.id));
    expect(end.game.crashPoint).toBe(cp / 100);
    expect(chainHash(end.game.privateSeed)).toBe(end.game.privateHash);
    expect(crashPoint(end.game.privateSeed, end.game.publicSeed)).toBe(cp);
    const before = seen.slice(
      0,
      seen.findIndex((e) => e.event === 'game-end'),
    );
    const text = JSON.stringify(before);
    expect(text).not.toContain(end.game.privateSeed);
    expect(text).not.toContain('crashPoint');
    const ticks = before.filter((e) => e.event === 'game-tick').map((e) => e.args[0] as number);
    expect(ticks.length).toBeGreaterThan(5);
    expect(Math.max(...ticks)).toBeLessThan(cp / 100);
    const cashouts = before.filter((e) => e.event === 'bet-cashout').map((e) => e.args[0]);
    expect(cashouts).toContainEqual({
      playerID: String(a.id),
      status: 2,
      stoppedAt: 101,
      winningAmount: 10.1,
    });

    const history = await server.api<{ crash: unknown[] }>('GET', '/api/user/history', undefined, a.token);
    expect(history.body.crash[0]).toMatchObject({
      _id: String(round.id),
      betAmount: 10,
      stoppedAt: 101,
      winningAmount: 10.1,
      crashPoint: cp / 100,
      status: 'cashed',
    });
    const profile = await server.api('POST', '/api/user/profile', { userid: String(b.id) });
    expect(profile.body).toMatchObject({ profit: -5, gamesPlayed: 1, gamesWon: 0, wager: 5 });

    const next = await bettingRound();
    expect(next.privateHash).toBe(end.game.privateSeed);
    await expectLedgerConsistent(ctx());
  });

  it('never shows the crash point or the seed before the bust, in events or responses', async () => {
    // a point with cents (say 2.37x): a whole one (10x) would also match the player's balance or an id
    const round = await bettingRound((cp) => cp >= 120 && cp % 100 !== 0);
    const p = await fundedPlayer(ctx(), 10);
    const s = await server.socket('crash', p.token);
    const seen = record(s);
    await join(s, null, 1);
    const secret = (
      await ctx()
        .db.selectFrom('rounds')
        .select('private_seed')
        .where('id', '=', round.id)
        .executeTakeFirstOrThrow()
    ).private_seed;
    const bodies: unknown[] = [];
    const look = async () => {
      bodies.push((await server.api('GET', '/api/crash')).body);
      bodies.push((await server.api('GET', '/api/crash/me', undefined, p.token)).body);
    };
    await look();
    await untilRunning();
    await drive(clock, loop(), Math.min(1000, crashElapsedMsFor(round.crashPoint) - 100));
    await look();
    // the history holds earlier rounds' points; the current round and every event hold none
    expect(JSON.stringify([bodies, seen])).not.toContain(secret);
    const live = JSON.stringify([bodies.map((b) => (b as { current?: unknown }).current ?? b), seen]);
    expect(live).not.toContain('crashPoint');
    expect(live).not.toContain('privateSeed');
    // no value anywhere, number or text, is the crash point (the last tick shown is below it)
    const values = (v: unknown): unknown[] =>
      v !== null && typeof v === 'object' ? Object.values(v).flatMap(values) : [v];
    const leaks = values([bodies.map((b) => (b as { current?: unknown }).current ?? b), seen]).filter(
      (v) => (typeof v === 'number' || typeof v === 'string') && Number(v) === round.crashPoint / 100,
    );
    expect(leaks).toEqual([]);
    const current = (bodies[2] as { current: { status: number; elapsed: number } }).current;
    expect(current.status).toBe(3);
    await untilOver();
    const after = (
      await server.api<{ current: { crashPoint: number; privateSeed: string } }>('GET', '/api/crash')
    ).body;
    expect(after.current.crashPoint).toBe(round.crashPoint);
    expect(after.current.privateSeed).toBe(secret);
  });

  it('cashes out at the multiplier of the server time, once; a second cash-out is refused', async () => {
    const round = await bettingRound((cp) => cp >= 200);
    const p = await fundedPlayer(ctx(), 50);
    const [s1, s2] = [await server.socket('crash', p.token), await server.socket('crash', p.token)];
    await join(s1, null, 20);
    await spaced();
    const early = nextEvent(s1, 'bet-cashout-error');
    s1.emit('bet-cashout');
    expect(await early).toEqual([CRASH_TEXT.notStarted]);
    await untilRunning();
    await drive(clock, loop(), crashElapsedMsFor(150) + 7);
    const started = await ctx()
      .db.selectFrom('rounds')
      .select('started_at')
      .where('id', '=', round.id)
      .executeTakeFirstOrThrow();
    const expected = crashMultiplierAt(clock.now() - (started.started_at?.getTime() ?? 0));
    const ok1 = nextEvent(s1, 'bet-cashout-success');
    const ok2 = nextEvent(s2, 'bet-cashout-success').catch(() => null);
    const err = Promise.race([nextEvent(s1, 'bet-cashout-error'), nextEvent(s2, 'bet-cashout-error')]);
    s1.emit('bet-cashout');
    s2.emit('bet-cashout');
    expect(await err).toEqual([expect.stringMatching(/active bet|crashed/)]);
    const [bet] = (await Promise.race([ok1, ok2])) as [{ stoppedAt: number; winningAmount: number }];
    expect(bet.stoppedAt).toBe(expected);
    expect(bet.stoppedAt).toBeGreaterThanOrEqual(150);
    expect(bet.winningAmount).toBe(Math.floor((2000 * expected) / 100) / 100);
    expect(round.crashPoint).toBeGreaterThan(expected);
    await untilOver();
    const wins = await ctx()
      .db.selectFrom('ledger_entries')
      .select('delta')
      .where('user_id', '=', p.id)
      .where('kind', '=', 'win')
      .execute();
    expect(wins).toEqual([{ delta: Math.floor((2000 * expected) / 100) }]);
    await expectLedgerConsistent(ctx());
  });

  it('100 cash-outs racing the bust: each counts only before the crash time, each paid once', async () => {
    const round = await bettingRound((cp) => cp >= 110 && cp < 300);
    const players = await Promise.all(Array.from({ length: 100 }, () => fundedPlayer(ctx(), 5)));
    const sockets = await Promise.all(players.map((p) => server.socket('crash', p.token)));
    await Promise.all(sockets.map((s) => join(s, null, 1)));
    await untilRunning();
    await drive(clock, loop(), (await msToCrash(round.id)) - 200, 100);
    await drive(clock, loop(), 160, 20);
    let answered = 0;
    const answers = sockets.map(
      (s) =>
        new Promise<string>((resolve) => {
          const done = (r: string) => {
            answered++;
            resolve(r);
          };
          s.once('bet-cashout-success', () => done('ok'));
          s.once('bet-cashout-error', (m: string) => done(m));
        }),
    );
    sockets.forEach((s, i) => {
      if (i % 2 === 0) s.emit('bet-cashout');
    });
    await eventually(() => answered >= 10);
    await clock.advance(40); // the crash time passes while the rest of the first half is in flight
    sockets.forEach((s, i) => {
      if (i % 2 === 1) s.emit('bet-cashout');
    });
    await untilOver();
    const results = await Promise.all(answers);
    const bets = await ctx()
      .db.selectFrom('round_bets')
      .select(['user_id', 'status', 'cashout', 'payout', 'amount'])
      .where('round_id', '=', round.id)
      .execute();
    expect(bets).toHaveLength(100);
    for (const b of bets) {
      expect(['cashed', 'lost']).toContain(b.status);
      if (b.status === 'cashed') {
        expect(b.cashout).toBeLessThan(round.crashPoint);
        expect(b.payout).toBe(Math.floor((b.amount * (b.cashout ?? 0)) / 100));
      }
    }
    const cashed = bets.filter((b) => b.status === 'cashed').length;
    expect(results.filter((r) => r === 'ok')).toHaveLength(cashed);
    for (const r of results.filter((x) => x !== 'ok'))
      expect([CRASH_TEXT.crashed, CRASH_TEXT.noBet]).toContain(r);
    // requests sent after the crash time never count
    expect(cashed).toBeGreaterThanOrEqual(10);
    expect(cashed).toBeLessThanOrEqual(50);
    await expectLedgerConsistent(ctx());
  });

  it('bets racing the close of betting are either in this round or queued for the next, never lost', async () => {
    await bettingRound();
    const players = await Promise.all(Array.from({ length: 20 }, () => fundedPlayer(ctx(), 5)));
    const sockets = await Promise.all(players.map((p) => server.socket('crash', p.token)));
    await drive(clock, loop(), CRASH_BETTING_MS - 100);
    const s0 = loop().current;
    const roundId = s0.kind === 'betting' ? s0.round.id : 0;
    const answers = sockets.map(
      (s) =>
        new Promise<string>((resolve) => {
          s.once('game-join-success', () => resolve('placed'));
          s.once('notify-info', () => resolve('queued'));
          s.once('game-join-error', (m: string) => resolve(m));
        }),
    );
    for (const s of sockets) s.emit('join-game', null, 2);
    await drive(clock, loop(), 200, 10);
    const results = await Promise.all(answers);
    expect(results.every((r) => r === 'placed' || r === 'queued')).toBe(true);
    const inRound = await ctx()
      .db.selectFrom('round_bets')
      .select('user_id')
      .where('round_id', '=', roundId)
      .where(
        'user_id',
        'in',
        players.map((p) => p.id),
      )
      .execute();
    expect(inRound).toHaveLength(results.filter((r) => r === 'placed').length);
    // the queued ones are placed when the next round opens
    const queued = results.filter((r) => r === 'queued').length;
    const later = sockets.map((s, i) =>
      results[i] === 'queued' ? nextEvent(s, 'game-join-success', 60_000) : Promise.resolve(null),
    );
    await bettingRound();
    await Promise.all(later);
    const total = await ctx()
      .db.selectFrom('round_bets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(
        'user_id',
        'in',
        players.map((p) => p.id),
      )
      .executeTakeFirstOrThrow();
    expect(Number(total.n)).toBe(20);
    expect(queued + inRound.length).toBe(20);
    for (const p of players) expect(await balanceOf(ctx(), p.id)).toBe(300);
    await expectLedgerConsistent(ctx());
  });

  it('resumes a round from its rows; one left past its crash time ends as the bust would (issue 9 item 6)', async () => {
    // resume: the loop stops mid-round and starts again before the crash time
    // below 334x, where q's 3-coin bet with no target would be cashed out by the max profit
    let round = await bettingRound((cp) => cp >= 300 && cp < 30_000);
    const p = await fundedPlayer(ctx(), 10);
    const q = await fundedPlayer(ctx(), 10);
    const affiliate = await fundedPlayer(ctx(), 0);
    await supportAffiliate(server, q.token, affiliate.username); // q: 10.25
    const [sp, sq] = [await server.socket('crash', p.token), await server.socket('crash', q.token)];
    await join(sp, 150, 2);
    await join(sq, null, 3);
    await untilRunning();
    await drive(clock, loop(), 500);
    await loop().stop();
    await clock.advance(1000);
    loop().start();
    await loop().idle();
    expect(loop().current.kind).toBe('running');
    await untilOver();
    let rows = await ctx().db.selectFrom('rounds').select('status').where('id', '=', round.id).execute();
    expect(rows).toEqual([{ status: 'over' }]);
    expect(await balanceOf(ctx(), p.id)).toBe(1000 - 200 + 300);
    expect(await balanceOf(ctx(), q.id)).toBe(1025 - 300);

    // left running past its crash time (the leader broadcast until just before the bust, then died
    // before settling it): the crash point was reached, so the restart finishes it as the bust would
    // have. p's auto-cashout at 1.20x lies below the crash point: paid. q's open bet was not cashed
    // out before crash_at: lost, not refunded.
    round = await bettingRound((cp) => cp >= 130 && cp < 1000);
    await join(sp, 120, 2);
    await spaced();
    await join(sq, null, 3);
    await untilRunning();
    await drive(clock, loop(), (await msToCrash(round.id)) - 100, 200);
    expect(loop().current.kind).toBe('running');
    await loop().stop();
    await clock.advance(crashElapsedMsFor(round.crashPoint) + 10);
    loop().start();
    await loop().idle();
    rows = await ctx().db.selectFrom('rounds').select('status').where('id', '=', round.id).execute();
    expect(rows).toEqual([{ status: 'over' }]);
    expect(await balanceOf(ctx(), p.id)).toBe(1100 - 200 + 240);
    expect(await balanceOf(ctx(), q.id)).toBe(725 - 300);
    const bets = await ctx()
      .db.selectFrom('round_bets')
      .select(['user_id', 'status'])
      .where('round_id', '=', round.id)
      .orderBy('user_id')
      .execute();
    expect(bets).toEqual([
      { user_id: p.id, status: 'cashed' },
      { user_id: q.id, status: 'lost' },
    ]);
    // both rounds settled q's bets: each accrued its rake (and the affiliate's cut) once, at the end
    const keys = (await accrualsOf(ctx(), q.id)).map((r) => [r.game, r.stake, r.referral_units]);
    expect(keys).toEqual([
      ['crash', 300, (300 * 700) / 10],
      ['crash', 300, (300 * 700) / 10],
    ]);
    await expectLedgerConsistent(ctx());

    // refund: still taking bets long after its close (the site was down): it never starts, and the
    // refunded bet leaves rakeback, affiliate money and wager as if it had never been placed
    const rake = await rakeStateOf(ctx(), q.id);
    round = await bettingRound();
    await spaced();
    await join(sq, 150, 1);
    expect((await rakeStateOf(ctx(), q.id)).wager).toBe(rake.wager + 100);
    await loop().stop();
    await clock.advance(CRASH_BETTING_MS + CRASH_STALE_BETTING_MS + 1000);
    loop().start();
    await loop().idle();
    rows = await ctx().db.selectFrom('rounds').select('status').where('id', '=', round.id).execute();
    expect(rows).toEqual([{ status: 'refunded' }]);
    expect(await balanceOf(ctx(), q.id)).toBe(425);
    expect(await rakeStateOf(ctx(), q.id)).toEqual(rake);
    expect(await accrualsOf(ctx(), q.id)).toHaveLength(2);
    expect(loop().current.kind).toBe('betting');
    await expectLedgerConsistent(ctx());
  });

  it('a round that busts in a leader hand-over gap: autos below the bust paid, cashed bets kept, the rest voided (issue 20 item 5)', async () => {
    const round = await bettingRound((cp) => cp >= 200 && cp < 1000);
    const [a, c, v] = [
      await fundedPlayer(ctx(), 10),
      await fundedPlayer(ctx(), 10),
      await fundedPlayer(ctx(), 10),
    ];
    const [sa, sc, sv] = [
      await server.socket('crash', a.token),
      await server.socket('crash', c.token),
      await server.socket('crash', v.token),
    ];
    const watcher = record(await server.socket('crash'));
    await join(sa, 150, 2); // auto-cashout at 1.50x, below the bust
    await spaced();
    await join(sc, null, 3); // cashes out by hand at ~1.1x while the leader is alive
    await spaced();
    await join(sv, null, 4); // no auto-cashout, never cashed out
    await untilRunning();
    await driveUntil(clock, loop(), () => crashMultiplierAt(clock.now() - runningSince()) >= 110);
    const cashed = nextEvent(sc, 'bet-cashout-success');
    sc.emit('bet-cashout');
    await cashed;
    // the leader dies well before the crash time (its heartbeat stops); the next one comes after it
    await loop().stop();
    await clock.advance((await msToCrash(round.id)) + 2000);
    loop().start();
    await loop().idle();
    const ended = await ctx()
      .db.selectFrom('rounds')
      .select(['status', 'handover_void'])
      .where('id', '=', round.id)
      .executeTakeFirstOrThrow();
    expect(ended).toEqual({ status: 'over', handover_void: true });
    const bets = await ctx()
      .db.selectFrom('round_bets')
      .select(['user_id', 'status'])
      .where('round_id', '=', round.id)
      .orderBy('user_id')
      .execute();
    expect(bets).toEqual([
      { user_id: a.id, status: 'cashed' },
      { user_id: c.id, status: 'cashed' },
      { user_id: v.id, status: 'refunded' },
    ]);
    expect(await balanceOf(ctx(), a.id)).toBe(1000 - 200 + 300);
    expect(await balanceOf(ctx(), c.id)).toBeGreaterThan(1000);
    expect(await balanceOf(ctx(), v.id)).toBe(1000);
    // the voided bet accrued no rake; the settled ones did
    expect(await accrualsOf(ctx(), v.id)).toEqual([]);
    expect(await accrualsOf(ctx(), a.id)).toHaveLength(1);
    // shown: the game-end event and the history mark the round
    await eventually(() => watcher.some((e) => e.event === 'game-end'));
    const end = watcher.find((e) => e.event === 'game-end')?.args[0] as {
      game: { _id: string; handover?: boolean };
    };
    expect(end.game).toMatchObject({ _id: String(round.id), handover: true });
    const state = await server.api<{ history: Array<{ _id: string; handover?: boolean }> }>(
      'GET',
      '/api/crash',
    );
    expect(state.body.history.find((h) => h._id === String(round.id))?.handover).toBe(true);
    expect(state.body.history.filter((h) => h.handover)).toHaveLength(1);
    await expectLedgerConsistent(ctx());
    for (const s of [sa, sc, sv]) s.disconnect();
  });

  it('a leader that stalls past the crash time voids the round on resume, as a new leader would; blind cash-outs in the gap get the last multiplier shown (issue 26 item 9)', async () => {
    const round = await bettingRound((cp) => cp >= 200 && cp < 1000);
    const cp = round.crashPoint;
    const [a, b, c, d, e] = [
      await fundedPlayer(ctx(), 10),
      await fundedPlayer(ctx(), 10),
      await fundedPlayer(ctx(), 10),
      await fundedPlayer(ctx(), 10),
      await fundedPlayer(ctx(), 10),
    ];
    const [sa, sb, sc, sd, se] = [
      await server.socket('crash', a.token),
      await server.socket('crash', b.token),
      await server.socket('crash', c.token),
      await server.socket('crash', d.token),
      await server.socket('crash', e.token),
    ];
    const watcher = record(await server.socket('crash'));
    await join(sa, 120, 2); // auto-cashout at 1.20x: paid while the ticks still come
    await spaced();
    await join(sb, null, 2); // cashes out blind in the gap, before the crash time
    await spaced();
    await join(sc, null, 2); // cashes out blind in the gap, after the crash time
    await spaced();
    await join(sd, null, 2); // does nothing: voided
    await spaced();
    await join(se, cp - 1, 2); // auto-cashout above the last tick, below the bust: paid by the gap rule
    await untilRunning();
    await driveUntil(clock, loop(), () => crashMultiplierAt(clock.now() - runningSince()) >= 150);
    const s = loop().current;
    if (s.kind !== 'running' || !s.shown) throw new Error('not ticking');
    const shown = s.shown.multiplier;
    await eventually(() => watcher.some((x) => x.event === 'game-tick' && x.args[0] === shown / 100));

    // the leader stalls: time goes on, none of its timers runs (a paused process)
    clock.stall(800);
    const early = nextEvent(sb, 'bet-cashout-success');
    sb.emit('bet-cashout');
    const [paidB] = (await early) as [{ stoppedAt: number; winningAmount: number }];
    // by the server's time it would be worth more: it gets what the screen showed
    expect(crashMultiplierAt(clock.now() - runningSince())).toBeGreaterThan(shown);
    expect(paidB.stoppedAt).toBe(shown);
    clock.stall((await msToCrash(round.id)) + 1500);
    const late = nextEvent(sc, 'bet-cashout-success');
    sc.emit('bet-cashout');
    const [paidC] = (await late) as [{ stoppedAt: number }];
    expect(paidC.stoppedAt).toBe(shown);

    // the leader resumes: its late tick finds the crash time long after its last tick shown
    await clock.advance(0);
    await loop().idle();
    await untilOver();
    const ended = await ctx()
      .db.selectFrom('rounds')
      .select(['status', 'handover_void'])
      .where('id', '=', round.id)
      .executeTakeFirstOrThrow();
    expect(ended).toEqual({ status: 'over', handover_void: true });
    const bets = await ctx()
      .db.selectFrom('round_bets')
      .select(['user_id', 'status', 'cashout'])
      .where('round_id', '=', round.id)
      .orderBy('user_id')
      .execute();
    expect(bets).toEqual([
      { user_id: a.id, status: 'cashed', cashout: 120 },
      { user_id: b.id, status: 'cashed', cashout: shown },
      { user_id: c.id, status: 'cashed', cashout: shown },
      { user_id: d.id, status: 'refunded', cashout: null },
      { user_id: e.id, status: 'cashed', cashout: cp - 1 },
    ]);
    expect(await balanceOf(ctx(), d.id)).toBe(1000);
    // no tick was shown after the stall (none above the last one before it): the bust came next
    await eventually(() => watcher.some((x) => x.event === 'game-end'));
    const ticks = watcher.filter((x) => x.event === 'game-tick').map((x) => x.args[0] as number);
    expect(Math.max(...ticks)).toBe(shown / 100);
    await expectLedgerConsistent(ctx());
    for (const x of [sa, sb, sc, sd, se]) x.disconnect();
  });

  it('queues a bet sent while a round runs, refuses bad input, and obeys the crash control', async () => {
    await bettingRound((cp) => cp >= 150);
    await untilRunning();
    const p = await fundedPlayer(ctx(), 10);
    const s = await server.socket('crash', p.token);
    const info = nextEvent(s, 'notify-info');
    s.emit('join-game', 300, 1);
    expect(await info).toEqual([CRASH_TEXT.queued]);
    const placed = nextEvent(s, 'game-join-success', 60_000);
    await bettingRound();
    expect(((await placed)[0] as { betAmount: number }).betAmount).toBe(1);

    for (const [args, message] of [
      [[150, 0], 'The minimum bet is 0.01.'],
      [[100, 1], 'Auto cashout must be at least 1.01x.'],
      [[null, 'abc'], 'Amount must be a number.'],
      [[null, 1], CRASH_TEXT.alreadyJoined],
    ] as const) {
      await spaced();
      const err = nextEvent(s, 'game-join-error');
      s.emit('join-game', ...args);
      expect(await err).toEqual([message]);
    }
    const anon = await server.socket('crash');
    const refused = nextEvent(anon, 'game-join-error');
    anon.emit('join-game', null, 1);
    expect(await refused).toEqual(['Please log in to play!']);

    await ctx().controls.toggle('crash');
    const other = await fundedPlayer(ctx(), 10);
    const so = await server.socket('crash', other.token);
    const off = nextEvent(so, 'game-join-error');
    so.emit('join-game', null, 1);
    expect(await off).toEqual(['Crash is currently disabled.']);
    await untilOver();
    await drive(clock, loop(), 5000);
    expect(loop().current.kind).toBe('waiting');
    await ctx().controls.toggle('crash');
    await bettingRound();
    await expectLedgerConsistent(ctx());
  });
});
