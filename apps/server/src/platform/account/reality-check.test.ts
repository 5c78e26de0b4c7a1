import { type RealityCheckView, SESSION_EVENTS } from '@coinsite/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPgDatabase,
  DB_KINDS,
  nextEvent,
  startServer,
  type TestServer,
  twoNodesEnabled,
} from '../../test-support/server.ts';
import { sql } from 'kysely';
import { ManualClock } from '../clock.ts';
import { realityChecksOf } from './reality-check.ts';
import { inTransaction } from '../tx.ts';
import type { LedgerKind } from '../wallet.ts';

const MIN = 60_000;

/** Every `reality-check` a socket hears. */
function heard(socket: Socket): RealityCheckView[] {
  const got: RealityCheckView[] = [];
  socket.on(SESSION_EVENTS.realityCheck, (view: RealityCheckView) => got.push(view));
  return got;
}

/** Lets the events of a timer that just ran reach the test's sockets (for "nothing came"). */
const settle = () => new Promise((r) => setTimeout(r, 300));
const pause = () => new Promise((r) => setTimeout(r, 20));

/**
 * Issue 26 §8: the reality check's clock is the session's, kept by the server: a reload or a new
 * tab does not restart it, every tab hears each due point once, an answer in one tab closes it in
 * all, and it shows the session's net result from the ledger.
 */
