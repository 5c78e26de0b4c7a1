/**
 * Test support for the round games (imported by tests only): players created straight in the
 * database (registration hashes passwords and would make a 100-player race slow), fake-clock driving
 * that waits for each loop step's database work, and ledger checks.
 */
import { wagerNeededCents } from '@coinsite/shared/vip';
import { sql } from 'kysely';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect } from 'vitest';
import { quickUser } from '../../economy/rewards/rewards-test-kit.ts';
import { ManualClock } from '../../platform/clock.ts';
import type { Ctx } from '../../platform/context.ts';
import { findLedgerMismatches, findRakeViolations } from '../../platform/ledger.ts';
import { inTransaction } from '../../platform/tx.ts';
import { startServer, type TestServer } from '../../test-support/server.ts';
import { type RoundLoops, roundLoopsOf } from './round-games.ts';
import { leaderTasksOf } from '../../platform/leader-tasks.ts';

/** The protocol's spacing between two events of one socket (one helper: test-support/server.ts). */
export { spaced } from '../../test-support/server.ts';

/**
 * A hash-chain round game's test server for the calling describe block (its beforeAll/afterAll): a
 * fake clock, the server, and the game's loop waiting in its first betting phase. `server` stands for
 * the server started in beforeAll (read it inside hooks and tests only).
 */
export function useChainRoundServer<G extends 'crash' | 'roulette'>(db: 'pglite' | 'postgres', game: G) {
  const clock = new ManualClock();
  let started: { server: TestServer; loops: RoundLoops } | undefined;
  const current = () => {
    if (!started) throw new Error('the round server starts in beforeAll');
    return started;
  };
  const server = new Proxy({} as TestServer, { get: (_, key) => Reflect.get(current().server, key) });
  const loop = (): RoundLoops[G] => current().loops[game];
  beforeAll(async () => {
    const s = await startServer({ db, clock });
    started = { server: s, loops: roundLoopsOf(s.site.ctx) };
    await driveUntil(clock, loop(), () => loop().current.kind === 'betting');
  });
  afterAll(() => started?.server.close());
  return { clock, server, ctx: (): Ctx => current().server.site.ctx, loop };
}

type BettingRoundOf<L extends { current: { kind: string } }> =
  Extract<L['current'], { kind: 'betting' }> extends { round: infer R } ? R : never;

/** Drives to the next round taking bets (after the one open now) that passes `pick`, and returns it. */
export async function nextBettingRound<L extends Steppable & { current: { kind: string } }>(
  clock: ManualClock,
  loop: L,
  pick: (round: BettingRoundOf<L>) => boolean = () => true,
): Promise<BettingRoundOf<L>> {
  const betting = () => {
    const s = loop.current as { kind: string; round?: BettingRoundOf<L> & { id: number } };
    return s.kind === 'betting' ? s.round : undefined;
  };
  let last = betting()?.id ?? 0;
  await driveUntil(clock, loop, () => {
    const round = betting();
    if (!round || round.id === last) return false;
    last = round.id;
    return pick(round);
  });
  const round = betting();
  if (!round) throw new Error('not betting');
  return round;
}

/**
 * A test server on a fake clock with every leader loop stopped but the ones named in `keep` (rain,
 * trivia, giveaway, race, coinflip, crash, roulette): advancing the clock then plays only the timers
 * the test is about, not idle rounds and polls of the others.
 */
export async function startQuietServer(
  db: 'pglite' | 'postgres',
  opts: { env?: Record<string, string>; keep?: string[] } = {},
): Promise<{ server: TestServer; clock: ManualClock }> {
  const clock = new ManualClock();
  const server = await startServer({ db, clock, env: opts.env });
  const keep = new Set(opts.keep ?? []);
  await Promise.all(
    [...leaderTasksOf(server.site.ctx)].filter(([name]) => !keep.has(name)).map(([, task]) => task.stop()),
  );
  return { server, clock };
}

export interface Player {
  id: number;
  token: string;
  username: string;
}

/** A player (made without the registration route: quickUser) holding `coins`. */
export async function fundedPlayer(ctx: Ctx, coins: number): Promise<Player> {
  const player = await quickUser(ctx);
  if (coins > 0)
    await inTransaction(ctx.db, (unit) =>
      ctx.wallet.apply(unit, {
        userId: player.id,
        delta: Math.round(coins * 100),
        kind: 'admin',
        idempotencyKey: `fund:${player.id}`,
      }),
    );
  return player;
}

