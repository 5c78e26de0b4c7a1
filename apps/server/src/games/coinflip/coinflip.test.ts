import type { CoinflipView } from '@coinsite/shared';
import { coinflipRoll, coinflipSide, sha256Hex } from '@coinsite/shared/fairness';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Beacon, beaconOf, setBeaconForTests } from '../../integrations/eos/beacon.ts';
import type { ManualClock } from '../../platform/clock.ts';
import { DB_KINDS, nextEvent, spaced, type TestServer } from '../../test-support/server.ts';
import { roundLoopsOf } from '../rounds/round-games.ts';
import { sql } from 'kysely';
import { checkLedger } from '../../platform/ledger.ts';
import type { SocketUser } from '../../platform/realtime.ts';
import {
  accrualsOf,
  balanceOf,
  driveUntil,
  eventually,
  expectLedgerConsistent,
  fundedPlayer,
  type Player,
  rakeStateOf,
  record,
  supportAffiliate,
  startQuietServer,
} from '../rounds/round-test-kit.ts';
import { COINFLIP_BLOCK_WAIT_LIMIT_MS, type CoinflipLoop } from './coinflip.loop.ts';
import { COINFLIP_TEXT, cancelCoinflip, createCoinflip } from './coinflip.service.ts';

process.env.ROUND_CHAIN_LENGTH = '20';