describe.each(DB_KINDS)('the reality check on %s', (db) => {
  let server: TestServer;
  const clock = new ManualClock(Date.now());
  beforeAll(async () => {
    server = await startServer({ db, clock });
  });
  afterAll(() => server?.close());

  const ledger = (userId: number, delta: number, kind: LedgerKind, key: string) =>
    inTransaction(server.site.ctx.db, (unit) =>
      server.site.ctx.wallet.apply(unit, { userId, delta, kind, idempotencyKey: `${key}:${userId}` }),
    );
  const setMinutes = async (token: string, minutes: number | null) => {
    expect((await server.api('POST', '/api/account/reality-check', { minutes }, token)).status).toBe(200);
    await realityChecksOf(server.site.ctx).idle();
  };
  /** A tab of the session: its socket, once the server has read its reminder and set the timer. */
  const tab = async (token: string) => {
    const socket = await server.socket('chat', token);
    await realityChecksOf(server.site.ctx).idle();
    return socket;
  };

  /**
   * As if `ms` had passed for the player's reminders: every stored time of theirs moves back. (The
   * app's clock cannot be advanced by minutes here: the round loops sharing it would play every
   * tick of them.) Timers are set when a tab connects, so tabs connect after this.
   */
  async function passed(userId: number, ms: number) {
    await sql`UPDATE sessions SET created_at = created_at - ${`${ms} milliseconds`}::interval,
      reality_acked_at = reality_acked_at - ${`${ms} milliseconds`}::interval
      WHERE user_id = ${userId}`.execute(server.site.ctx.db);
    await sql`UPDATE rg_state SET reality_check_set_at = reality_check_set_at - ${`${ms} milliseconds`}::interval
      WHERE user_id = ${userId}`.execute(server.site.ctx.db);
  }

  it('is due one interval after it was set, not after the page was loaded again', async () => {
    const user = await server.newUser();
    await setMinutes(user.token, 5);
    const setAt = clock.now();
    // a tab open for three minutes, then reloaded (a new socket) two minutes less a second later
    const first = await tab(user.token);
    const firstHeard = heard(first);
    await passed(user.id, 3 * MIN);
    first.disconnect();
    await passed(user.id, 2 * MIN - 1000);
    const reloaded = await tab(user.token);
    const got = heard(reloaded);
    await clock.advance(500);
    await settle();
    expect(got).toEqual([]);
    await clock.advance(500);
    await expect.poll(() => got.length).toBe(1);
    expect(firstHeard).toEqual([]);
    const since = setAt - 5 * MIN + 1000;
    expect(got[0]).toMatchObject({
      dueAt: new Date(since + 5 * MIN).toISOString(),
      since: new Date(since).toISOString(),
      minutesPlayed: 5,
      intervalMinutes: 5,
      net: 0,
      wagered: 0,
    });
    // reloaded again while it is due and unanswered: shown again at once, the same due point
    const again = await server.socket('chat');
    const shown = nextEvent(again, SESSION_EVENTS.realityCheck);
    again.emit('auth', user.token);
    expect((await shown)[0]).toMatchObject({ dueAt: got[0]?.dueAt });
  });

  it('reaches every tab once per interval; an answer in one tab closes it in all', async () => {
    const user = await server.newUser();
    await setMinutes(user.token, 5);
    await passed(user.id, 5 * MIN - 1000);
    const a = await tab(user.token);
    const b = await tab(user.token);
    const onA = heard(a);
    const onB = heard(b);
    await clock.advance(1000);
    await expect.poll(() => [onA.length, onB.length]).toEqual([1, 1]);
    await settle(); // and only once
    expect([onA.length, onB.length]).toEqual([1, 1]);
    expect(onA[0]?.dueAt).toBe(onB[0]?.dueAt);

    const closedA = nextEvent(a, SESSION_EVENTS.realityCheckDismissed);
    const closedB = nextEvent(b, SESSION_EVENTS.realityCheckDismissed);
    a.emit(SESSION_EVENTS.realityCheckAck, { dueAt: onA[0]?.dueAt });
    expect(await closedA).toEqual([{ dueAt: onA[0]?.dueAt }]);
    expect(await closedB).toEqual([{ dueAt: onA[0]?.dueAt }]);
    // answered: a new tab is not shown it again
    const c = await tab(user.token);
    const onC = heard(c);
    await clock.advance(1000);
    await settle();
    expect(onC).toEqual([]);
    // the next interval: once more in each tab (a fourth tab sets the session's timer again)
    await passed(user.id, 5 * MIN - 2000);
    await tab(user.token);
    await clock.advance(1000);
    await expect.poll(() => [onA.length, onB.length, onC.length]).toEqual([2, 2, 1]);
    await settle();
    expect([onA.length, onB.length, onC.length]).toEqual([2, 2, 1]);
    expect(onC[0]?.minutesPlayed).toBe(10);
  });

  it("shows the session's net result: its stakes, wins and refunds from the ledger, nothing else", async () => {
    const user = await server.newUser();
    await ledger(user.id, 10_000, 'deposit', 'rc-deposit');
    await ledger(user.id, -700, 'bet', 'rc-before'); // before the reminder was set: not counted
    await setMinutes(user.token, 5);
    await ledger(user.id, -250, 'bet', 'rc-bet-1');
    await ledger(user.id, -100, 'bet', 'rc-bet-2');
    await ledger(user.id, 100, 'bet_refund', 'rc-refund');
    await ledger(user.id, 700, 'win', 'rc-win');
    await ledger(user.id, 5_000, 'deposit', 'rc-deposit-2'); // not play
    await ledger(user.id, 300, 'admin', 'rc-admin'); // not play
    await passed(user.id, 5 * MIN - 1000);
    const socket = await tab(user.token);
    const got = heard(socket);
    await clock.advance(1000);
    await expect.poll(() => got.length).toBe(1);
    expect(got[0]).toMatchObject({ net: 4.5, wagered: 3.5 });
  });

  it("counts from the session's sign-in when the reminder was set before it", async () => {
    const user = await server.newUser();
    await setMinutes(user.token, 10);
    await ledger(user.id, 10_000, 'deposit', 'rc2-deposit');
    await ledger(user.id, -400, 'bet', 'rc2-old-session'); // the earlier session's play
    await passed(user.id, 4 * MIN);
    const token = await server.signIn(user.email, user.password);
    const signedInAt = clock.now();
    await ledger(user.id, -200, 'bet', 'rc2-bet');
    // the first session's reminder is due in 6 minutes, this one's in 10
    await passed(user.id, 9 * MIN);
    const socket = await tab(token);
    const got = heard(socket);
    await clock.advance(1000);
    await settle();
    expect(got).toEqual([]);
    await passed(user.id, MIN - 2000);
    await tab(token);
    await clock.advance(1000);
    await expect.poll(() => got.length).toBe(1);
    expect(got[0]).toMatchObject({
      since: new Date(signedInAt - 10 * MIN + 2000).toISOString(),
      minutesPlayed: 10,
      net: -2,
      wagered: 2,
    });
  });

  it('a new interval starts the clock again; turned off, nothing is sent', async () => {
    const user = await server.newUser();
    await setMinutes(user.token, 5);
    const socket = await tab(user.token);
    const got = heard(socket);
    await passed(user.id, 5 * MIN - 1000);
    await setMinutes(user.token, 10); // restarts its clock and this node's timer
    await clock.advance(1000);
    await settle();
    expect(got).toEqual([]);
    await passed(user.id, 10 * MIN - 2000);
    await tab(user.token);
    await clock.advance(1000);
    await expect.poll(() => got.length).toBe(1);
    expect(got[0]?.intervalMinutes).toBe(10);
    await setMinutes(user.token, null);
    await passed(user.id, 10 * MIN);
    await tab(user.token);
    await clock.advance(1000);
    await settle();
    expect(got).toHaveLength(1);
  });

  it('refuses an answer to a reminder that is not due or a malformed one, changing nothing', async () => {
    const user = await server.newUser();
    await setMinutes(user.token, 5);
    const socket = await tab(user.token);
    const got = heard(socket);
    const early = nextEvent(socket, SESSION_EVENTS.realityCheckError);
    socket.emit(SESSION_EVENTS.realityCheckAck, { dueAt: new Date(clock.now() + 5 * MIN).toISOString() });
    expect(await early).toEqual(['That reminder is not due yet.']);
    await pause(); // one event per 10 ms and socket (PROTOCOL §1)
    const bad = nextEvent(socket, SESSION_EVENTS.realityCheckError);
    socket.emit(SESSION_EVENTS.realityCheckAck, { dueAt: 'soon' });
    expect((await bad)[0]).toBeTypeOf('string');
    await passed(user.id, 5 * MIN - 1000);
    await tab(user.token);
    await clock.advance(1000);
    await expect.poll(() => got.length).toBe(1);
  });
});

