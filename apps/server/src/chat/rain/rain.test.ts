import {
  type ChatHistory,
  chatHistorySchema,
  RAIN_TEXT,
  type RainState,
  rainText,
  type SuspiciousRainJoin,
} from '@coinsite/shared';
import { wagerNeededCents } from '@coinsite/shared/vip';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, adminToken } from '../../economy/rewards/rewards-test-kit.ts';
import { balanceOf, fundedPlayer, type Player, startQuietServer } from '../../games/rounds/round-test-kit.ts';
import type { ManualClock } from '../../platform/clock.ts';
import { findLedgerMismatches } from '../../platform/ledger.ts';
import { DB_KINDS, nextEvent, type TestServer } from '../../test-support/server.ts';
import type { ChatSender } from '../chat.service.ts';
import { rainLoopOf } from './rain.module.ts';
import { closeRain, enterRain, openRain, potOf, tipRain } from './rain.service.ts';

process.env.ROUND_CHAIN_LENGTH = '20';

let ipSeq = 0;
const freshIp = () => `10.1.${Math.floor(ipSeq / 250)}.${ipSeq++ % 250}`;

describe.each(DB_KINDS)('rain on %s', (db) => {
  let server: TestServer;
  let clock: ManualClock;
  const ctx = () => server.site.ctx;
  const loop = () => rainLoopOf(ctx());

  /** Players with a level and wager set directly (fast: 200 of them). */
  async function players(n: number, opts: { level?: number; coins?: number } = {}): Promise<Player[]> {
    const out: Player[] = [];
    for (let i = 0; i < n; i++) out.push(await fundedPlayer(ctx(), opts.coins ?? 0));
    await ctx()
      .db.updateTable('users')
      .set({ wager: Math.max(500, wagerNeededCents(opts.level ?? 2)) })
      .where(
        'id',
        'in',
        out.map((p) => p.id),
      )
      .execute();
    return out;
  }

  const one = async (opts: { level?: number; coins?: number } = {}) => (await players(1, opts))[0] as Player;

  async function current() {
    const rain = await openRain(ctx().db);
    if (!rain) throw new Error('no open rain');
    return rain;
  }

  const sender = async (p: Player): Promise<ChatSender> =>
    ctx()
      .db.selectFrom('users')
      .select(['id', 'username', 'avatar', 'rank', 'wager', 'banned'])
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();

  /** Moves the injected clock to the open rain's join window (no sleeping). */
  async function toWindow(): Promise<number> {
    await loop().idle();
    const rain = await openRain(ctx().db);
    if (!rain) throw new Error('no open rain');
    if (clock.now() < rain.opens_at) await clock.advance(rain.opens_at - clock.now());
    await loop().idle();
    return rain.id;
  }

  async function toClose(): Promise<void> {
    const rain = await openRain(ctx().db);
    if (!rain) throw new Error('no open rain');
    await clock.advance(rain.closes_at - clock.now());
    await loop().idle();
  }

  const paidTo = async (rainId: number) =>
    (
      await ctx()
        .db.selectFrom('ledger_entries')
        .select(['user_id', 'delta'])
        .where('kind', '=', 'rain')
        .where('ref', '=', String(rainId))
        .execute()
    ).map((r) => ({ userId: r.user_id, delta: r.delta }));

  beforeAll(async () => {
    ({ server, clock } = await startQuietServer(db, { env: ADMIN, keep: ['rain'] }));
  });
  afterAll(() => server?.close());

  it('runs every 30 minutes with a 2-minute window; history shows the live RainState', async () => {
    await loop().idle();
    const rain = await openRain(ctx().db);
    expect(rain).toBeDefined();
    expect(rain?.closes_at).toBe(clock.now() + 30 * 60_000);
    expect((rain?.closes_at ?? 0) - (rain?.opens_at ?? 0)).toBe(2 * 60_000);
    const h1 = chatHistorySchema.parse((await server.api<ChatHistory>('GET', '/api/chat/history')).body);
    expect(h1.rain).toMatchObject({ active: true, joinable: false, prize: 200, timeLeftToJoin: 0 });
    const watcher = await server.socket('chat');
    const opened = nextEvent(watcher, 'rain-state-changed');
    await toWindow();
    const [state] = (await opened) as [RainState];
    expect(state).toMatchObject({ active: true, joinable: true, timeLeftToJoin: 2 * 60_000 });
    const h2 = (await server.api<ChatHistory>('GET', '/api/chat/history')).body;
    expect(h2.rain.joinable).toBe(true);
  });

  it('enter-rain over the socket: success, the joiner in players; a second join is refused', async () => {
    await toWindow();
    const p = await one();
    const s = await server.socket('chat', p?.token);
    const ok = nextEvent(s, 'rain-join-success');
    const changed = nextEvent(s, 'rain-state-changed');
    s.emit('enter-rain', 'token');
    expect((await ok)[0]).toBe(RAIN_TEXT.joined);
    expect(((await changed)[0] as RainState).players).toContain(String(p?.id));
    await new Promise((r) => setTimeout(r, 15)); // the socket layer's per-event spacing, not game time
    const err = nextEvent(s, 'rain-join-error');
    s.emit('enter-rain');
    expect((await err)[0]).toBe(RAIN_TEXT.alreadyJoined);
    const bad = nextEvent(s, 'rain-join-error');
    await new Promise((r) => setTimeout(r, 15));
    s.emit('enter-rain', { not: 'a string' });
    expect(typeof (await bad)[0]).toBe('string');
    const guest = await server.socket('chat');
    const guestErr = nextEvent(guest, 'rain-join-error');
    guest.emit('enter-rain');
    expect((await guestErr)[0]).toBe(RAIN_TEXT.signIn);
  });

  it('gates: level (or KYC) and the minimum wager; closed outside the window', async () => {
    await toWindow();
    const low = await one({ coins: 0 });
    await ctx().db.updateTable('users').set({ wager: 0 }).where('id', '=', low?.id).execute();
    await expect(enterRain(ctx(), low?.id, freshIp(), undefined)).rejects.toThrow(rainText.levelRequired(2));
    // KYC waives the level, not the wager
    await ctx().db.insertInto('kyc_verified').values({ user_id: low?.id }).execute();
    await expect(enterRain(ctx(), low?.id, freshIp(), undefined)).rejects.toThrow(
      rainText.wagerRequired(500),
    );
    await ctx().db.updateTable('users').set({ wager: 500 }).where('id', '=', low?.id).execute();
    await enterRain(ctx(), low?.id, freshIp(), undefined);
    // one join per account, also when raced
    const twice = await one();
    const raced = await Promise.allSettled(
      Array.from({ length: 8 }, () => enterRain(ctx(), twice?.id, freshIp(), undefined)),
    );
    expect(raced.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rows = await ctx()
      .db.selectFrom('rain_joins')
      .select('user_id')
      .where('user_id', '=', twice?.id)
      .execute();
    expect(rows).toHaveLength(1);
    await toClose();
    // right after a close the next rain is not joinable yet
    const late = await one();
    await expect(enterRain(ctx(), late?.id, freshIp(), undefined)).rejects.toThrow(RAIN_TEXT.notJoinable);
  });

  it('same-address joins are flagged and listed for admins', async () => {
    const rainId = await toWindow();
    const [a, b] = (await players(2)) as [Player, Player];
    await enterRain(ctx(), a?.id, '192.0.2.77', undefined);
    await enterRain(ctx(), b?.id, '192.0.2.77', undefined);
    const token = await adminToken(server);
    const res = await server.api<SuspiciousRainJoin[]>(
      'GET',
      '/api/external/v1/rain/suspicious',
      undefined,
      token,
    );
    expect(res.status).toBe(200);
    const mine = res.body.filter((r) => r.rainId === String(rainId));
    expect(mine.map((r) => r.userId).sort()).toEqual([String(a?.id), String(b?.id)].sort());
    expect(mine.find((r) => r.userId === String(b?.id))?.sameIpUsers).toEqual([String(a?.id)]);
    const pl = await one();
    const denied = await server.api('GET', '/api/external/v1/rain/suspicious', undefined, pl?.token);
    expect(denied.status).toBeGreaterThanOrEqual(401);
    await toClose();
  });

  it('200 joiners share exactly the pot, once; a second close (failover) pays nothing more', async () => {
    const rainId = await toWindow();
    const joiners = await players(200);
    for (const p of joiners) await enterRain(ctx(), p.id, freshIp(), undefined);
    const pot = potOf(await current());
    await toClose();
    const paid = await paidTo(rainId);
    expect(paid).toHaveLength(200);
    const share = Math.floor(pot / 200);
    expect(paid.every((p) => p.delta === share)).toBe(true);
    const row = await ctx()
      .db.selectFrom('rains')
      .selectAll()
      .where('id', '=', rainId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('paid');
    expect((row.share ?? 0) * 200 + (row.remainder ?? 0)).toBe(pot);
    // the remainder rolls into the next pot
    const next = await current();
    expect(next?.carried).toBe(row.remainder);
    // close again, as a node that took over would, twice at once: nothing more is paid
    const again = await Promise.all([closeRain(ctx(), rainId), closeRain(ctx(), rainId)]);
    expect(again).toEqual([false, false]);
    expect(await paidTo(rainId)).toHaveLength(200);
    for (const p of joiners.slice(0, 5)) expect(await balanceOf(ctx(), p.id)).toBe(share);
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
  });

  it('a leader that stops right at the close and a new one that starts pay once', async () => {
    const rainId = await toWindow();
    const joiners = await players(3);
    for (const p of joiners) await enterRain(ctx(), p.id, freshIp(), undefined);
    const rain = await current();
    // the old leader closes, then loses leadership; a new loop (another node) recovers from the rows
    await loop().stop();
    await clock.advance(rain?.closes_at - clock.now());
    expect(await closeRain(ctx(), rainId)).toBe(true);
    loop().start();
    await loop().idle();
    expect(await closeRain(ctx(), rainId)).toBe(false);
    expect(await paidTo(rainId)).toHaveLength(3);
    const next = await current();
    expect(next?.id).toBeGreaterThan(rainId);
  });

  it('/tip-rain race: parallel tips never overdraw; the pot grows by exactly what was debited', async () => {
    await loop().idle();
    const tipper = await one({ level: 10, coins: 5 });
    const who = await sender(tipper);
    const before = potOf(await current());
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => tipRain(ctx(), who, 100)));
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(5);
    expect(await balanceOf(ctx(), tipper?.id)).toBe(0);
    const after = potOf(await current());
    expect(after - before).toBe(500);
    const tips = await sql<{
      s: number;
    }>`SELECT COALESCE(SUM(-delta), 0)::bigint AS s FROM ledger_entries WHERE user_id = ${tipper?.id} AND kind = 'rain_tip'`.execute(
      ctx().db,
    );
    expect(Number(tips.rows[0]?.s)).toBe(500);
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
    // the level gate and the amount range
    const low = await one({ level: 2, coins: 5 });
    await expect(tipRain(ctx(), await sender(low), 100)).rejects.toThrow(/level 10/);
    await expect(tipRain(ctx(), who, 50)).rejects.toThrow(rainText.tipRange(100, 10000));
  });

  it('/tip-rain through chat: notify-success, rain-update-amount to everyone', async () => {
    await loop().idle();
    const tipper = await one({ level: 10, coins: 10 });
    const s = await server.socket('chat', tipper?.token);
    const guest = await server.socket('chat');
    const pot = potOf(await current());
    // the pot also goes to every socket on connect and after auth (issue 27): wait for the tip's
    const amounts: unknown[] = [];
    const amount = new Promise<void>((resolve) =>
      guest.on('rain-update-amount', (v: unknown) => {
        amounts.push(v);
        if (v === (pot + 250) / 100) resolve();
      }),
    );
    const ok = nextEvent(s, 'notify-success');
    s.emit('send-chat-message', '/tip-rain 2.5');
    expect((await ok)[0]).toBe(rainText.tipped(250));
    await amount;
    expect(amounts.every((v) => v === pot / 100 || v === (pot + 250) / 100)).toBe(true);
  });
});
