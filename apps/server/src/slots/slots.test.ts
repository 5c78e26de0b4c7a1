import { slotPayout, slotSpin } from '@coinsite/shared/fairness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameEdgeBp } from '../economy/wager-hooks.ts';
import { type PpParams, ppSign } from '../integrations/pragmatic/protocol.ts';
import { findLedgerMismatches } from '../platform/ledger.ts';
import { inTransaction } from '../platform/tx.ts';
import { DB_KINDS, startServer, type TestServer } from '../test-support/server.ts';
import { SLOT_EDGE_BP, slotsOf } from './slots.module.ts';

const ADMIN = { email: 'slots-admin@example.com', password: 'admin password 1' };

describe.each(DB_KINDS)('slots (%s)', (db) => {
  let server: TestServer;
  let admin: string;
  let refs = 0;

  beforeAll(async () => {
    server = await startServer({ db, env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
    admin = await server.signIn(ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await server.close();
  });

  const ctx = () => server.site.ctx;
  const ref = () => `ref${Date.now()}x${refs++}`;
  /** An answer with its keys sorted (the stored answer is jsonb, which orders keys its own way). */
  const same = (a: Record<string, unknown>) =>
    JSON.stringify(Object.entries(a).sort(([x], [y]) => x.localeCompare(y)));

  async function credit(userId: number, cents: number) {
    await inTransaction(ctx().db, (unit) =>
      ctx().wallet.apply(unit, {
        userId,
        delta: cents,
        kind: 'admin',
        idempotencyKey: `t:${userId}:${ref()}`,
      }),
    );
  }
  async function balanceOf(userId: number) {
    const row = await ctx()
      .db.selectFrom('users')
      .select('balance')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.balance;
  }

  /** A wallet call as the provider makes it: form-encoded, signed. */
  async function call(method: string, params: PpParams, secret = slotsOf(ctx()).secret) {
    const res = await fetch(`${server.url}/api/callbacks/pragmatic/${method}.html`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(ppSign({ providerId: 'PragmaticPlay', ...params }, secret)).toString(),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  }

  async function launch(token: string, game_code = 'vs20doghouse') {
    return server.api<{ launch_url: string; sandbox: boolean; error?: string }>(
      'POST',
      '/api/mm2/launch-game',
      { provider_code: 'PRAGMATIC', game_type: 'slot', game_code, user_code: 'x', user_balance: 999999 },
      token,
    );
  }

  it('seeds the 353 games and lists the enabled ones 30 at a time, searchable by name', async () => {
    expect(
      Number(
        (
          await ctx()
            .db.selectFrom('slot_games')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(353);
    const first = await server.api<{ games: Array<{ game_code: string; status: number }>; total: number }>(
      'GET',
      '/api/slots',
    );
    expect(first.body.games).toHaveLength(30);
    expect(first.body.total).toBeLessThan(353);
    expect(first.body.games.every((g) => g.status === 1)).toBe(true);
    const next = await server.api<{ games: Array<{ game_code: string }> }>(
      'GET',
      '/api/slots?offset=30&limit=30',
    );
    expect(next.body.games[0]?.game_code).not.toBe(first.body.games[0]?.game_code);
    const search = await server.api<{ games: Array<{ game_name: string }> }>(
      'GET',
      '/api/slots?search=DOG%20house',
    );
    expect(search.body.games.map((g) => g.game_name)).toContain('The Dog House');
    const hidden = await server.api('GET', '/api/slots?search=Jurassic%20Giants');
    expect(hidden.body).toMatchObject({ total: 0 });
    const one = await server.api('GET', '/api/slots/vs20doghouse');
    expect(one.body).toMatchObject({ game_name: 'The Dog House', providerCode: 'PRAGMATIC', status: 1 });
    expect((await server.api('GET', '/api/slots/nope')).status).toBe(404);
    expect((await server.api('GET', '/api/slots?limit=abc')).status).toBe(400);
  });

  it('keeps favourites and recently played games per player', async () => {
    const u = await server.newUser();
    expect((await server.api('GET', '/api/slots?only=favourites')).status).toBe(401);
    await server.api('POST', '/api/slots/vs20rhino/favourite', { favourite: true }, u.token);
    const favs = await server.api<{ games: Array<{ game_code: string; favourite: boolean }> }>(
      'GET',
      '/api/slots?only=favourites',
      undefined,
      u.token,
    );
    expect(favs.body.games).toEqual([expect.objectContaining({ game_code: 'vs20rhino', favourite: true })]);
    await launch(u.token, 'vs40pirate');
    const recent = await server.api<{ games: Array<{ game_code: string }> }>(
      'GET',
      '/api/slots?only=recent',
      undefined,
      u.token,
    );
    expect(recent.body.games.map((g) => g.game_code)).toEqual(['vs40pirate']);
  });

  it('launches for signed-in players only; a disabled game or the slots control off says so', async () => {
    const u = await server.newUser();
    // no session at all (the original client's bare request): a demo, play money (issue 27)
    const anon = await server.api<{ launch_url: string; demo: boolean }>('POST', '/api/mm2/launch-game', {
      game_code: 'vs20doghouse',
    });
    expect(anon.body).toMatchObject({ launch_url: '/sandbox/slots/demo/vs20doghouse', demo: true });
    expect(
      (await server.api('POST', '/api/mm2/launch-game', { game_code: 'vs20doghouse' }, 'stale')).status,
    ).toBe(401);
    const ok = await launch(u.token);
    expect(ok.status).toBe(200);
    expect(ok.body.sandbox).toBe(true);
    expect(ok.body.launch_url).toMatch(/^\/sandbox\/slots\/play\/[a-f0-9]{48}$/);
    const disabled = await launch(u.token, 'vs4096jurassic');
    expect(disabled.body.error).toBe('This game is currently disabled.');
    // admin: disable, reorder
    const off = await server.api('POST', '/api/external/v1/slots/vs5ultrab', { status: 0, sort: -5 }, admin);
    expect(off.body).toMatchObject({ status: 0, sort: -5 });
    expect((await launch(u.token, 'vs5ultrab')).body.error).toBe('This game is currently disabled.');
    await server.api('POST', '/api/external/v1/slots/vs5ultrab', { status: 1 }, admin);
    const list = await server.api<{ games: Array<{ game_code: string }> }>('GET', '/api/slots?limit=1');
    expect(list.body.games[0]?.game_code).toBe('vs5ultrab');
    await server.api('POST', '/api/external/v1/slots/vs5ultrab', { sort: 0 }, admin);
    expect(
      (await server.api('POST', '/api/external/v1/slots/vs5ultrab', { status: 0 }, u.token)).status,
    ).toBe(403);
    await server.api('POST', '/api/external/v1/controls/toggle-state', { name: 'slots' }, admin);
    expect((await launch(u.token)).body.error).toBe('Slots is currently disabled.');
    await server.api('POST', '/api/external/v1/controls/toggle-state', { name: 'slots' }, admin);
  });

  it('refuses a wrong signature and answers authenticate and balance', async () => {
    const u = await server.newUser();
    await credit(u.id, 1234);
    const token = (await launch(u.token)).body.launch_url.split('/').pop() as string;
    expect(await call('authenticate', { token }, 'not-the-secret')).toMatchObject({ error: 5 });
    expect(await call('balance', { userId: String(u.id) }, 'wrong')).toMatchObject({ error: 5 });
    const unsigned = await fetch(`${server.url}/api/callbacks/pragmatic/balance.html`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `userId=${u.id}&hash=00000000000000000000000000000000`,
    });
    expect(await unsigned.json()).toMatchObject({ error: 5 });
    expect(await call('authenticate', { token })).toMatchObject({
      error: 0,
      userId: String(u.id),
      cash: 12.34,
    });
    expect(await call('authenticate', { token: 'a'.repeat(48) })).toMatchObject({ error: 4 });
    expect(await call('balance', { userId: String(u.id) })).toMatchObject({
      error: 0,
      cash: 12.34,
      currency: 'USD',
    });
  });

  it('moves money once for each call replayed 50 times in parallel', async () => {
    const u = await server.newUser();
    await credit(u.id, 10_000);
    await launch(u.token); // a stake needs the player's live session of the game
    const roundId = `r${ref()}`;
    const base = {
      userId: String(u.id),
      gameId: 'vs20doghouse',
      roundId,
      timestamp: '1',
      roundDetails: 'spin',
    };
    const bet = { ...base, amount: '10.00', reference: ref() };
    const bets = await Promise.all(Array.from({ length: 50 }, () => call('bet', bet)));
    expect(new Set(bets.map(same)).size).toBe(1);
    expect(bets[0]).toMatchObject({ error: 0, cash: 90 });
    expect(await balanceOf(u.id)).toBe(9_000);
    const result = { ...base, amount: '25.50', reference: ref() };
    const results = await Promise.all(Array.from({ length: 50 }, () => call('result', result)));
    expect(new Set(results.map(same)).size).toBe(1);
    expect(await balanceOf(u.id)).toBe(11_550);
    const promo = {
      userId: String(u.id),
      campaignId: '7',
      campaignType: 'T',
      currency: 'USD',
      amount: '1.00',
      reference: ref(),
      timestamp: '1',
    };
    await Promise.all(Array.from({ length: 50 }, () => call('promoWin', promo)));
    expect(await balanceOf(u.id)).toBe(11_650);
    // a second round refunded 50 times
    const round2 = { ...base, roundId: `r${ref()}` };
    const bet2 = { ...round2, amount: '5.00', reference: ref() };
    await call('bet', bet2);
    const refunds = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('refund', {
          userId: String(u.id),
          reference: bet2.reference,
          roundId: round2.roundId,
          amount: '5.00',
        }),
      ),
    );
    expect(refunds.every((r) => r.error === 0)).toBe(true);
    expect(await balanceOf(u.id)).toBe(11_650);
    await Promise.all(Array.from({ length: 50 }, () => call('endRound', { ...round2 })));
    // one settled bets row for the first round (stake 10, payout 25.50), none for the refunded one
    const rows = await ctx().db.selectFrom('bets').selectAll().where('user_id', '=', u.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      game: 'slots',
      stake: 1000,
      payout: 2550,
      multiplier: 25500,
      status: 'settled',
    });
    const history = await server.api<{ games: Array<{ game: string; amount: number }> }>(
      'GET',
      '/api/user/history',
      undefined,
      u.token,
    );
    expect(history.body.games).toEqual([
      expect.objectContaining({ game: 'slots', amount: 10, payout: 25.5 }),
    ]);
    const live = await server.api<{ all: Array<{ id: string; game: string }> }>(
      'GET',
      '/api/bets/live?game=slots',
    );
    expect(live.body.all.map((b) => b.id)).toContain(String(rows[0]?.id));
    const wager = await ctx()
      .db.selectFrom('users')
      .select('wager')
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(wager.wager).toBe(1000);
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
  });

  it('refuses a bet over the balance; never goes below zero', async () => {
    const u = await server.newUser();
    await credit(u.id, 500);
    await launch(u.token);
    const base = { userId: String(u.id), gameId: 'vs20doghouse', roundId: `r${ref()}`, timestamp: '1' };
    expect(await call('bet', { ...base, amount: '5.01', reference: ref() })).toMatchObject({
      error: 1,
      cash: 5,
    });
    const parallel = await Promise.all(
      Array.from({ length: 10 }, () => call('bet', { ...base, amount: '1.00', reference: ref() })),
    );
    expect(parallel.filter((r) => r.error === 0)).toHaveLength(5);
    expect(parallel.filter((r) => r.error === 1)).toHaveLength(5);
    expect(await balanceOf(u.id)).toBe(0);
    expect(await call('bet', { ...base, amount: 'abc', reference: ref() })).toMatchObject({ error: 7 });
    expect(await call('bet', { ...base, userId: '999999999', amount: '1', reference: ref() })).toMatchObject({
      error: 2,
    });
    expect(
      await call('bet', { ...base, gameId: 'vs4096jurassic', amount: '1', reference: ref() }),
    ).toMatchObject({ error: 8 });
  });

  it('does not refund after the result; refunds an unknown bet as a success and refuses it later', async () => {
    const u = await server.newUser();
    await credit(u.id, 1000);
    await launch(u.token);
    const base = { userId: String(u.id), gameId: 'vs20doghouse', roundId: `r${ref()}`, timestamp: '1' };
    const bet = { ...base, amount: '2.00', reference: ref() };
    await call('bet', bet);
    await call('result', { ...base, amount: '0', reference: ref() });
    const late = await call('refund', { userId: String(u.id), reference: bet.reference });
    expect(late.error).toBe(120);
    expect(await balanceOf(u.id)).toBe(800);
    const unknown = ref();
    expect(await call('refund', { userId: String(u.id), reference: unknown })).toMatchObject({ error: 0 });
    expect(
      await call('bet', { ...base, roundId: `r${ref()}`, amount: '1.00', reference: unknown }),
    ).toMatchObject({ error: 3 });
    expect(await balanceOf(u.id)).toBe(800);
  });

  it('checks the session of every stake, with or without a token; wins are paid whatever the session', async () => {
    const u = await server.newUser();
    await credit(u.id, 1000);
    const base = { userId: String(u.id), gameId: 'vs20doghouse', roundId: `r${ref()}`, timestamp: '1' };
    // never launched: no stake
    expect(await call('bet', { ...base, amount: '1.00', reference: ref() })).toMatchObject({ error: 4 });
    const token = (await launch(u.token)).body.launch_url.split('/').pop() as string;
    // a launch of another game does not count
    expect(
      await call('bet', { ...base, gameId: 'vs40pirate', amount: '1.00', reference: ref() }),
    ).toMatchObject({ error: 4 });
    expect(await call('bet', { ...base, amount: '1.00', reference: ref() })).toMatchObject({ error: 0 });
    expect(await call('bet', { ...base, token, amount: '1.00', reference: ref() })).toMatchObject({
      error: 0,
    });
    // another player's token
    const other = await server.newUser();
    const otherToken = (await launch(other.token)).body.launch_url.split('/').pop() as string;
    expect(await call('bet', { ...base, token: otherToken, amount: '1.00', reference: ref() })).toMatchObject(
      { error: 4 },
    );
    // the session expires: no stake, with its token or without one
    await ctx()
      .db.updateTable('slot_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', u.id)
      .execute();
    expect(await call('bet', { ...base, amount: '1.00', reference: ref() })).toMatchObject({ error: 4 });
    expect(await call('bet', { ...base, token, amount: '1.00', reference: ref() })).toMatchObject({
      error: 4,
    });
    // the round's win is still paid
    expect(await call('result', { ...base, amount: '0.50', reference: ref() })).toMatchObject({ error: 0 });
    expect(await balanceOf(u.id)).toBe(1000 - 200 + 50);
  });

  it('a player on a break cannot launch a slot; the wallet refuses their stakes with a final code', async () => {
    const u = await server.newUser();
    await credit(u.id, 1000);
    const session = (await launch(u.token)).body.launch_url.split('/').pop() as string;
    const started = await server.api('POST', '/api/account/break', { kind: 'cool_off', days: 1 }, u.token);
    expect(started.status).toBe(200);
    const launched = await launch(u.token);
    expect(launched.status).toBe(403);
    expect(launched.body.error).toMatch(/break/i);
    // a game opened before the break: its provider's bet is refused for good (not error 100, retried forever)
    const base = { userId: String(u.id), gameId: 'vs20doghouse', roundId: `r${ref()}`, timestamp: '1' };
    const bet = await call('bet', { ...base, token: session, amount: '1.00', reference: ref() });
    expect(bet).toMatchObject({ error: 3, description: expect.stringMatching(/break/i) });
    // a win of that round is still paid (only stakes are refused)
    expect(await call('result', { ...base, amount: '0.25', reference: ref() })).toMatchObject({ error: 0 });
    expect(await balanceOf(u.id)).toBe(1025);
    // the sandbox game says why, before it draws a spin
    const nonce = async () =>
      (
        await ctx()
          .db.selectFrom('seed_pairs')
          .select('nonce')
          .where('user_id', '=', u.id)
          .where('status', '=', 'active')
          .executeTakeFirst()
      )?.nonce ?? 0;
    const before = await nonce();
    const spin = await server.api('POST', '/api/slots/sandbox/spin', { session, amount: 1 });
    expect(spin.status).toBe(403);
    expect(spin.body.error).toMatch(/break/i);
    expect(await nonce()).toBe(before);
    expect(await balanceOf(u.id)).toBe(1025);
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
  });

  it("a refunded stake is taken back from the loss limit, as every game's refund is", async () => {
    const u = await server.newUser();
    await credit(u.id, 1000);
    await launch(u.token);
    const limited = await server.api(
      'POST',
      '/api/account/limits',
      { kind: 'loss', period: 'day', amount: 5 },
      u.token,
    );
    expect(limited.status).toBe(200);
    const base = { userId: String(u.id), gameId: 'vs20doghouse', timestamp: '1' };
    const first = { ...base, roundId: `r${ref()}`, amount: '5.00', reference: ref() };
    expect(await call('bet', first)).toMatchObject({ error: 0 });
    expect(
      await call('bet', { ...base, roundId: `r${ref()}`, amount: '1.00', reference: ref() }),
    ).toMatchObject({ error: 3, description: expect.stringMatching(/loss limit/) });
    expect(await call('refund', { userId: String(u.id), reference: first.reference })).toMatchObject({
      error: 0,
    });
    expect(
      await call('bet', { ...base, roundId: `r${ref()}`, amount: '5.00', reference: ref() }),
    ).toMatchObject({
      error: 0,
    });
    expect(await balanceOf(u.id)).toBe(500);
    const kinds = await ctx()
      .db.selectFrom('ledger_entries')
      .select('kind')
      .where('user_id', '=', u.id)
      .where('idempotency_key', '=', `slots:refund:${first.reference}`)
      .execute();
    expect(kinds).toEqual([{ kind: 'bet_refund' }]);
  });

  it('uses the sandbox slot RTP as the rake edge', () => {
    expect(gameEdgeBp('slots')).toBe(SLOT_EDGE_BP);
  });

  it('plays the sandbox slot through the signed wallet calls, provably fair', async () => {
    const u = await server.newUser();
    await credit(u.id, 10_000);
    const session = (await launch(u.token)).body.launch_url.split('/').pop() as string;
    const page = await fetch(`${server.url}/sandbox/slots/play/${session}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('SANDBOX');
    const info = await server.api('GET', `/api/slots/sandbox/session?session=${session}`);
    expect(info.body).toMatchObject({ gameName: 'The Dog House', balance: 100 });
    let balance = 10_000;
    for (let i = 0; i < 5; i++) {
      const spin = await server.api<{ payout: number; balance: number; nonce: number; roundId: string }>(
        'POST',
        '/api/slots/sandbox/spin',
        { session, amount: 1 },
      );
      expect(spin.status).toBe(200);
      balance = balance - 100 + Math.round(spin.body.payout * 100);
      expect(Math.round(spin.body.balance * 100)).toBe(balance);
    }
    expect(await balanceOf(u.id)).toBe(balance);
    const rows = await ctx()
      .db.selectFrom('bets as b')
      .innerJoin('seed_pairs as s', 's.id', 'b.seed_pair_id')
      .select(['b.payout', 'b.stake', 'b.nonce', 's.server_seed', 's.client_seed'])
      .where('b.user_id', '=', u.id)
      .orderBy('b.id')
      .execute();
    expect(rows).toHaveLength(5);
    for (const r of rows) {
      const spin = slotSpin({
        serverSeed: r.server_seed,
        clientSeed: r.client_seed,
        nonce: r.nonce as number,
      });
      expect(r.payout).toBe(slotPayout(r.stake, spin.multiplier));
    }
    const broke = await server.api('POST', '/api/slots/sandbox/spin', { session, amount: 100000 });
    expect(broke.body).toMatchObject({ error: "You don't have enough balance." });
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
  });
});

/** The real adapter: credentials set, a stand-in for the provider's launch API, the IP allow-list. */
describe('slots with the real provider configured', () => {
  let server: TestServer;
  let provider: import('node:http').Server;
  const launches: Array<Record<string, string>> = [];
  const saved = { ...process.env };

  beforeAll(async () => {
    const http = await import('node:http');
    provider = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const params = Object.fromEntries(new URLSearchParams(body));
        launches.push({ path: req.url ?? '', ...params });
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            error: '0',
            description: 'OK',
            gameURL: `https://games.example/play?t=${params.token}`,
          }),
        );
      });
    });
    await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
    const port = (provider.address() as { port: number }).port;
    Object.assign(process.env, {
      PRAGMATIC_SECURE_LOGIN: 'operator_login',
      PRAGMATIC_SECRET_KEY: 'real-secret-key',
      PRAGMATIC_API_URL: `http://127.0.0.1:${port}`,
      PRAGMATIC_ALLOWED_IPS: '10.1.2.3',
    });
    server = await startServer();
  });
  afterAll(async () => {
    process.env = saved;
    await server.close();
    await new Promise((r) => provider.close(r));
  });

  it('launches through the provider API with a signed request', async () => {
    const u = await server.newUser();
    const res = await server.api<{ launch_url: string; sandbox: boolean }>(
      'POST',
      '/api/mm2/launch-game',
      { game_code: 'vs20doghouse' },
      u.token,
    );
    expect(res.body.sandbox).toBe(false);
    expect(res.body.launch_url).toMatch(/^https:\/\/games\.example\/play\?t=[a-f0-9]{48}$/);
    const sent = launches[0] as Record<string, string>;
    expect(sent).toMatchObject({
      path: '/IntegrationService/v3/http/CasinoGameAPI/game/url/',
      secureLogin: 'operator_login',
      symbol: 'vs20doghouse',
      externalPlayerId: String(u.id),
    });
    const { path: _p, ...params } = sent;
    expect(params.hash).toBe(ppSign({ ...params, hash: '' }, 'real-secret-key').hash);
  });

  it('refuses wallet calls from an address outside the allow-list, even when signed', async () => {
    const u = await server.newUser();
    const res = await fetch(`${server.url}/api/callbacks/pragmatic/balance.html`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(
        ppSign({ userId: String(u.id), providerId: 'PragmaticPlay' }, 'real-secret-key'),
      ).toString(),
    });
    expect(await res.json()).toMatchObject({ error: 5 });
  });
});
