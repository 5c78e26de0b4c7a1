import { createHash, createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import {
  type ChatHistory,
  chatHistorySchema,
  type GiveawayState,
  giveawayStateSchema,
} from '@coinsite/shared';
import { GIVEAWAY_TEXT, giveawayText } from '@coinsite/shared/schemas/giveaway';
import { sql } from 'kysely';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceOf,
  driveUntil,
  eventually,
  fundedPlayer,
  type Player,
  record,
  startQuietServer,
} from '../games/rounds/round-test-kit.ts';
import type { ManualClock } from '../platform/clock.ts';
import type { Ctx } from '../platform/context.ts';
import { findLedgerMismatches } from '../platform/ledger.ts';
import { inTransaction } from '../platform/tx.ts';
import { DB_KINDS, type TestServer } from '../test-support/server.ts';
import type { GiveawayLoop } from './giveaway.loop.ts';
import { giveawayLoopOf } from './giveaway.module.ts';
import { type Beacon, createBeacon, setBeaconForTests } from '../integrations/eos/beacon.ts';
import { blockNumberPrefix, isIdOfBlock } from '../integrations/eos/block-id.ts';
import { rpcBeacon } from '../integrations/eos/rpc-beacon.ts';
import { GIVEAWAY_BEACON_GIVE_UP_MS } from './giveaway.loop.ts';
import { drawGiveaway } from './giveaway.service.ts';

process.env.ROUND_CHAIN_LENGTH = '20';

const CREATE = '/api/external/v1/giveaway/create';
const DAY = 24 * 60 * 60_000;
let keySeq = 0;

/**
 * A player who staked `coins` (a ledger 'bet' row), `daysAgo` days before the clock's now. The row
 * is written as the wallet would, but with its time on the test's clock (the ledger is append-only).
 */
async function bettor(ctx: Ctx, coins: number, daysAgo = 0): Promise<Player> {
  const p = await fundedPlayer(ctx, coins);
  if (coins > 0) {
    const at = new Date(ctx.clock.now() - daysAgo * DAY);
    await inTransaction(ctx.db, async (unit) => {
      await sql`UPDATE users SET balance = balance - ${coins * 100}, wager = wager + ${coins * 100}
        WHERE id = ${p.id}`.execute(unit.tx);
      await sql`INSERT INTO ledger_entries (user_id, delta, balance_after, kind, idempotency_key, created_at)
        SELECT id, ${-coins * 100}, balance, 'bet', ${`test-bet:${process.pid}:${keySeq++}`}, ${at}
        FROM users WHERE id = ${p.id}`.execute(unit.tx);
    });
  }
  return p;
}

/** The verifier's own computation, written from docs/decisions/chat.md without the server's code. */
function verify(g: GiveawayState): string {
  const seed = g.serverSeed as string;
  expect(createHash('sha256').update(seed).digest('hex')).toBe(g.serverSeedHash);
  const pub = createHash('sha256')
    .update(`${g._id}:${g.players.join(',')}`)
    .digest('hex');
  expect(g.publicSeed).toBe(pub);
  const hmac = createHmac('sha256', seed).update(pub).digest('hex');
  const index = Number(BigInt(`0x${hmac.slice(0, 13)}`) % BigInt(g.players.length));
  expect(g.winnerIndex).toBe(index);
  return g.players[index] as string;
}

function joinOnce(s: Socket, id: string): Promise<{ ok: boolean; text: string }> {
  return new Promise((resolve) => {
    const ok = (text: string) => done(true, text);
    const err = (text: string) => done(false, text);
    function done(success: boolean, text: string) {
      s.off('giveaway-join-success', ok);
      s.off('giveaway-join-error', err);
      resolve({ ok: success, text });
    }
    s.on('giveaway-join-success', ok);
    s.on('giveaway-join-error', err);
    s.emit('join-giveaway', id);
  });
}

