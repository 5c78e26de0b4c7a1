import type { CoinflipView } from '@coinsite/shared';
import { coinflipRoll, coinflipSide, sha256Hex } from '@coinsite/shared/fairness';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Beacon, beaconOf, setBeaconForTests } from '../../integrations/eos/beacon.ts';
import { ManualClock } from '../../platform/clock.ts';
import { DB_KINDS, nextEvent, startServer, type TestServer } from '../../test-support/server.ts';
import { roundLoopsOf } from '../rounds/round-games.ts';
import {
  balanceOf,
  driveUntil,
  eventually,
  expectLedgerConsistent,
  fundedPlayer,
  record,
} from '../rounds/round-test-kit.ts';
import { COINFLIP_BLOCK_WAIT_LIMIT_MS, type CoinflipLoop } from './coinflip.loop.ts';
import { COINFLIP_TEXT } from './coinflip.service.ts';

process.env.ROUND_CHAIN_LENGTH = '20';

const spaced = () => new Promise((r) => setTimeout(r, 12));

describe.each(DB_KINDS)('coinflip on %s', (db) => {
  let server: TestServer;
  let clock: ManualClock;
  let loop: CoinflipLoop;
  const ctx = () => server.site.ctx;

  beforeAll(async () => {
    clock = new ManualClock();
    server = await startServer({ db, clock });
    const loops = roundLoopsOf(ctx());
    await Promise.all([loops.crash.stop(), loops.roulette.stop()]);
    loop = loops.coinflip;
  });
  afterAll(() => server?.close());

  async function create(socket: Socket, amount: number, side: 'heads' | 'tails') {
    const created = nextEvent(socket, 'coinflip:created');
    socket.emit('coinflip:create', { amount, side });
    return String((await created)[0]);
  }
  async function expectError(socket: Socket, event: string, arg: unknown, message: string) {
    await spaced();
    const err = nextEvent(socket, 'coinflip:error');
    socket.emit(event, arg);
    expect(await err).toEqual([message]);
  }
  const flip = async (id: string) => (await server.api<CoinflipView>('GET', `/api/coinflip/${id}`)).body;
  const decided = (id: string) =>
    driveUntil(clock, loop, async () => (await flip(id)).status === 'finished', 60_000, 250);

  it('two players: the seed is committed, the block fixed at the join, the winner paid the pot less 5 %', async () => {
    const a = await fundedPlayer(ctx(), 10);
    const b = await fundedPlayer(ctx(), 10);
    const sa = await server.socket('coinflip', a.token);
    const sb = await server.socket('coinflip', b.token);
    const watcher = await server.socket('coinflip');
    const seen = record(watcher);
    const id = await create(sa, 4, 'heads');
    expect(await balanceOf(ctx(), a.id)).toBe(600);
    let view = await flip(id);
    expect(view).toMatchObject({
      status: 'open',
      amount: 4,
      creatorSide: 'heads',
      serverSeed: null,
      opponent: null,
    });
    expect(view.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);

    const head = await beaconOf(ctx()).headBlock();
    const joined = nextEvent(sb, 'coinflip:success');
    sb.emit('coinflip:join', id);
    expect(await joined).toEqual([COINFLIP_TEXT.joined]);
    view = await flip(id);
    expect(view.status).toBe('waiting');
    expect(view.blockNumber).toBeGreaterThanOrEqual(head + 3);
    expect(view.opponent?.id).toBe(String(b.id));
    expect(await balanceOf(ctx(), b.id)).toBe(600);
    // nothing secret before the block decides
    expect(JSON.stringify(seen)).not.toContain('"serverSeed":"');

    await decided(id);
    view = await flip(id);
    if (!view.serverSeed || !view.blockId) throw new Error('flip should be revealed');
    expect(sha256Hex(view.serverSeed)).toBe(view.serverSeedHash);
    expect(await beaconOf(ctx()).irreversibleBlockId(view.blockNumber ?? 0)).toBe(view.blockId);
    const roll = coinflipRoll({ serverSeed: view.serverSeed, blockId: view.blockId });
    expect(view.roll).toBe(roll);
    expect(view.winnerSide).toBe(coinflipSide(roll));
    const winner = view.winnerSide === 'heads' ? a : b;
    const loser = winner === a ? b : a;
    expect(view).toMatchObject({ winnerId: String(winner.id), payout: 7.6 });
    expect(await balanceOf(ctx(), winner.id)).toBe(600 + 760);
    expect(await balanceOf(ctx(), loser.id)).toBe(600);
    await eventually(() =>
      seen.some((e) => e.event === 'coinflip:update' && (e.args[0] as CoinflipView).status === 'finished'),
    );
    const list = (await server.api<{ recent: CoinflipView[]; open: CoinflipView[] }>('GET', '/api/coinflip'))
      .body;
    expect(list.recent[0]?.id).toBe(id);
    expect(list.open.map((f) => f.id)).not.toContain(id);
    await expectLedgerConsistent(ctx());
  });

  it('the creator calls the bot (the house) or cancels; nobody else may, and a taken flip stays taken', async () => {
    const a = await fundedPlayer(ctx(), 10);
    const b = await fundedPlayer(ctx(), 10);
    const sa = await server.socket('coinflip', a.token);
    const sb = await server.socket('coinflip', b.token);
    const first = await create(sa, 2, 'tails');
    await expectError(sa, 'coinflip:join', first, COINFLIP_TEXT.own);
    await expectError(sb, 'coinflip:callbot', first, COINFLIP_TEXT.notCreator);
    await expectError(sb, 'coinflip:cancel', first, COINFLIP_TEXT.notCreator);
    await expectError(sb, 'coinflip:join', '999999', COINFLIP_TEXT.notFound);
    await expectError(sb, 'coinflip:join', 'abc', 'Invalid coinflip.');
    await spaced();
    const bot = nextEvent(sa, 'coinflip:success');
    sa.emit('coinflip:callbot', first);
    expect(await bot).toEqual([COINFLIP_TEXT.botCalled]);
    await expectError(sb, 'coinflip:join', first, COINFLIP_TEXT.taken);
    await expectError(sa, 'coinflip:cancel', first, COINFLIP_TEXT.taken);
    await decided(first);
    const done = await flip(first);
    expect(done.opponent?.id).toBe('bot');
    const won = done.winnerSide === 'tails';
    expect(done.winnerId).toBe(won ? String(a.id) : 'bot');
    expect(await balanceOf(ctx(), a.id)).toBe(1000 - 200 + (won ? 380 : 0));

    await spaced();
    const second = await create(sa, 1, 'heads');
    await spaced();
    const cancelled = nextEvent(sa, 'coinflip:success');
    sa.emit('coinflip:cancel', second);
    expect(await cancelled).toEqual([COINFLIP_TEXT.cancelled]);
    expect((await flip(second)).status).toBe('cancelled');
    expect(await balanceOf(ctx(), a.id)).toBe(1000 - 200 + (won ? 380 : 0));
    await expectError(sb, 'coinflip:join', second, COINFLIP_TEXT.taken);
    await expectError(sb, 'coinflip:create', { amount: 11, side: 'heads' }, "You don't have enough balance.");
    await expectError(sb, 'coinflip:create', { amount: 1, side: 'edge' }, 'Please choose heads or tails.');
    await expectLedgerConsistent(ctx());
  });

  it('a flip left waiting across a restart is decided by the next leader; one whose block never comes is refunded', async () => {
    const a = await fundedPlayer(ctx(), 10);
    const b = await fundedPlayer(ctx(), 10);
    const sa = await server.socket('coinflip', a.token);
    const sb = await server.socket('coinflip', b.token);
    await loop.stop();
    const id = await create(sa, 1, 'heads');
    const joined = nextEvent(sb, 'coinflip:success');
    sb.emit('coinflip:join', id);
    await joined;
    await clock.advance(5000); // the block is final by now, but no leader is looking
    expect((await flip(id)).status).toBe('waiting');
    loop.start();
    await decided(id);

    const real = beaconOf(ctx());
    const stuck: Beacon = { headBlock: () => real.headBlock(), irreversibleBlockId: async () => null };
    setBeaconForTests(ctx(), stuck);
    try {
      await spaced();
      const late = await create(sa, 1, 'tails');
      await spaced();
      const ok = nextEvent(sb, 'coinflip:success');
      sb.emit('coinflip:join', late);
      await ok;
      const before = [await balanceOf(ctx(), a.id), await balanceOf(ctx(), b.id)];
      await driveUntil(
        clock,
        loop,
        async () => (await flip(late)).status === 'cancelled',
        COINFLIP_BLOCK_WAIT_LIMIT_MS + 120_000,
        60_000,
      );
      expect([await balanceOf(ctx(), a.id), await balanceOf(ctx(), b.id)]).toEqual(
        before.map((x) => x + 100),
      );
    } finally {
      setBeaconForTests(ctx(), real);
    }
    await expectLedgerConsistent(ctx());
  });

  it('obeys the coinflip control', async () => {
    const a = await fundedPlayer(ctx(), 10);
    const sa = await server.socket('coinflip', a.token);
    await ctx().controls.toggle('coinflip');
    try {
      await expectError(
        sa,
        'coinflip:create',
        { amount: 1, side: 'heads' },
        'Coinflip is currently disabled.',
      );
    } finally {
      await ctx().controls.toggle('coinflip');
    }
  });
});
