import { chainHash, ROULETTE_WHEEL_ORDER, rouletteColor, rouletteSlot } from '@coinsite/shared/fairness';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { EVERY_DB, nextEvent } from '../../test-support/server.ts';
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
import { ROULETTE_ANIMATION_TOTAL_MS, ROULETTE_BETTING_MS, ROULETTE_SPIN_MS } from './roulette.loop.ts';
import { ROULETTE_TEXT } from './roulette.service.ts';

process.env.ROUND_CHAIN_LENGTH = '40';

describe.each(EVERY_DB)('roulette rounds on %s (fake clock)', (db) => {
  const { clock, server, ctx, loop } = useChainRoundServer(db, 'roulette');

  const bettingRound = () => nextBettingRound(clock, loop());

  async function bet(socket: Socket, color: string, amount: number) {
    const ok = nextEvent(socket, 'game-join-success');
    socket.emit('join-game', color, amount);
    return (await ok)[0] as { color: string; betAmount: number; betId: string };
  }

  it('plays a whole round in fake time: bets on three colours, the roll, 2x and 14x, the reveal', async () => {
    const round = await bettingRound();
    const p = await fundedPlayer(ctx(), 100);
    const affiliate = await fundedPlayer(ctx(), 0);
    await supportAffiliate(server, p.token, affiliate.username); // +0.25
    const rake = await rakeStateOf(ctx(), p.id);
    const s = await server.socket('roulette', p.token);
    const watcher = await server.socket('roulette');
    const seen = record(watcher);
    await bet(s, 'red', 10);
    await spaced();
    await bet(s, 'black', 10);
    await spaced();
    await bet(s, 'green', 1);
    await spaced();
    await bet(s, 'red', 5);
    await eventually(() => seen.filter((e) => e.event === 'new-player').length === 4);
    const state = await server.api<{
      current: { _id: string; joinable: boolean; timeLeft: number; players: unknown[]; rollStatus: unknown };
    }>('GET', '/api/roulette');
    expect(state.body.current).toMatchObject({ _id: String(round.id), joinable: true, rollStatus: null });
    expect(state.body.current.players).toHaveLength(4);
    expect(state.body.current.timeLeft).toBeGreaterThan(0);
    // the stakes count in the wager at once, but their rake accrues only when the roll settles them
    expect(await rakeStateOf(ctx(), p.id)).toEqual({ ...rake, wager: rake.wager + 2600 });
    expect(await accrualsOf(ctx(), p.id)).toEqual([]);

    await driveUntil(clock, loop(), () => loop().current.kind === 'rolling');
    await eventually(() => seen.some((e) => e.event === 'game-rolled'));
    const rolled = seen.find((e) => e.event === 'game-rolled')?.args as number[];
    const slot = round.slot;
    expect(rolled).toEqual([
      ROULETTE_WHEEL_ORDER.indexOf(slot as 0),
      slot,
      ROULETTE_SPIN_MS,
      ROULETTE_ANIMATION_TOTAL_MS,
    ]);
    const color = rouletteColor(slot);
    const won = color === 'red' ? 1500 * 2 : color === 'black' ? 1000 * 2 : 100 * 14;
    expect(await balanceOf(ctx(), p.id)).toBe(10_000 + 25 - 2600 + won);
    const accrued = await accrualsOf(ctx(), p.id);
    expect(
      accrued.map((a) => [a.stake, a.referral_units, a.referral_wager] as const).sort((x, y) => x[0] - y[0]),
    ).toEqual([100, 500, 1000, 1000].map((stake) => [stake, (stake * 667) / 10, stake]));
    expect(accrued.every((a) => a.stake_key.startsWith('roulette:bet:') && a.rakeback_units > 0)).toBe(true);
    const sum = (k: 'rakeback_units' | 'referral_units') => accrued.reduce((t, a) => t + a[k], 0);
    expect(await rakeStateOf(ctx(), p.id)).toEqual({
      rakeback_units: rake.rakeback_units + sum('rakeback_units'),
      referral_units: rake.referral_units + sum('referral_units'),
      referral_wager: rake.referral_wager + 2600,
      wager: rake.wager + 2600,
    });

    // the live feed hears the bets only when the wheel has stopped (issue 14 item 4)
    type Feed = { all: Array<{ id: string; payout: number }>; mine: Array<{ id: string; payout: number }> };
    const feedNow = () => server.api<Feed>('GET', '/api/bets/live?game=roulette', undefined, p.token);
    expect((await feedNow()).body.mine).toEqual([]);

    // the seed is revealed when the animation has ended, not at the roll
    expect(JSON.stringify(seen)).not.toContain('privateSeed');
    await drive(clock, loop(), ROULETTE_ANIMATION_TOTAL_MS);
    await eventually(() => seen.some((e) => e.event === 'add-game-to-history'));
    const entry = seen.find((e) => e.event === 'add-game-to-history')?.args[0] as {
      _id: string;
      privateSeed: string;
      privateHash: string;
      publicSeed: string;
      randomModule: number;
      winner: string;
    };
    expect(entry).toMatchObject({ _id: String(round.id), randomModule: slot, winner: color });
    expect(chainHash(entry.privateSeed)).toBe(entry.privateHash);
    expect(rouletteSlot(entry.privateSeed, entry.publicSeed)).toBe(slot);

    const feed = (await feedNow()).body;
    expect(feed.mine).toHaveLength(4);
    expect(feed.mine.every((b) => b.id.startsWith('roulette-'))).toBe(true);
    expect(feed.mine.reduce((t, b) => t + Math.round(b.payout * 100), 0)).toBe(won);

    const next = await bettingRound();
    expect(next.privateHash).toBe(entry.privateSeed);
    await eventually(() => seen.some((e) => e.event === 'new-round'));
    const newRound = seen.find((e) => e.event === 'new-round')?.args;
    // the original client's three arguments, then roulette's own round number (issue 28 item 9)
    expect(newRound).toEqual([ROULETTE_BETTING_MS, String(next.id), next.privateHash, next.number]);
    const after = await server.api<{ history: Array<{ _id: string }> }>('GET', '/api/roulette');
    expect(after.body.history[0]?._id).toBe(String(round.id));
    const mine = await server.api<{ roulette: unknown[] }>('GET', '/api/user/history', undefined, p.token);
    expect(mine.body.roulette[0]).toMatchObject({ _id: String(round.id), winner: color, payout: won / 100 });
    expect((mine.body.roulette[0] as { players: unknown[] }).players).toHaveLength(4);
    await expectLedgerConsistent(ctx());
  });

  it('never shows the slot or the seed before the roll', async () => {
    const round = await bettingRound();
    const secret = (
      await ctx()
        .db.selectFrom('rounds')
        .select('private_seed')
        .where('id', '=', round.id)
        .executeTakeFirstOrThrow()
    ).private_seed;
    const watcher = await server.socket('roulette');
    const seen = record(watcher);
    const p = await fundedPlayer(ctx(), 10);
    const s = await server.socket('roulette', p.token);
    await bet(s, 'green', 1);
    const body = (await server.api('GET', '/api/roulette')).body;
    await drive(clock, loop(), ROULETTE_BETTING_MS - 200);
    const text = JSON.stringify([body, seen]);
    expect(text).not.toContain(secret);
    expect(JSON.stringify((body as { current: unknown }).current)).not.toContain('"winningSlot"');
  });

  it('refuses bets after the close, bad colours and amounts, and obeys the roulette control', async () => {
    await bettingRound();
    const p = await fundedPlayer(ctx(), 10);
    const s = await server.socket('roulette', p.token);
    for (const [args, message] of [
      [['purple', 1], 'Please choose red, green or black.'],
      [['red', 0.001], 'The minimum bet is 0.01.'],
      [['red', 11], "You don't have enough balance."],
    ] as const) {
      const err = nextEvent(s, 'game-join-error');
      s.emit('join-game', ...args);
      expect(await err).toEqual([message]);
      await spaced();
    }
    await driveUntil(clock, loop(), () => loop().current.kind === 'rolling');
    const closed = nextEvent(s, 'game-join-error');
    s.emit('join-game', 'red', 1);
    expect(await closed).toEqual([ROULETTE_TEXT.closed]);
    await spaced();
    await ctx().controls.toggle('roulette');
    const off = nextEvent(s, 'game-join-error');
    s.emit('join-game', 'red', 1);
    expect(await off).toEqual(['Roulette is currently disabled.']);
    await ctx().controls.toggle('roulette');
  });

  it('bets racing the close are all settled once; a stopped loop resumes its round from the rows', async () => {
    const round = await bettingRound();
    const players = await Promise.all(Array.from({ length: 20 }, () => fundedPlayer(ctx(), 5)));
    const sockets = await Promise.all(players.map((p) => server.socket('roulette', p.token)));
    await drive(clock, loop(), ROULETTE_BETTING_MS - 100);
    // the leader dies here; a new one carries on from the rows
    await loop().stop();
    loop().start();
    await loop().idle();
    expect(loop().current.kind).toBe('betting');
    const join = (s: Socket, i: number) =>
      new Promise<string>((resolve) => {
        s.once('game-join-success', () => resolve('placed'));
        s.once('game-join-error', (m: string) => resolve(m));
        s.emit('join-game', i % 2 ? 'red' : 'black', 1);
      });
    // the first five bet while the fake clock stands 100 ms before the close: all of them are taken
    const early = await Promise.all(sockets.slice(0, 5).map(join));
    expect(early).toEqual(Array(5).fill('placed'));
    // the other fifteen race the close
    const racing = sockets.slice(5).map((s, i) => join(s, i + 5));
    await drive(clock, loop(), 200, 10);
    const results = [...early, ...(await Promise.all(racing))];
    expect(results.every((r) => r === 'placed' || r === ROULETTE_TEXT.closed)).toBe(true);
    await driveUntil(clock, loop(), () => loop().current.kind === 'rolling');
    const bets = await ctx()
      .db.selectFrom('round_bets')
      .select(['user_id', 'status', 'payout', 'color'])
      .where('round_id', '=', round.id)
      .execute();
    expect(bets).toHaveLength(results.filter((r) => r === 'placed').length);
    // exactly the players told "placed" hold a bet, one each
    const placedIds = players.filter((_, i) => results[i] === 'placed').map((p) => p.id);
    expect(bets.map((b) => b.user_id).sort((a, b) => a - b)).toEqual(placedIds.sort((a, b) => a - b));
    // a refused bet took nothing
    for (const [i, p] of players.entries()) {
      if (results[i] === 'placed') continue;
      const { balance } = await ctx()
        .db.selectFrom('users')
        .select('balance')
        .where('id', '=', p.id)
        .executeTakeFirstOrThrow();
      expect(balance).toBe(500);
    }
    const color = rouletteColor(round.slot);
    for (const b of bets) {
      expect(b.status).toBe(b.color === color ? 'won' : 'lost');
      expect(b.payout).toBe(b.color === color ? 200 : 0);
    }
    await expectLedgerConsistent(ctx());
  });
});