/** Two nodes on one clock: each node sends to its own tabs of the session, the answer reaches both. */
describe.runIf(twoNodesEnabled)('the reality check across two nodes', () => {
  const clock = new ManualClock(Date.now());
  let a: TestServer;
  let b: TestServer;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const shared = await createPgDatabase();
    drop = shared.drop;
    const env = { DATABASE_URL: shared.url, REDIS_URL: process.env.REDIS_URL ?? '' };
    a = await startServer({ env, clock });
    b = await startServer({ env, clock });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it('each tab hears it once and an answer on one node closes it on the other', async () => {
    const user = await a.newUser();
    expect((await a.api('POST', '/api/account/reality-check', { minutes: 5 }, user.token)).status).toBe(200);
    const onA = await a.socket('chat', user.token);
    const onB = await b.socket('chat', user.token);
    await realityChecksOf(a.site.ctx).idle();
    await realityChecksOf(b.site.ctx).idle();
    const gotA = heard(onA);
    const gotB = heard(onB);
    // as if 4:59 had passed since the sign-in and the setting
    await sql`UPDATE rg_state SET reality_check_set_at = reality_check_set_at - interval '299 seconds'
      WHERE user_id = ${user.id}`.execute(a.site.ctx.db);
    await sql`UPDATE sessions SET created_at = created_at - interval '299 seconds'
      WHERE user_id = ${user.id}`.execute(a.site.ctx.db);
    // the same interval again changes nothing stored, but node B tells node A (through the adapter)
    // to read the reminder again: both set their timers to the moved due point
    expect((await b.api('POST', '/api/account/reality-check', { minutes: 5 }, user.token)).status).toBe(200);
    await settle();
    await realityChecksOf(a.site.ctx).idle();
    await realityChecksOf(b.site.ctx).idle();
    await clock.advance(1000);
    await expect.poll(() => [gotA.length, gotB.length]).toEqual([1, 1]);
    await settle();
    expect([gotA.length, gotB.length]).toEqual([1, 1]);
    const closedB = nextEvent(onB, SESSION_EVENTS.realityCheckDismissed);
    onA.emit(SESSION_EVENTS.realityCheckAck, { dueAt: gotA[0]?.dueAt });
    expect(await closedB).toEqual([{ dueAt: gotA[0]?.dueAt }]);
  });
});
