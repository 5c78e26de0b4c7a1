// the round games build hash chains at boot; a short one keeps these servers quick to start
process.env.ROUND_CHAIN_LENGTH = '40';

import {
  type BetView,
  type CoinflipView,
  type CrashBet,
  type CrashState,
  HIDDEN_NAME,
  type ProfileView,
  RANK,
  type RoulettePlayer,
  type RouletteState,
} from '@coinsite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIDDEN_LEVEL } from '../games/rounds/round-bets.ts';
import { roundLoopsOf } from '../games/rounds/round-games.ts';
import {
  chatter,
  driveUntil,
  eventually,
  fundedPlayer,
  nextBettingRound,
  type Player,
  record,
  spaced,
  startQuietServer,
  useChainRoundServer,
} from '../games/rounds/round-test-kit.ts';
import { DB_KINDS, nextEvent, type TestServer } from '../test-support/server.ts';
import type { ManualClock } from './clock.ts';

/**
 * Ghost mode (issue 33) in the crash, roulette and coinflip player lists: their broadcasts and first
 * screens show a ghost as "Hidden" under a bet's or seat's own id to everyone but the ghost and
 * admins (platform/ghost.ts), and the bet pages of those games and the profile follow.
 */

type Seen = Array<{ event: string; args: unknown[] }>;

/** The four audiences of a broadcast: a visitor, another player, the ghost, an admin. */
/**
 * The cast of every test here: a ghost (100 coins, ghost mode on), a plain player (100 coins), an
 * admin and another player, each with a socket on `ns` (and a visitor's), the four audiences' events
 * recorded.
 */
async function audiences(server: TestServer, ns: string) {
  const ctx = server.site.ctx;
  const ghost = await fundedPlayer(ctx, 100);
  const plain = await fundedPlayer(ctx, 100);
  const admin = await chatter(ctx, { rank: RANK.admin });
  await ghostMode(server, ghost);
  const other = await fundedPlayer(ctx, 0);
  const socks = {
    visitor: await server.socket(ns),
    other: await server.socket(ns, other.token),
    ghost: await server.socket(ns, ghost.token),
    admin: await server.socket(ns, admin.token),
  };
  const seen = {
    visitor: record(socks.visitor),
    other: record(socks.other),
    ghost: record(socks.ghost),
    admin: record(socks.admin),
  };
  const plainSock = await server.socket(ns, plain.token);
  return { ghost, plain, admin, other, socks, seen, plainSock };
}

const argsOf = (seen: Seen, event: string) => seen.filter((e) => e.event === event).map((e) => e.args[0]);

async function ghostMode(server: TestServer, p: Player): Promise<void> {
  const on = await server.api('POST', '/api/user/settings/ghost', { ghost: true }, p.token);
  expect(on.body).toEqual({ ghost: true });
}

