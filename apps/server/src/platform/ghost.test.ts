// the round games build hash chains at boot; a short one keeps this server quick to start
process.env.ROUND_CHAIN_LENGTH = '20';

import { type BetView, HIDDEN_NAME, type ProfileView } from '@coinsite/shared';
import type { RaceView } from '@coinsite/shared/schemas/race';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, signIn } from '../economy/cashier/cashier.test-support.ts';
import { playersOf } from '../games/battles/battles.views.ts';
import { DB_KINDS, nextEvent, spaced, startServer, type TestServer } from '../test-support/server.ts';
import { inTransaction } from './tx.ts';

interface Live {
  all: BetView[];
  mine: BetView[];
}

describe.each(DB_KINDS)('ghost mode on %s', (db) => {
  let server: TestServer;
  let admin: string;
  const ctx = () => server.site.ctx;

  beforeAll(async () => {
    server = await startServer({ db, env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
    admin = await signIn(server, ADMIN.email, ADMIN.password);
  });
  afterAll(() => server?.close());

  async function funded() {
    const u = await server.newUser();
    await inTransaction(ctx().db, (unit) =>
      ctx().wallet.apply(unit, {
        userId: u.id,
        delta: 10_000,
        kind: 'admin',
        idempotencyKey: `fund:${u.id}`,
      }),
    );
    return u;
  }

  async function diceBet(token: string): Promise<string> {
    const sock = await server.socket('dice', token);
    const r = nextEvent(sock, 'dice:result');
    sock.emit('dice:bet', { amount: 1, rangeData: 50 });
    const [res] = (await r) as [{ betId: string }];
    sock.disconnect();
    return String(res.betId);
  }

  it('hides the player everywhere others look, past bets included; the player and admins still see the name', async () => {
    const ghost = await funded();
    const other = await server.newUser();
    // a bet placed before ghost mode was turned on
    const pastBet = await diceBet(ghost.token);

    expect((await server.api('POST', '/api/user/settings/ghost', { ghost: true })).status).toBe(401);
    const bad = await server.api<{ error: string }>(
      'POST',
      '/api/user/settings/ghost',
      { ghost: 'yes' },
      ghost.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Please say whether to turn ghost mode on.');
    const on = await server.api('POST', '/api/user/settings/ghost', { ghost: true }, ghost.token);
    expect(on.body).toEqual({ ghost: true });

    // the live feed's first screen
    const feedOf = async (token?: string) =>
      (await server.api<Live>('GET', '/api/bets/live?game=dice', undefined, token)).body.all.find(
        (b) => b.id === pastBet,
      );
    for (const token of [other.token, undefined]) {
      const row = await feedOf(token);
      expect(row?.user).toEqual({ id: '', username: HIDDEN_NAME, avatar: expect.any(String) });
      expect(JSON.stringify(row)).not.toContain(ghost.username);
    }
    expect((await feedOf(ghost.token))?.user).toMatchObject({
      id: String(ghost.id),
      username: ghost.username,
    });
    expect((await feedOf(admin))?.user).toMatchObject({ id: String(ghost.id), username: ghost.username });
    const mine = await server.api<Live>('GET', '/api/bets/live', undefined, ghost.token);
    expect(mine.body.mine.find((b) => b.id === pastBet)?.user.username).toBe(ghost.username);

    // the bet page
    const page = async (token?: string) =>
      (await server.api<{ username: string }>('GET', `/api/bets/${pastBet}`, undefined, token)).body.username;
    expect(await page(other.token)).toBe(HIDDEN_NAME);
    expect(await page()).toBe(HIDDEN_NAME);
    expect(await page(ghost.token)).toBe(ghost.username);
    expect(await page(admin)).toBe(ghost.username);

    // the profile (what a click on a chat name opens)
    const profile = async (token?: string) =>
      (await server.api<ProfileView>('POST', '/api/user/profile', { userid: String(ghost.id) }, token)).body;
    const seen = await profile(other.token);
    expect(seen).toMatchObject({
      username: HIDDEN_NAME,
      wager: null,
      profit: null,
      statsHidden: true,
      ghost: false,
    });
    expect(JSON.stringify(seen)).not.toContain(ghost.username);
    expect(await profile(ghost.token)).toMatchObject({ username: ghost.username, ghost: true, wager: 1 });
    expect(await profile(admin)).toMatchObject({ username: ghost.username, ghost: true, wager: 1 });

    // the race
    const race = await vi.waitFor(
      async () => {
        const { rows } = await sql<{ id: number }>`SELECT id FROM races WHERE status = 'active'`.execute(
          ctx().db,
        );
        const row = rows[0];
        if (!row) throw new Error('no race yet');
        return row;
      },
      { timeout: 10_000 },
    );
    await sql`INSERT INTO race_entries (race_id, user_id, value) VALUES (${race.id}, ${ghost.id}, 1000000000)
      ON CONFLICT (race_id, user_id) DO UPDATE SET value = 1000000000`.execute(ctx().db);
    const top = async (token?: string) => {
      const v = (await server.api<RaceView>('GET', '/api/race', undefined, token)).body;
      return v.active ? v.topTen[0]?._user : undefined;
    };
    expect(await top(other.token)).toMatchObject({ _id: '', username: HIDDEN_NAME });
    expect(await top(ghost.token)).toMatchObject({ _id: String(ghost.id), username: ghost.username });
    expect(await top(admin)).toMatchObject({ username: ghost.username });

    // battle seats (broadcast to everyone): "Hidden", the seat's id kept for the player's own page
    const seats = playersOf(
      {
        seatCount: 2,
        seats: [{ seat: 1, userId: ghost.id, betId: 1, username: ghost.username, avatar: null, ghost: true }],
      },
      ctx().assets,
    );
    expect(seats[0]).toMatchObject({ id: String(ghost.id), username: HIDDEN_NAME });

    // turning it off shows the name again, past bets too
    await server.api('POST', '/api/user/settings/ghost', { ghost: false }, ghost.token);
    expect((await feedOf(other.token))?.user.username).toBe(ghost.username);
  });

  it('the live feed broadcast: others get "Hidden", the player\'s own tabs and admins the name', async () => {
    const ghost = await funded();
    const plain = await funded();
    await server.api('POST', '/api/user/settings/ghost', { ghost: true }, ghost.token);
    const watch = async (token?: string) => {
      const sock = await server.socket('chat', token);
      const seen: BetView[] = [];
      sock.on('live-bets', (frame: BetView[]) => seen.push(...frame));
      return seen;
    };
    const byVisitor = await watch();
    const byOther = await watch((await server.newUser()).token);
    const byGhost = await watch(ghost.token);
    const byAdmin = await watch(admin);

    const ghostBet = await diceBet(ghost.token);
    await spaced();
    const plainBet = await diceBet(plain.token);
    const all = [byVisitor, byOther, byGhost, byAdmin];
    await vi.waitFor(
      () => {
        for (const seen of all)
          expect(seen.map((b) => b.id)).toEqual(expect.arrayContaining([ghostBet, plainBet]));
      },
      { timeout: 5000 },
    );
    const userIn = (seen: BetView[], id: string) => seen.find((b) => b.id === id)?.user;
    for (const seen of [byVisitor, byOther]) {
      expect(userIn(seen, ghostBet)).toMatchObject({ id: '', username: HIDDEN_NAME });
      expect(JSON.stringify(seen)).not.toContain(ghost.username);
      expect(userIn(seen, plainBet)).toMatchObject({ username: plain.username });
    }
    for (const seen of [byGhost, byAdmin]) {
      expect(userIn(seen, ghostBet)).toMatchObject({ id: String(ghost.id), username: ghost.username });
      expect(userIn(seen, plainBet)).toMatchObject({ username: plain.username });
    }
    // each tab got each bet once
    for (const seen of all) expect(seen.filter((b) => b.id === ghostBet)).toHaveLength(1);
  });
});
