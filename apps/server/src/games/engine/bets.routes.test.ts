import { diceRoll, verifyOutcome } from '@coinsite/shared/fairness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/tx.ts';
import { DB_KINDS, nextEvent, spaced, startServer, type TestServer } from '../../test-support/server.ts';

interface BetDetails {
  id: string;
  game: string;
  amount: number;
  payout: number;
  outcome: { roll: number; target: number; win: boolean; edgePct: number } | null;
  seeds: { serverSeedHash: string; serverSeed: string | null; clientSeed: string; nonce: number };
}

describe.each(DB_KINDS)('GET /api/bets/:id on %s', (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ db });
  });
  afterAll(() => server?.close());

  it('never sends an unrevealed server seed; once rotated the seeds reproduce the roll', async () => {
    const ctx = server.site.ctx;
    const u = await server.newUser();
    await inTransaction(ctx.db, (unit) =>
      ctx.wallet.apply(unit, { userId: u.id, delta: 1000, kind: 'admin', idempotencyKey: `fund:${u.id}` }),
    );
    const sock = await server.socket('dice', u.token);
    const res = nextEvent(sock, 'dice:result');
    sock.emit('dice:bet', { amount: 1, rangeData: 50 });
    const [r] = (await res) as [{ betId: string; diceresult: number }];

    const secrets = await ctx.db
      .selectFrom('seed_pairs')
      .select(['server_seed', 'status'])
      .where('user_id', '=', u.id)
      .execute();
    expect(secrets.length).toBeGreaterThan(0);

    // anyone may open a bet by its id (shareable), the owner or not, signed in or not
    const other = await server.newUser();
    for (const token of [u.token, other.token, undefined]) {
      const got = await server.api<BetDetails>('GET', `/api/bets/${r.betId}`, undefined, token);
      expect(got.status).toBe(200);
      expect(got.body.seeds.serverSeed).toBeNull();
      const text = JSON.stringify(got.body);
      for (const s of secrets) expect(text).not.toContain(s.server_seed);
    }

    const rot = await server.api(
      'POST',
      '/api/provably-fair/update-seed',
      { newClientSeed: 'fresh' },
      u.token,
    );
    expect(rot.status).toBe(200);
    const after = await server.api<BetDetails>('GET', `/api/bets/${r.betId}`, undefined, other.token);
    const { seeds, outcome } = after.body;
    if (!seeds.serverSeed || !outcome) throw new Error('the rotated pair should be revealed');
    expect(diceRoll({ serverSeed: seeds.serverSeed, clientSeed: seeds.clientSeed, nonce: seeds.nonce })).toBe(
      Math.round(r.diceresult * 100),
    );
    const lines = verifyOutcome({
      game: 'dice',
      serverSeed: seeds.serverSeed,
      clientSeed: seeds.clientSeed,
      nonce: seeds.nonce,
      target: outcome.target / 100,
      edgePct: outcome.edgePct,
    });
    expect(lines.find((l) => l.label === 'Roll')?.value).toBe(r.diceresult.toFixed(2));

    for (const bad of ['abc', '-1', '1'.repeat(30), '0x10']) {
      expect((await server.api('GET', `/api/bets/${bad}`)).status).toBe(400);
    }
    expect((await server.api('GET', '/api/bets/999999999')).status).toBe(404);
  });

  it('GET /api/bets/live lists high rollers (stake ≥ 100) and lucky wins (≥ 10×) beside all and mine', async () => {
    const ctx = server.site.ctx;
    const u = await server.newUser();
    await inTransaction(ctx.db, (unit) =>
      ctx.wallet.apply(unit, { userId: u.id, delta: 50_000, kind: 'admin', idempotencyKey: `fund:${u.id}` }),
    );
    const sock = await server.socket('dice', u.token);
    for (const [amount, rangeData] of [
      [150, 90],
      [1, 5],
    ] as const) {
      const res = nextEvent(sock, 'dice:result');
      sock.emit('dice:bet', { amount, rangeData });
      await res;
      await spaced();
    }
    type View = { amount: number; multiplier: number; user: { id: string } };
    const live = await server.api<{ all: View[]; mine: View[]; high: View[]; lucky: View[] }>(
      'GET',
      '/api/bets/live?game=dice',
      undefined,
      u.token,
    );
    expect(live.status).toBe(200);
    expect(live.body.high.some((b) => b.amount === 150)).toBe(true);
    for (const b of live.body.high) expect(b.amount).toBeGreaterThanOrEqual(100);
    for (const b of live.body.lucky) expect(b.multiplier).toBeGreaterThanOrEqual(10);
    expect(live.body.mine.length).toBe(2);
  });
});