describe.each(DB_KINDS)('ghost mode in crash on %s', (db) => {
  const { clock, server, ctx, loop } = useChainRoundServer(db, 'crash');

  it('the round\'s bets and cash-outs: others see "Hidden" under the bet\'s id, the ghost and admins the name', async () => {
    const round = await nextBettingRound(clock, loop(), (r) => r.crashPoint >= 150);
    const { ghost, plain, admin, other, socks, seen, plainSock } = await audiences(server, 'crash');

    const own = nextEvent(socks.ghost, 'game-join-success');
    socks.ghost.emit('join-game', 101, 10); // auto-cashout at 1.01x, below the crash point
    const [ownBet] = (await own) as [CrashBet];
    expect(ownBet).toMatchObject({ playerID: String(ghost.id), username: ghost.username });
    await spaced();
    const plainJoined = nextEvent(plainSock, 'game-join-success');
    plainSock.emit('join-game', 101, 5);
    await plainJoined;
    const betId = (
      await ctx()
        .db.selectFrom('round_bets')
        .select('id')
        .where('round_id', '=', round.id)
        .where('user_id', '=', ghost.id)
        .executeTakeFirstOrThrow()
    ).id;
    const hiddenId = `hidden-${betId}`;

    // the first screen, per viewer
    const playersFor = async (token?: string) =>
      (await server.api<CrashState>('GET', '/api/crash', undefined, token)).body.current?.players ?? [];
    for (const token of [undefined, other.token]) {
      const players = await playersFor(token);
      expect(players.find((p) => p.playerID === hiddenId)).toMatchObject({
        username: HIDDEN_NAME,
        betAmount: 10,
        level: HIDDEN_LEVEL, // no level to recognise a high roller by
      });
      expect(players.find((p) => p.playerID === String(plain.id))?.level.levelName).not.toBe('');
      expect(players.find((p) => p.playerID === String(plain.id))?.username).toBe(plain.username);
      expect(JSON.stringify(players)).not.toContain(ghost.username);
      expect(players.some((p) => p.playerID === String(ghost.id))).toBe(false);
    }
    for (const token of [ghost.token, admin.token])
      expect((await playersFor(token)).find((p) => p.betAmount === 10)).toMatchObject({
        playerID: String(ghost.id),
        username: ghost.username,
        level: expect.objectContaining({ levelName: expect.stringMatching(/./) }),
      });

    await driveUntil(clock, loop(), () => loop().current.kind === 'over');
    await eventually(() => Object.values(seen).every((s) => argsOf(s, 'bet-cashout').length >= 2));
    for (const s of [seen.visitor, seen.other]) {
      const bets = argsOf(s, 'game-bets').flat() as CrashBet[];
      expect(bets.filter((b) => b.betAmount === 10)).toEqual([
        expect.objectContaining({ playerID: hiddenId, username: HIDDEN_NAME }),
      ]);
      expect(bets.find((b) => b.betAmount === 5)?.username).toBe(plain.username);
      const cashouts = argsOf(s, 'bet-cashout') as Array<{ playerID: string }>;
      expect(cashouts.map((c) => c.playerID).sort()).toEqual([hiddenId, String(plain.id)].sort());
      expect(JSON.stringify(s)).not.toContain(ghost.username);
    }
    for (const s of [seen.ghost, seen.admin]) {
      const bets = argsOf(s, 'game-bets').flat() as CrashBet[];
      expect(bets.filter((b) => b.betAmount === 10)).toEqual([
        expect.objectContaining({ playerID: String(ghost.id), username: ghost.username }),
      ]);
      const cashouts = argsOf(s, 'bet-cashout') as Array<{ playerID: string }>;
      expect(cashouts.map((c) => c.playerID).sort()).toEqual([String(ghost.id), String(plain.id)].sort());
    }

    // the bet page of the round bet
    const page = async (token?: string) =>
      (await server.api<{ username: string }>('GET', `/api/bets/crash-${betId}`, undefined, token)).body
        .username;
    expect(await page()).toBe(HIDDEN_NAME);
    expect(await page(other.token)).toBe(HIDDEN_NAME);
    expect(await page(ghost.token)).toBe(ghost.username);
    expect(await page(admin.token)).toBe(ghost.username);
    for (const s of [...Object.values(socks), plainSock]) s.disconnect();
  });

  it("a ghost's own cash-out: others get it under the bet's hidden id; with no ghost one plain frame", async () => {
    await nextBettingRound(clock, loop(), (r) => r.crashPoint >= 300);
    const { ghost, socks, seen } = await audiences(server, 'crash');
    const joined = nextEvent(socks.ghost, 'game-join-success');
    socks.ghost.emit('join-game', null, 2);
    await joined;
    await driveUntil(clock, loop(), () => loop().current.kind === 'running');
    await driveUntil(clock, loop(), () => {
      const s = loop().current;
      return s.kind === 'running' && clock.now() - s.clockStart > 2000;
    });
    const done = nextEvent(socks.ghost, 'bet-cashout-success');
    socks.ghost.emit('bet-cashout');
    await done;
    await eventually(() => Object.values(seen).every((s) => argsOf(s, 'bet-cashout').length === 1));
    const [hidden] = argsOf(seen.visitor, 'bet-cashout') as Array<{ playerID: string }>;
    const [bet] = argsOf(seen.visitor, 'game-bets').flat() as CrashBet[];
    expect(hidden?.playerID).toMatch(/^hidden-\d+$/);
    expect(hidden?.playerID).toBe(bet?.playerID);
    expect(argsOf(seen.other, 'bet-cashout')).toEqual([hidden]);
    for (const s of [seen.ghost, seen.admin])
      expect(argsOf(s, 'bet-cashout')).toEqual([expect.objectContaining({ playerID: String(ghost.id) })]);

    // ghost mode off: the same frame for everyone
    await server.api('POST', '/api/user/settings/ghost', { ghost: false }, ghost.token);
    await driveUntil(clock, loop(), () => loop().current.kind === 'betting');
    const again = nextEvent(socks.ghost, 'game-join-success');
    socks.ghost.emit('join-game', null, 1);
    await again;
    await eventually(() => Object.values(seen).every((s) => argsOf(s, 'game-bets').length === 2));
    for (const s of Object.values(seen))
      expect((argsOf(s, 'game-bets')[1] as CrashBet[])[0]).toMatchObject({
        playerID: String(ghost.id),
        username: ghost.username,
      });
    for (const s of Object.values(socks)) s.disconnect();
  });
});

