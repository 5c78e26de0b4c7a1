import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  BATTLE_TIMING,
  type BattleDetail,
  type BattleDrop,
  type BattleRoundEvent,
  type BattleSummary,
  type BattleWin,
} from '@coinsite/shared';
import { battleResult, battleTicket, itemForTicket, sha256Hex } from '@coinsite/shared/fairness';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBeacon, setBeaconForTests } from '../../integrations/eos/beacon.ts';
import { ManualClock } from '../../platform/clock.ts';
import { findLedgerMismatches, findRakeViolations } from '../../platform/ledger.ts';
import { DB_KINDS, nextEvent, startServer, type TestServer } from '../../test-support/server.ts';
import { accrualsOf, rakeStateOf, supportAffiliate } from '../rounds/round-test-kit.ts';
import { battleKit } from './battle-test-kit.ts';

describe.each(DB_KINDS)('case battles on %s', (db) => {
  let server: TestServer;
  const clock = new ManualClock();
  const kit = battleKit(
    () => server,
    () => clock,
  );
  beforeAll(async () => {
    server = await startServer({ db, clock });
  });
  afterAll(() => server?.close());

  async function create(sock: Socket, slugs: string[], type: string, mode: string): Promise<string> {
    const created = nextEvent(sock, 'battles:created');
    const answer = await kit.ask(sock, 'battles:create', slugs, type, mode, 0, slugs.length);
    expect(answer).toEqual({ ok: true, message: 'Successfully created the battle!' });
    return String((await created)[0]);
  }
  const detail = async (id: string) =>
    (await server.api<BattleDetail>('POST', '/api/battles/game', { gameId: id })).body;

  it('a 1v1 against a bot plays to the end from the committed seed and the block, and pays the winner', async () => {
    const u = await kit.player(10_000);
    const sock = await server.socket('battles', u.token);
    const watcher = await server.socket('battles');
    const seen = kit.record(watcher);
    const id = await create(sock, ['starter-crate', 'inferno'], 'standard', '1v1');
    expect(await kit.balance(u.id)).toBe(10_000 - 1_100);

    const before = await detail(id);
    expect(before).toMatchObject({
      status: 1,
      price: 11,
      gameType: 1,
      playerCount: 2,
      serverSeed: null,
      blockHash: null,
    });
    expect(before.players[1]).toEqual({ id: null, username: null, pfp: null });
    expect(before.cases.map((c) => c.items?.length ?? 0).every((n) => n > 0)).toBe(true);
    const list = await server.api<BattleSummary[]>('GET', '/api/battles');
    expect(list.body.some((b) => b.id === id && b.status === 1)).toBe(true);

    expect(await kit.ask(sock, 'battles:callbot', id, 1)).toEqual({
      ok: true,
      message: 'A bot has joined the battle!',
    });
    await kit.runUntil(() => seen.some((e) => e.event === 'battles:finished'));

    const names = seen.map((e) => e.event);
    expect(names).toEqual([
      'battles:new',
      'battles:join',
      'battles:expose',
      'battles:start',
      'battles:round',
      'battles:round',
      'battles:finished',
    ]);
    const at = (name: string, k = 0) => seen.filter((e) => e.event === name)[k]?.at ?? Number.NaN;
    const [joined] = seen
      .filter((e) => e.event === 'battles:join')
      .map((e) => e.args[0] as { newPlayers: unknown[] });
    expect(joined?.newPlayers[1]).toMatchObject({ id: 'bot', username: 'Bot #2' });
    // the server seed stays secret until every seat is taken and the block is fixed: battles:start reveals it
    const after = await detail(id);
    const secret = after.serverSeed ?? '';
    expect(sha256Hex(secret)).toBe(before.serverSeedHash);
    const started = seen.findIndex((e) => e.event === 'battles:start');
    for (const e of seen.slice(0, started)) expect(JSON.stringify(e.args)).not.toContain(secret);

    const blockHash = after.blockHash ?? '';
    expect(seen[started]?.args[0]).toEqual({ battleId: id, blockHash, serverSeed: secret });
    expect(seen.find((e) => e.event === 'battles:expose')?.args[0]).toEqual({
      battleId: id,
      blockNumber: after.blockNumber,
    });
    const rounds = seen.filter((e) => e.event === 'battles:round').map((e) => e.args[0] as BattleRoundEvent);
    const seeds = { serverSeed: secret, blockId: blockHash };
    rounds.forEach((r, k) => {
      expect(r.caseNumber).toBe(k);
      expect(r.img.length).toBeGreaterThan(0);
      expect(r.result.map((drop) => drop.result)).toEqual(
        [1, 2].map((seat) => battleTicket(seeds, k + 1, seat)),
      );
    });
    expect(after.casesRoundResults).toEqual(rounds.map((r) => r.result));
    // timings: round 1 after the start delay, rounds 5 s apart, the finish after the last reveal
    expect(at('battles:round') - at('battles:start')).toBeGreaterThanOrEqual(
      BATTLE_TIMING.startDelayMs - 300,
    );
    expect(
      Math.abs(at('battles:round', 1) - at('battles:round') - BATTLE_TIMING.roundMs),
    ).toBeLessThanOrEqual(300);
    expect(at('battles:finished') - at('battles:round', 1)).toBeGreaterThanOrEqual(
      BATTLE_TIMING.finishDelayMs - 300,
    );

    const totals = [0, 1].map((i) =>
      rounds.reduce((s, r) => s + Math.round((r.result[i] as BattleDrop).item.price * 100), 0),
    );
    const outcome = battleResult(seeds, totals, { crazy: false, teams: false });
    const win = seen.at(-1)?.args[0] as BattleWin;
    expect(win).toMatchObject({
      battleId: id,
      winningTeam: outcome.winner,
      pc: 2,
      bt: 1,
      isEqual: outcome.tied.length > 1,
    });
    const creatorWins = outcome.tied.includes(1);
    const share = outcome.tied.length > 1 ? 1_100 : 2_200;
    expect(await kit.balance(u.id)).toBe(10_000 - 1_100 + (creatorWins ? share : 0));
    expect(after).toMatchObject({ status: 3, win });
    expect(await findLedgerMismatches(kit.ctx().db)).toEqual([]);
    const bet = await kit
      .ctx()
      .db.selectFrom('bets')
      .select(['id', 'status', 'payout'])
      .where('game', '=', 'battles')
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(bet).toEqual({ id: bet.id, status: 'settled', payout: creatorWins ? share : 0 });
    // the stake settled when the battle finished: its rake accrued then, once
    expect(await accrualsOf(kit.ctx(), u.id)).toEqual([
      expect.objectContaining({
        stake_key: `bet:${bet.id}`,
        refund_key: `bet_refund:${bet.id}`,
        stake: 1_100,
      }),
    ]);
    expect(await findRakeViolations(kit.ctx().db)).toEqual([]);
    expect((await server.api<BattleSummary[]>('GET', '/api/battles')).body.some((b) => b.id === id)).toBe(
      false,
    );

    // npm run verify -- <battle bet id> (issue 28 item 8): the battle's public seeds, never a client
    // seed to rotate; the items and the winner named as the browser's verifier does
    const url = kit.ctx().config.DATABASE_URL;
    if (url) {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'apps/server/src/tools/verify.ts', String(bet.id)],
        { env: { ...process.env, DATABASE_URL: url } },
      );
      expect(stdout).not.toMatch(/client seed to reveal|Change your client seed/);
      expect(stdout).toContain(`EOS Block Hash  ${blockHash}`);
      const drop = (r: number, seat: number) => ((rounds[r]?.result ?? [])[seat - 1] as BattleDrop).item;
      expect(stdout).toContain(`Round 1 · ${before.cases[0]?.name}`);
      expect(stdout).toContain(`${drop(0, 1).name} ${drop(0, 1).price.toFixed(2)}`);
      expect(stdout).toContain(`${drop(1, 2).name} ${drop(1, 2).price.toFixed(2)}`);
      expect(stdout).toMatch(/Battle winner +(Tie, pot split: )?Seat \d/);
      expect(stdout).toContain("OK: seat 1's total re-derives from the battle's seeds");
    }
  });

  it('2v2 crazy: the lowest team total wins and each winning seat gets half the pot; bots keep nothing', async () => {
    const a = await kit.player(10_000);
    const b = await kit.player(10_000);
    const sa = await server.socket('battles', a.token);
    const sb = await server.socket('battles', b.token);
    const seen = kit.record(sa);
    const id = await create(sa, ['frostbite'], 'crazy', '2v2');
    expect((await kit.ask(sb, 'battles:join', id, 2)).ok).toBe(true);
    expect((await kit.ask(sa, 'battles:callbot', id, 1)).ok).toBe(true);
    expect((await kit.ask(sa, 'battles:callbot', id, 3)).ok).toBe(true);
    await kit.runUntil(() => seen.some((e) => e.event === 'battles:finished'));
    const d = await detail(id);
    const seeds = { serverSeed: d.serverSeed ?? '', blockId: d.blockHash ?? '' };
    const items = d.cases[0]?.items ?? [];
    const totals = [1, 2, 3, 4].map((seat) =>
      Math.round(itemForTicket(items, battleTicket(seeds, 1, seat)).price * 100),
    );
    const r = battleResult(seeds, totals, { crazy: true, teams: true });
    const perSide = Math.floor(2_000 / r.tied.length);
    const paid = (seat: number) => (r.tied.includes(seat <= 2 ? 1 : 2) ? perSide / 2 : 0);
    expect(await kit.balance(a.id)).toBe(10_000 - 500 + paid(1));
    expect(await kit.balance(b.id)).toBe(10_000 - 500 + paid(3));
    expect(d.win).toMatchObject({ bt: 4, pc: 4, winAmount: perSide / 200 });
    expect(await findLedgerMismatches(kit.ctx().db)).toEqual([]);
  });

  it('races: two players for the last seat, one player joining twice, joining without funds', async () => {
    const [a, b, c, poor] = await Promise.all([
      kit.player(5_000),
      kit.player(5_000),
      kit.player(5_000),
      kit.player(50),
    ]);
    const [sa, sb, sc, sp] = await Promise.all([a, b, c, poor].map((p) => server.socket('battles', p.token)));
    if (!sa || !sb || !sc || !sp) throw new Error('sockets');
    const duel = await create(sa, ['starter-crate'], 'standard', '1v1');
    const [rb, rc] = await Promise.all([
      kit.ask(sb, 'battles:join', duel, 1),
      kit.ask(sc, 'battles:join', duel, 1),
    ]);
    expect([rb.ok, rc.ok].filter(Boolean)).toHaveLength(1);
    expect([rb, rc].find((x) => !x.ok)?.message).toMatch(
      /^(This battle has already started\.|This seat is already taken\.)$/,
    );
    expect((await kit.balance(b.id)) + (await kit.balance(c.id))).toBe(10_000 - 100);

    const threeWay = await create(sa, ['starter-crate'], 'standard', '1v1v1');
    const sb2 = await server.socket('battles', b.token);
    const twice = await Promise.all([
      kit.ask(sb, 'battles:join', threeWay, 1),
      kit.ask(sb2, 'battles:join', threeWay, 2),
    ]);
    expect(twice.filter((x) => x.ok)).toHaveLength(1);
    expect(twice.find((x) => !x.ok)?.message).toMatch(
      /^(You have already joined this battle\.|This seat is already taken\.)$/,
    );
    expect(await kit.balance(b.id)).toBe(5_000 - (rb.ok ? 100 : 0) - 100);

    // whichever of B's two joins won, one seat is still free: the poor player tries that one
    const free = (await detail(threeWay)).players.findIndex((p) => p.id === null);
    expect(await kit.ask(sp, 'battles:join', threeWay, free)).toEqual({
      ok: false,
      message: "You don't have enough balance.",
    });
    expect(await kit.balance(poor.id)).toBe(50);
    const d = await detail(threeWay);
    expect(d.players.filter((p) => p.id !== null)).toHaveLength(2);
    expect(d.status).toBe(1);

    const refusals: Array<[Socket, string, unknown[], string]> = [
      [sp, 'battles:join', ['0123456789abcdef01234567', 1], 'Battle not found.'],
      [sp, 'battles:callbot', [threeWay, 2], 'Only the battle creator can call bots.'],
      [sa, 'battles:callbot', [threeWay, 3], 'Invalid seat.'],
      [sc, 'battles:join', [threeWay, 0], 'This seat is already taken.'],
      [sa, 'battles:join', [threeWay, 2], 'You have already joined this battle.'],
      [sp, 'battles:join', ['zz', 1], 'Battle not found.'],
      [sp, 'battles:join', [threeWay, 9], 'Invalid seat.'],
    ];
    for (const [s, event, args, message] of refusals)
      expect(await kit.ask(s, event, ...args)).toEqual({ ok: false, message });
    expect(await findLedgerMismatches(kit.ctx().db)).toEqual([]);
  });

  it('create: re-priced from the catalogue, bad input refused, the battles control, the open-battle cap', async () => {
    const u = await kit.player(100_000);
    const s = await server.socket('battles', u.token);
    const cases: Array<[unknown[], string]> = [
      [[[], 'standard', '1v1'], 'Please add at least one case.'],
      [[['no-such-case'], 'standard', '1v1'], 'One of these cases is not available.'],
      [[['daily'], 'standard', '1v1'], 'One of these cases is not available.'],
      [[['starter-crate'], 'weird', '1v1'], 'Unknown battle type.'],
      [[['starter-crate'], 'standard', '5v5'], 'Unknown battle mode.'],
      [[Array(51).fill('starter-crate'), 'standard', '1v1'], 'A battle has at most 50 cases.'],
      [
        [['mount-olympus', 'mount-olympus', 'mount-olympus'], 'standard', '1v1'],
        "You don't have enough balance.",
      ],
    ];
    for (const [args, message] of cases)
      expect(await kit.ask(s, 'battles:create', ...args)).toEqual({ ok: false, message });
    expect(await kit.balance(u.id)).toBe(100_000);

    await kit.ctx().controls.toggle('battles');
    expect(await kit.ask(s, 'battles:create', ['starter-crate'], 'standard', '1v1')).toEqual({
      ok: false,
      message: 'Battles is currently disabled.',
    });
    await kit.ctx().controls.toggle('battles');

    const anon = await server.socket('battles');
    expect(await kit.ask(anon, 'battles:create', ['starter-crate'], 'standard', '1v1')).toEqual({
      ok: false,
      message: 'Please log in to play!',
    });
    for (let i = 0; i < 10; i++) await create(s, ['penny-pusher'], 'standard', '1v1');
    expect(await kit.ask(s, 'battles:create', ['penny-pusher'], 'standard', '1v1')).toEqual({
      ok: false,
      message: 'You can have at most 10 open battles.',
    });
    expect(await kit.balance(u.id)).toBe(100_000 - 250);
  });

  it('refunds exactly once: a block that never arrives, a battle nobody joins', async () => {
    setBeaconForTests(kit.ctx(), { headBlock: async () => 1_000, irreversibleBlockId: async () => null });
    try {
      const u = await kit.player(5_000);
      const affiliate = await kit.player(0);
      await supportAffiliate(server, u.token, affiliate.username); // +0.25
      // neither refund below may leave rakeback, affiliate money or wager behind (issue 9)
      const rake = await rakeStateOf(kit.ctx(), u.id);
      const s = await server.socket('battles', u.token);
      const seen = kit.record(s);
      const stuck = await create(s, ['starter-crate'], 'standard', '1v1');
      await kit.ask(s, 'battles:callbot', stuck, 1);
      await kit.runUntil(() => seen.some((e) => e.event === 'battles:expose'));
      // as if the battle had waited for its block all this time (other loops share the fake clock,
      // so the test moves the battle back rather than the clock forward)
      await kit
        .ctx()
        .db.updateTable('battles')
        .set((eb) => ({ locked_ms: eb('locked_ms', '-', BATTLE_TIMING.blockWaitLimitMs) }))
        .where('id', '=', stuck)
        .execute();
      await kit.runUntil(() => seen.some((e) => e.event === 'battles:finished'));
      expect(seen.find((e) => e.event === 'battles:finished')?.args[0]).toMatchObject({
        battleId: stuck,
        refunded: true,
      });
      expect(await kit.balance(u.id)).toBe(5_025);
      expect((await detail(stuck)).status).toBe(4);
      expect(await rakeStateOf(kit.ctx(), u.id)).toEqual(rake);

      const lonely = await create(s, ['starter-crate'], 'standard', '1v1v1');
      await kit
        .ctx()
        .db.updateTable('battles')
        .set((eb) => ({ created_ms: eb('created_ms', '-', BATTLE_TIMING.waitingLimitMs) }))
        .where('id', '=', lonely)
        .execute();
      const refunded = (id: string) => (e: { event: string; args: unknown[] }) =>
        e.event === 'battles:finished' && (e.args[0] as { battleId?: string }).battleId === id;
      await kit.runUntil(() => seen.some(refunded(lonely)));
      await kit.run(5_000, 1_000);
      expect(await kit.balance(u.id)).toBe(5_025);
      expect(await rakeStateOf(kit.ctx(), u.id)).toEqual(rake);
      expect(await accrualsOf(kit.ctx(), u.id)).toEqual([]);
      const refunds = await kit
        .ctx()
        .db.selectFrom('ledger_entries')
        .select('kind')
        .where('user_id', '=', u.id)
        .where('kind', '=', 'bet_refund')
        .execute();
      expect(refunds).toHaveLength(2);
      expect((await detail(lonely)).status).toBe(4);
      expect(await kit.ask(s, 'battles:callbot', lonely, 1)).toEqual({
        ok: false,
        message: 'This battle has already started.',
      });
      expect(await findLedgerMismatches(kit.ctx().db)).toEqual([]);
      expect(await findRakeViolations(kit.ctx().db)).toEqual([]);
    } finally {
      setBeaconForTests(kit.ctx(), createBeacon(kit.ctx()));
    }
  });
});