describe.each(DB_KINDS)('giveaways on %s', (db) => {
  let server: TestServer;
  let clock: ManualClock;
  let loop: GiveawayLoop;
  let admin: Player;
  const ctx = () => server.site.ctx;
  const history = async () =>
    chatHistorySchema.parse((await server.api<ChatHistory>('GET', '/api/chat/history')).body);

  beforeAll(async () => {
    ({ server, clock } = await startQuietServer(db, { keep: ['giveaway'] }));
    loop = giveawayLoopOf(ctx()) as GiveawayLoop;
    admin = await fundedPlayer(ctx(), 0);
    await ctx().db.updateTable('users').set({ rank: 5 }).where('id', '=', admin.id).execute();
  });
  afterAll(() => server?.close());

  it('non-admins get 403, bad bodies 400 with a sentence', async () => {
    const p = await fundedPlayer(ctx(), 0);
    const body = { prize: 10, durationMinutes: 5, minWager: 0 };
    expect((await server.api('PUT', CREATE, body)).status).toBe(401);
    expect((await server.api('PUT', CREATE, body, p.token)).status).toBe(403);
    const bad: Array<[unknown, string]> = [
      [{ ...body, prize: 0 }, 'Prize must be at least 0.01.'],
      [{ ...body, prize: -1 }, 'Amount cannot be negative.'],
      [{ ...body, prize: 'ten' }, 'Amount must be a number.'],
      [{ ...body, durationMinutes: 0 }, 'Duration must be at least 1 minute.'],
      [{ ...body, durationMinutes: 1.5 }, 'Duration must be a whole number of minutes.'],
      [{ ...body, durationMinutes: [5] }, 'Duration must be a number.'],
      [{ ...body, minWager: -5 }, 'Amount cannot be negative.'],
      ['nope', 'Invalid request.'],
    ];
    for (const [b, error] of bad) {
      const res = await server.api<{ error: string }>('PUT', CREATE, b, admin.token);
      expect(res.status, JSON.stringify(b)).toBe(400);
      expect(res.body.error).toBe(error);
    }
    expect((await history()).giveaway).toBeNull();
  });

  it('the entry rule, one entry per account under a race, a reproducible draw paid exactly once', async () => {
    await loop.stop();
    const guest = await server.socket('chat');
    const seen = record(guest);
    const created = await server.api<GiveawayState>(
      'PUT',
      CREATE,
      { prize: '25.50', durationMinutes: '10', minWager: 50 },
      admin.token,
    );
    expect(created.status).toBe(200);
    const g = giveawayStateSchema.parse(created.body);
    expect(g).toMatchObject({ active: true, prize: 25.5, timeLeft: 600_000, minWager: 50, players: [] });
    expect(g.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(g.serverSeed).toBeNull();
    const again = await server.api<{ error: string }>(
      'PUT',
      CREATE,
      { prize: 1, durationMinutes: 1 },
      admin.token,
    );
    expect(again).toMatchObject({ status: 400, body: { error: GIVEAWAY_TEXT.alreadyRunning } });
    const audit = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM admin_audit_log WHERE action = 'giveaway-create' AND target = ${g._id}`.execute(
      ctx().db,
    );
    expect(audit.rows[0]?.n).toBe(1);

    // the rule: 50 coins wagered in the last 7 days
    const [poor, stale, refunded] = [
      await bettor(ctx(), 49),
      await bettor(ctx(), 500, 8),
      await bettor(ctx(), 60),
    ];
    await inTransaction(ctx().db, (unit) =>
      ctx().wallet.apply(unit, {
        userId: refunded.id,
        delta: 2000,
        kind: 'bet_refund',
        idempotencyKey: `r:${refunded.id}`,
      }),
    );
    for (const p of [poor, stale, refunded]) {
      const s = await server.socket('chat', p.token);
      expect(await joinOnce(s, g._id)).toEqual({ ok: false, text: giveawayText.wagerRequired(5000) });
      s.disconnect();
    }
    expect(await joinOnce(guest, g._id)).toEqual({ ok: false, text: GIVEAWAY_TEXT.signIn });

    // eligible players; one of them sends 10 joins at once over two sockets
    const players = await Promise.all(Array.from({ length: 6 }, (_, i) => bettor(ctx(), 50 + i, i)));
    const racer = players[0] as Player;
    // ten sockets (a socket's events closer than 10 ms apart are dropped by the flood guard)
    const racerSockets = await Promise.all(
      Array.from({ length: 10 }, () => server.socket('chat', racer.token)),
    );
    const racerSeen = racerSockets.map(record);
    for (const s of racerSockets) s.emit('join-giveaway', g._id);
    const answers = () => racerSeen.flat().filter((e) => e.event.startsWith('giveaway-join-'));
    await eventually(() => answers().length === 10);
    expect(answers().filter((e) => e.event === 'giveaway-join-success')).toHaveLength(1);
    expect(
      answers()
        .filter((e) => e.event === 'giveaway-join-error')
        .map((e) => e.args[0]),
    ).toEqual(Array(9).fill(GIVEAWAY_TEXT.alreadyJoined));
    for (const p of players.slice(1)) {
      const s = await server.socket('chat', p.token);
      expect(await joinOnce(s, g._id)).toEqual({ ok: true, text: GIVEAWAY_TEXT.joined });
      s.disconnect();
    }
    const live = (await history()).giveaway as GiveawayState;
    expect(live.players).toHaveLength(6);
    expect([...live.players].sort()).toEqual(players.map((p) => String(p.id)).sort());
    expect(live.serverSeed).toBeNull();
    await eventually(() =>
      seen.some(
        (e) => e.event === 'giveaway-state-changed' && (e.args[0] as GiveawayState).players.length === 6,
      ),
    );
    expect(await joinOnce(racerSockets[0] as Socket, '999999')).toEqual({
      ok: false,
      text: GIVEAWAY_TEXT.notRunning,
    });

    // not drawn before its end; then three draws at once pay once
    expect(await drawGiveaway(ctx(), Number(g._id))).toBe(false);
    await clock.advance(600_000);
    const late = await server.socket('chat', (await bettor(ctx(), 100)).token);
    expect(await joinOnce(late, g._id)).toEqual({ ok: false, text: GIVEAWAY_TEXT.notRunning });
    const draws = await Promise.all([1, 2, 3].map(() => drawGiveaway(ctx(), Number(g._id))));
    expect(draws.filter(Boolean)).toHaveLength(1);
    loop.start();
    await loop.idle();
    expect(await drawGiveaway(ctx(), Number(g._id))).toBe(false);

    const result = (await history()).giveaway as GiveawayState;
    expect(result.active).toBe(false);
    expect(result.players).toEqual(live.players);
    const winnerId = verify(result);
    expect(result.winner?.id).toBe(winnerId);
    const winner = players.find((p) => String(p.id) === winnerId) as Player;
    expect(await balanceOf(ctx(), winner.id)).toBe(2550);
    for (const p of players) if (p !== winner) expect(await balanceOf(ctx(), p.id)).toBe(0);
    const ledger = await sql<{ n: number; total: number }>`
      SELECT count(*)::int AS n, sum(delta)::int AS total FROM ledger_entries WHERE kind = 'giveaway'`.execute(
      ctx().db,
    );
    expect(ledger.rows[0]).toEqual({ n: 1, total: 2550 });
    await eventually(() => seen.some((e) => e.event === 'notification'));
    expect(seen.filter((e) => e.event === 'notification').map((e) => e.args[0])).toEqual([
      giveawayText.won(winner.username, 2550),
    ]);
    expect(
      seen.some(
        (e) => e.event === 'giveaway-state-changed' && (e.args[0] as GiveawayState).serverSeed !== null,
      ),
    ).toBe(true);
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
    for (const s of [guest, late, ...racerSockets]) s.disconnect();
  });

  it('the leader draws on time; a giveaway with no entries ends with no payout', async () => {
    await clock.advance(10 * 60_000); // the last result is no longer shown
    expect((await history()).giveaway).toBeNull();
    const guest = await server.socket('chat');
    const seen = record(guest);
    const res = await server.api<GiveawayState>('PUT', CREATE, { prize: 5, durationMinutes: 2 }, admin.token);
    expect(res.status).toBe(200);
    await driveUntil(clock, loop, async () => (await history()).giveaway?.active === false, 200_000, 5000);
    const g = (await history()).giveaway as GiveawayState;
    expect(g).toMatchObject({ players: [], winner: null, winnerIndex: null });
    expect(
      createHash('sha256')
        .update(g.serverSeed as string)
        .digest('hex'),
    ).toBe(g.serverSeedHash);
    await eventually(() => seen.some((e) => e.event === 'notification'));
    expect(seen.find((e) => e.event === 'notification')?.args).toEqual([GIVEAWAY_TEXT.noEntries]);
    const ledger = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ledger_entries WHERE kind = 'giveaway'`.execute(ctx().db);
    expect(ledger.rows[0]?.n).toBe(1);
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
    guest.disconnect();
  });

  /** A giveaway one player has joined, then driven by the leader's loop until it is drawn. */
  async function playOne(
    stepMs = 250,
  ): Promise<{ g: GiveawayState; p: Player; seen: ReturnType<typeof record> }> {
    await clock.advance(10 * 60_000); // the last result is no longer shown
    const p = await fundedPlayer(ctx(), 0);
    const res = await server.api<GiveawayState>('PUT', CREATE, { prize: 3, durationMinutes: 1 }, admin.token);
    expect(res.status).toBe(200);
    const s = await server.socket('chat', p.token);
    const seen = record(s);
    expect((await joinOnce(s, res.body._id)).ok).toBe(true);
    await driveUntil(clock, loop, async () => (await history()).giveaway?.active === false, 600_000, stepMs);
    s.disconnect();
    return { g: giveawayStateSchema.parse((await history()).giveaway), p, seen };
  }

  /** The winner as a verifier computes it from the revealed values (docs/decisions/chat.md). */
  function winnerOf(g: GiveawayState): string {
    const seed = g.serverSeed as string;
    expect(createHash('sha256').update(seed).digest('hex')).toBe(g.serverSeedHash);
    const hmac = createHmac('sha256', seed)
      .update(g.publicSeed as string)
      .digest('hex');
    return g.players[Number(BigInt(`0x${hmac.slice(0, 13)}`) % BigInt(g.players.length))] as string;
  }

  it('the public value is the id of an EOS block fixed when entries close (sandbox beacon)', async () => {
    const { g, p, seen } = await playOne();
    expect(g.publicSource).toBe('eos');
    const block = g.blockNumber as number;
    expect(block).toBeGreaterThan(0);
    expect(isIdOfBlock(g.publicSeed as string, block)).toBe(true);
    // the sandbox chain's stored id of that block, the one every node would read
    const stored = await sql<{ block_id: string }>`
      SELECT block_id FROM eos_sandbox_blocks WHERE block_num = ${block}`.execute(ctx().db);
    expect(g.publicSeed).toBe(stored.rows[0]?.block_id);
    // players saw the block fixed (waiting for it) before anything was revealed
    const waiting = seen
      .filter((e) => e.event === 'giveaway-state-changed')
      .map((e) => e.args[0] as GiveawayState)
      .find((x) => x.blockNumber === block && x.publicSeed === null && x.serverSeed === null);
    expect(waiting).toBeDefined();
    expect(winnerOf(g)).toBe(String(p.id));
    expect(await balanceOf(ctx(), p.id)).toBe(300);
  });

  it('the EOS chain API adapter (get_info, get_block over HTTP) takes the same path', async () => {
    // a chain API on a local port: the head moves on at every get_info, two blocks to finality
    let head = 400_000_000;
    const calls: string[] = [];
    const idOf = (n: number) =>
      blockNumberPrefix(n) + createHash('sha256').update(`fake-eos-${n}`).digest('hex').slice(0, 56);
    const chain: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        calls.push(req.url ?? '');
        res.setHeader('content-type', 'application/json');
        if (req.url === '/v1/chain/get_info') {
          head += 1;
          const lib = head - 2;
          res.end(JSON.stringify({ head_block_num: head, last_irreversible_block_num: lib }));
        } else if (req.url === '/v1/chain/get_block') {
          const n = Number((JSON.parse(body) as { block_num_or_id: number }).block_num_or_id);
          res.end(JSON.stringify({ id: idOf(n), block_num: n }));
        } else {
          res.statusCode = 404;
          res.end('{}');
        }
      });
    });
    await new Promise<void>((r) => chain.listen(0, '127.0.0.1', r));
    const addr = chain.address();
    const port = typeof addr === 'object' && addr ? addr.port : 0;
    setBeaconForTests(ctx(), rpcBeacon({ url: `http://127.0.0.1:${port}/`, infoTtlMs: 0 }));
    try {
      const startHead = head;
      const { g, p } = await playOne();
      expect(g.publicSource).toBe('eos');
      const block = g.blockNumber as number;
      expect(block).toBeGreaterThan(startHead);
      expect(g.publicSeed).toBe(idOf(block));
      expect(calls).toContain('/v1/chain/get_info');
      expect(calls).toContain('/v1/chain/get_block');
      expect(winnerOf(g)).toBe(String(p.id));
    } finally {
      setBeaconForTests(ctx(), createBeacon(ctx()));
      await new Promise((r) => chain.close(r));
    }
  });

  it('when the beacon stays away, the draw falls back to the SHA-256 of the entry list', async () => {
    const down: Beacon = {
      headBlock: () => Promise.reject(new Error('EOS endpoint down')),
      irreversibleBlockId: () => Promise.reject(new Error('EOS endpoint down')),
    };
    setBeaconForTests(ctx(), down);
    try {
      const { g, p } = await playOne(10_000);
      expect(g.publicSource).toBe('entries');
      expect(g.blockNumber).toBeNull();
      expect(verify(g)).toBe(String(p.id));
      const drawn = await sql<{ drawn_at: string; ends_at: string }>`
        SELECT drawn_at, ends_at FROM giveaways WHERE id = ${Number(g._id)}`.execute(ctx().db);
      const row = drawn.rows[0];
      expect(Number(row?.drawn_at) - Number(row?.ends_at)).toBeGreaterThanOrEqual(GIVEAWAY_BEACON_GIVE_UP_MS);
    } finally {
      setBeaconForTests(ctx(), createBeacon(ctx()));
    }
  });
});