describe.each(DB_KINDS)('ghost mode in roulette on %s', (db) => {
  const { clock, server, ctx, loop } = useChainRoundServer(db, 'roulette');

  it('new-player and GET /api/roulette: "Hidden" under each bet\'s id to others, the name to the ghost and admins', async () => {
    const round = await nextBettingRound(clock, loop());
    const { ghost, admin, other, socks, seen } = await audiences(server, 'roulette');
    for (const color of ['red', 'black']) {
      const ok = nextEvent(socks.ghost, 'game-join-success');
      socks.ghost.emit('join-game', color, 1);
      const [mine] = (await ok) as [RoulettePlayer];
      expect(mine).toMatchObject({ _id: String(ghost.id), username: ghost.username, color });
      await spaced();
    }
    const betIds = (
      await ctx()
        .db.selectFrom('round_bets')
        .select('id')
        .where('round_id', '=', round.id)
        .where('user_id', '=', ghost.id)
        .orderBy('id')
        .execute()
    ).map((b) => b.id);
    await eventually(() => Object.values(seen).every((s) => argsOf(s, 'new-player').length === 2));
    for (const s of [seen.visitor, seen.other]) {
      const players = argsOf(s, 'new-player') as RoulettePlayer[];
      expect(players.map((p) => [p._id, p.username, p.level])).toEqual(
        betIds.map((id) => [`hidden-${id}`, HIDDEN_NAME, HIDDEN_LEVEL]),
      );
      expect(players.map((p) => p.betId)).toEqual(betIds.map(String));
      expect(JSON.stringify(players)).not.toContain(ghost.username);
    }
    for (const s of [seen.ghost, seen.admin])
      expect((argsOf(s, 'new-player') as RoulettePlayer[]).map((p) => p._id)).toEqual([
        String(ghost.id),
        String(ghost.id),
      ]);

    const playersFor = async (token?: string) =>
      (await server.api<RouletteState>('GET', '/api/roulette', undefined, token)).body.current?.players ?? [];
    for (const token of [undefined, other.token]) {
      const players = await playersFor(token);
      expect(players.map((p) => p.username)).toEqual([HIDDEN_NAME, HIDDEN_NAME]);
      expect(players.some((p) => p._id === String(ghost.id))).toBe(false);
    }
    for (const token of [ghost.token, admin.token])
      expect((await playersFor(token)).map((p) => p.username)).toEqual([ghost.username, ghost.username]);

    const page = async (token?: string) =>
      (await server.api<{ username: string }>('GET', `/api/bets/roulette-${betIds[0]}`, undefined, token))
        .body.username;
    expect(await page(other.token)).toBe(HIDDEN_NAME);
    expect(await page(ghost.token)).toBe(ghost.username);
    for (const s of Object.values(socks)) s.disconnect();
  });
});