/** A player who may chat: the level's wager (2 by default, the chat level) and `rank` (1; 5 = moderator). */
export async function chatter(
  ctx: Ctx,
  opts: { level?: number; coins?: number; rank?: number } = {},
): Promise<Player> {
  const p = await fundedPlayer(ctx, opts.coins ?? 0);
  await ctx.db
    .updateTable('users')
    .set({ wager: wagerNeededCents(opts.level ?? 2), rank: opts.rank ?? 1 })
    .where('id', '=', p.id)
    .execute();
  return p;
}

export async function balanceOf(ctx: Ctx, userId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('users')
    .select('balance')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.balance;
}

/**
 * Every balance equals its ledger sum, no refunded stake kept rake (ledger:check), and no bet was
 * credited or refunded twice.
 */
export async function expectLedgerConsistent(ctx: Ctx): Promise<void> {
  expect(await findLedgerMismatches(ctx.db)).toEqual([]);
  expect(await findRakeViolations(ctx.db)).toEqual([]);
  const settled = (
    await sql<{ id: number; status: string; payout: number; amount: number; delta: number | null }>`
      SELECT b.id, b.status, b.payout, b.amount, l.delta
      FROM round_bets b
      LEFT JOIN ledger_entries l
        ON l.idempotency_key IN (b.game || ':win:' || b.id, b.game || ':refund:' || b.id)`.execute(ctx.db)
  ).rows;
  for (const b of settled) {
    if (b.status === 'cashed' || b.status === 'won') expect(b.delta, `bet ${b.id}`).toBe(b.payout);
    else if (b.status === 'refunded') expect(b.delta, `bet ${b.id}`).toBe(b.amount);
    else expect(b.delta, `bet ${b.id}`).toBeNull();
  }
}

interface Steppable {
  idle(): Promise<void>;
}

/** Advances fake time in steps, letting each step's database work finish before the next. */
export async function drive(clock: ManualClock, loop: Steppable, ms: number, stepMs = 50): Promise<void> {
  for (let done = 0; done < ms; done += stepMs) {
    await clock.advance(Math.min(stepMs, ms - done));
    await loop.idle();
  }
}

/** Drives until `ready()` holds (fails after `maxMs` of fake time). */
export async function driveUntil(
  clock: ManualClock,
  loop: Steppable,
  ready: () => boolean | Promise<boolean>,
  maxMs = 600_000,
  stepMs = 50,
): Promise<void> {
  await loop.idle();
  for (let t = 0; !(await ready()); t += stepMs) {
    if (t > maxMs) throw new Error(`condition not reached within ${maxMs} ms of fake time`);
    await clock.advance(stepMs);
    await loop.idle();
  }
}

/** Opens an authenticated socket per player. */
export function socketsOf(server: TestServer, ns: string, players: Player[]): Promise<Socket[]> {
  return Promise.all(players.map((p) => server.socket(ns, p.token)));
}

/** Collects every event a socket receives, in order. */
export function record(socket: Socket): Array<{ event: string; args: unknown[] }> {
  const seen: Array<{ event: string; args: unknown[] }> = [];
  socket.onAny((event: string, ...args: unknown[]) => seen.push({ event, args }));
  return seen;
}

/** Waits (real time) until a predicate holds; for events that follow a committed transaction. */
export async function eventually(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting for a condition');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** What a stake may change in its player's rewards: rakeback, the affiliate's cut and wager, and the wager. */
export interface RakeState {
  rakeback_units: number;
  referral_units: number;
  referral_wager: number;
  wager: number;
}

export async function rakeStateOf(ctx: Ctx, userId: number): Promise<RakeState> {
  const res = await sql<RakeState>`
    SELECT r.rakeback_units, r.referral_units, r.referral_wager, u.wager
    FROM user_rewards r JOIN users u ON u.id = r.user_id
    WHERE r.user_id = ${userId}`.execute(ctx.db);
  const row = res.rows[0];
  if (!row) throw new Error(`no rewards row for user ${userId}`);
  return row;
}

/** The rake accrual rows of a player (one per settled stake of a refundable game). */
export async function accrualsOf(ctx: Ctx, userId: number) {
  const res = await sql<{
    stake_key: string;
    refund_key: string;
    game: string;
    stake: number;
    rakeback_units: number;
    referral_units: number;
    referral_wager: number;
  }>`
    SELECT stake_key, refund_key, game, stake, rakeback_units, referral_units, referral_wager
    FROM rake_accruals WHERE user_id = ${userId} ORDER BY stake_key`.execute(ctx.db);
  return res.rows;
}

/**
 * Links `player` to the affiliate whose code is `code` through the real redeem route (the player
 * gets the 0.25 bonus): from then on the player's rake also owes the affiliate a cut.
 */
export async function supportAffiliate(server: TestServer, playerToken: string, code: string): Promise<void> {
  const res = await server.api('POST', '/api/user/affiliates/redeem', { code }, playerToken);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