describe.each(DB_KINDS)('coinflip on %s', (db) => {
  let server: TestServer;
  let clock: ManualClock;
  let loop: CoinflipLoop;
  const ctx = () => server.site.ctx;

  beforeAll(async () => {
    ({ server, clock } = await startQuietServer(db, { keep: ['coinflip'] }));
    const loops = roundLoopsOf(ctx());
    loop = loops.coinflip;
  });
  afterAll(() => server?.close());

  async function create(socket: Socket, amount: number, side: 'heads' | 'tails') {
    const created = nextEvent(socket, 'coinflip:created');
    // the creator's "Coinflip created!" follows in its own frame: wait for it too, or a loaded machine
    // delivers it to the next step's listener
    const told = nextEvent(socket, 'coinflip:success');
    socket.emit('coinflip:create', { amount, side });
    const [id] = await Promise.all([created, told]);
    return String(id[0]);
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
    // the refund below leaves rakeback, affiliate money and wager as if the flip never happened
    const rake = [await rakeStateOf(ctx(), a.id), await rakeStateOf(ctx(), b.id)];

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
      expect([await rakeStateOf(ctx(), a.id), await rakeStateOf(ctx(), b.id)]).toEqual(rake);
      const keys = [...(await accrualsOf(ctx(), a.id)), ...(await accrualsOf(ctx(), b.id))].map(
        (r) => r.stake_key,
      );
      expect(keys.filter((k) => k.startsWith(`coinflip:bet:${late}:`))).toEqual([]);
      expect(keys.filter((k) => k.startsWith(`coinflip:bet:${id}:`)).sort()).toEqual([
        `coinflip:bet:${id}:creator`,
        `coinflip:bet:${id}:opponent`,
      ]);
    } finally {
      setBeaconForTests(ctx(), real);
    }
    await expectLedgerConsistent(ctx());
  });

  /** A player supporting a fresh affiliate (so a stake's rake would also owe the affiliate a cut). */
  async function referred(coins: number): Promise<{ player: Player; affiliate: Player }> {
    const affiliate = await fundedPlayer(ctx(), 0);
    const player = await fundedPlayer(ctx(), coins);
    await supportAffiliate(server, player.token, affiliate.username);
    return { player, affiliate };
  }
  const affiliateEarnings = async (affiliate: Player) =>
    (
      await sql<{ units: number; wager: number }>`
        SELECT COALESCE(SUM(referral_units), 0)::bigint AS units, COALESCE(SUM(referral_wager), 0)::bigint AS wager
        FROM user_rewards WHERE referrer_id = ${affiliate.id}`.execute(ctx().db)
    ).rows[0];

  it('create → cancel, 20 times with an affiliate code claimed, earns nothing; rake accrues when a flip is decided (issue 9)', async () => {
    const { player: a, affiliate } = await referred(20);
    const sa = await server.socket('coinflip', a.token);
    const before = await rakeStateOf(ctx(), a.id);
    for (let i = 0; i < 20; i++) {
      await spaced();
      const id = await create(sa, 10, 'heads');
      await spaced();
      const ok = nextEvent(sa, 'coinflip:success');
      sa.emit('coinflip:cancel', id);
      expect(await ok).toEqual([COINFLIP_TEXT.cancelled]);
    }
    expect(await rakeStateOf(ctx(), a.id)).toEqual(before);
    expect(await affiliateEarnings(affiliate)).toEqual({ units: 0, wager: 0 });
    expect(await balanceOf(ctx(), a.id)).toBe(2000 + 25);
    expect(await accrualsOf(ctx(), a.id)).toEqual([]);
    await expectLedgerConsistent(ctx());

    // a flip that is decided: both stakes settle, and only then accrue their rake
    const b = await fundedPlayer(ctx(), 10);
    const sb = await server.socket('coinflip', b.token);
    const rakeB = await rakeStateOf(ctx(), b.id);
    await spaced();
    const id = await create(sa, 4, 'tails');
    await spaced();
    const joined = nextEvent(sb, 'coinflip:success');
    sb.emit('coinflip:join', id);
    await joined;
    expect(await rakeStateOf(ctx(), a.id)).toEqual({ ...before, wager: before.wager + 400 });
    expect(await accrualsOf(ctx(), a.id)).toEqual([]);
    await decided(id);
    const rake = 400 * 500; // stake × coinflip's 5 % edge, in units of 1/10,000 cent
    const [rowA] = await accrualsOf(ctx(), a.id);
    expect(rowA).toMatchObject({
      stake_key: `coinflip:bet:${id}:creator`,
      refund_key: `coinflip:refund:${id}:creator`,
      game: 'coinflip',
      stake: 400,
      referral_units: rake / 10, // the affiliate's 10 % cut
      referral_wager: 400,
    });
    expect(rowA?.rakeback_units).toBeGreaterThan(0);
    expect(await rakeStateOf(ctx(), a.id)).toEqual({
      rakeback_units: before.rakeback_units + (rowA?.rakeback_units ?? 0),
      referral_units: before.referral_units + rake / 10,
      referral_wager: before.referral_wager + 400,
      wager: before.wager + 400,
    });
    expect(await affiliateEarnings(affiliate)).toEqual({ units: rake / 10, wager: 400 });
    const [rowB] = await accrualsOf(ctx(), b.id);
    expect(rowB).toMatchObject({
      stake_key: `coinflip:bet:${id}:opponent`,
      referral_units: 0,
      referral_wager: 0,
    });
    expect((await rakeStateOf(ctx(), b.id)).rakeback_units).toBe(
      rakeB.rakeback_units + (rowB?.rakeback_units ?? 0),
    );
    await expectLedgerConsistent(ctx());
  });

  it('money race: concurrent creates and cancels of one player over the balance never overdraw, mint or pass 10 open flips', async () => {
    const { player: a, affiliate } = await referred(10); // 10.25 with the affiliate bonus
    const user: SocketUser = {
      id: a.id,
      username: a.username,
      avatar: '',
      rank: 0,
      banned: false,
      sessionId: 0,
    };
    const before = await rakeStateOf(ctx(), a.id);
    const allowed = new Set<string>([
      'ok',
      "You don't have enough balance.",
      COINFLIP_TEXT.tooMany,
      COINFLIP_TEXT.taken, // a second cancel of the same flip
    ]);
    const outcome = (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (err: Error) => err.message,
      );
    const open = new Set<string>();
    const cancelled = new Set<string>();
    const cancel = async (id: string) => {
      const r = await outcome(cancelCoinflip(ctx(), user, id));
      if (r === 'ok') {
        expect(cancelled.has(id), `flip ${id} cancelled twice`).toBe(false);
        cancelled.add(id);
        open.delete(id);
      }
      return r;
    };
    const create = async (coins: number) => {
      try {
        open.add(String(await createCoinflip(ctx(), user, coins, 'heads')));
        return 'ok';
      } catch (err) {
        return (err as Error).message;
      }
    };
    for (let wave = 0; wave < 4; wave++) {
      const ids = [...open];
      const results = await Promise.all([
        ...Array.from({ length: 24 }, (_, i) => create(i % 3 === 0 ? 0.5 : 2)),
        // every open flip cancelled three times at once, racing the creates
        ...ids.flatMap((id) => [cancel(id), cancel(id), cancel(id)]),
      ]);
      for (const r of results) expect(allowed, r).toContain(r);
      const { n } = await ctx()
        .db.selectFrom('coinflips')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('creator_id', '=', a.id)
        .where('status', '=', 'open')
        .executeTakeFirstOrThrow();
      expect(Number(n)).toBe(open.size);
      expect(open.size).toBeLessThanOrEqual(10);
      const stakes = await sql<{ total: number }>`
        SELECT COALESCE(SUM(amount), 0)::bigint AS total FROM coinflips
        WHERE creator_id = ${a.id} AND status = 'open'`.execute(ctx().db);
      expect(await balanceOf(ctx(), a.id)).toBe(1025 - (stakes.rows[0]?.total ?? 0));
    }
    await Promise.all([...open].map((id) => cancel(id)));
    expect(open.size).toBe(0);
    expect(await balanceOf(ctx(), a.id)).toBe(1025);
    const low = await sql<{ low: number; refunds: number; bets: number }>`
      SELECT MIN(balance_after)::bigint AS low,
             COUNT(*) FILTER (WHERE kind = 'bet_refund')::bigint AS refunds,
             COUNT(*) FILTER (WHERE kind = 'bet')::bigint AS bets
      FROM ledger_entries WHERE user_id = ${a.id}`.execute(ctx().db);
    expect(low.rows[0]?.low).toBeGreaterThanOrEqual(0);
    expect(low.rows[0]?.refunds).toBe(cancelled.size);
    expect(low.rows[0]?.bets).toBe(cancelled.size);
    expect(await rakeStateOf(ctx(), a.id)).toEqual(before);
    expect(await affiliateEarnings(affiliate)).toEqual({ units: 0, wager: 0 });
    const check = await checkLedger(ctx().db);
    expect([check.mismatches, check.rake]).toEqual([[], []]);
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