describe.each(DB_KINDS)('ghost mode in coinflip and the profile on %s', (db) => {
  let server: TestServer;
  let clock: ManualClock;
  const ctx = () => server.site.ctx;

  beforeAll(async () => {
    ({ server, clock } = await startQuietServer(db, { keep: ['coinflip'] }));
  });
  afterAll(() => server?.close());

  it('a flip\'s seats, its broadcasts, its feed rows and bet page: "Hidden" to others', async () => {
    const { ghost, plain, admin, other, socks, seen, plainSock } = await audiences(server, 'coinflip');
    const created = nextEvent(socks.ghost, 'coinflip:created');
    socks.ghost.emit('coinflip:create', { amount: 1, side: 'heads' });
    const flipId = String((await created)[0]);
    plainSock.emit('coinflip:join', flipId);
    const loop = roundLoopsOf(ctx()).coinflip;
    const flipFor = async (token?: string) =>
      (await server.api<CoinflipView>('GET', `/api/coinflip/${flipId}`, undefined, token)).body;
    await driveUntil(clock, loop, async () => (await flipFor()).status === 'finished', 60_000, 250);

    const hiddenSeat = `hidden-${flipId}-1`;
    for (const token of [undefined, other.token]) {
      const flip = await flipFor(token);
      expect(flip.creator).toMatchObject({ id: hiddenSeat, username: HIDDEN_NAME, level: HIDDEN_LEVEL });
      expect(flip.opponent).toMatchObject({ id: String(plain.id), username: plain.username });
      expect([hiddenSeat, String(plain.id)]).toContain(flip.winnerId);
      expect(JSON.stringify(flip)).not.toContain(ghost.username);
      const state = (await server.api<{ recent: CoinflipView[] }>('GET', '/api/coinflip', undefined, token))
        .body;
      expect(state.recent.find((f) => f.id === flipId)?.creator.username).toBe(HIDDEN_NAME);
    }
    for (const token of [ghost.token, admin.token]) {
      const flip = await flipFor(token);
      expect(flip.creator).toMatchObject({ id: String(ghost.id), username: ghost.username });
      expect([String(ghost.id), String(plain.id)]).toContain(flip.winnerId);
    }
    // the broadcasts (coinflip:new, coinflip:update)
    await eventually(() => Object.values(seen).every((s) => s.some((e) => e.event === 'coinflip:update')));
    for (const s of [seen.visitor, seen.other]) {
      const flips = s.filter((e) => e.event.startsWith('coinflip:') && typeof e.args[0] === 'object');
      expect(flips.length).toBeGreaterThan(0);
      for (const e of flips) expect((e.args[0] as CoinflipView).creator.id).toBe(hiddenSeat);
      expect(JSON.stringify(s)).not.toContain(ghost.username);
    }
    for (const s of [seen.ghost, seen.admin]) {
      const flips = s.filter((e) => e.event === 'coinflip:update');
      for (const e of flips) expect((e.args[0] as CoinflipView).creator.username).toBe(ghost.username);
    }

    // the live feed's first screen (coinflip rows) and the seat's bet page
    const feedRow = async (token?: string) =>
      (
        await server.api<{ all: BetView[] }>('GET', '/api/bets/live?game=coinflip', undefined, token)
      ).body.all.find((b) => b.id === `coinflip-${flipId}-1`);
    expect((await feedRow(other.token))?.user).toEqual({
      id: '',
      username: HIDDEN_NAME,
      avatar: expect.any(String),
    });
    expect((await feedRow())?.user.username).toBe(HIDDEN_NAME);
    expect((await feedRow(ghost.token))?.user).toMatchObject({
      id: String(ghost.id),
      username: ghost.username,
    });
    expect((await feedRow(admin.token))?.user.username).toBe(ghost.username);
    const mine = await server.api<{ mine: BetView[] }>(
      'GET',
      '/api/bets/live?game=coinflip',
      undefined,
      ghost.token,
    );
    expect(mine.body.mine.map((b) => b.id)).toContain(`coinflip-${flipId}-1`);
    const page = async (token?: string) =>
      (await server.api<{ username: string }>('GET', `/api/bets/coinflip-${flipId}-1`, undefined, token)).body
        .username;
    expect(await page(other.token)).toBe(HIDDEN_NAME);
    expect(await page(ghost.token)).toBe(ghost.username);
    expect(await page(admin.token)).toBe(ghost.username);
    for (const s of [...Object.values(socks), plainSock]) s.disconnect();
  });

  it('the profile of a ghost shows no account id and no join date to others; the ghost and admins see them', async () => {
    const ghost = await fundedPlayer(ctx(), 1);
    const other = await fundedPlayer(ctx(), 0);
    const admin = await chatter(ctx(), { rank: RANK.admin });
    await ghostMode(server, ghost);
    const profile = async (token?: string) =>
      (await server.api<ProfileView>('POST', '/api/user/profile', { userid: String(ghost.id) }, token)).body;
    for (const token of [undefined, other.token]) {
      const seen = await profile(token);
      expect(seen).toMatchObject({ _id: '', created: '', username: HIDDEN_NAME, wager: null, ghost: false });
      expect(JSON.stringify(seen)).not.toContain(ghost.username);
    }
    for (const token of [ghost.token, admin.token]) {
      const seen = await profile(token);
      expect(seen).toMatchObject({ _id: String(ghost.id), username: ghost.username, ghost: true });
      expect(Number.isNaN(Date.parse(seen.created))).toBe(false);
    }
  });
});
