import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crashElapsedMsFor, crashMultiplierAt } from '@coinsite/shared/games';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NodeProcess, sleep, spawnNode, stopNode } from '../../test-support/node-process.ts';
import {
  call,
  crashSocket,
  ledgerMismatches,
  PROCESS_ADMIN,
  processPlayer,
  scratchDatabase,
  signIn,
  waitFor,
} from '../../test-support/process-kit.ts';

/**
 * Issue 26 item 9, the standing check: two real nodes on one PostgreSQL with Redis. The leader is
 * stopped (SIGSTOP) in a crash round, before its crash time, and stays stopped past it; then it is
 * resumed (SIGCONT) in one run and killed (SIGKILL) in the other. Either way the follower takes over
 * within the lease bound, the round busted in the gap (its crash time came long after the last tick
 * shown), and its eight bets settle the same way: autos below the bust paid at their targets, the
 * bets cashed out blind during the gap paid at the last multiplier shown (never more), the rest
 * voided. The resumed leader writes nothing and steps down.
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.REDIS_URL);
/** The lease bound for these nodes (the default is 3 s); a heartbeat every quarter of it. */
const LEASE_MS = 2000;
const BEAT_MS = LEASE_MS / 4;
/** The leader is stopped this long before the crash time. */
const STOP_BEFORE_CRASH_MS = 1000;

interface BetRow {
  user_id: string;
  status: string;
  cashout: number | null;
}

describe.runIf(enabled)('a leader stalled past a crash time (SIGSTOP), resumed or killed', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coinsite-stall-'));
  const nodes: NodeProcess[] = [];
  const sockets: Socket[] = [];
  let players: Array<{ token: string; id: number }> = [];

  const startNode = (name: string) =>
    spawnNode({
      databaseUrl: scratch.url,
      dataDir: path.join(dataDir, name),
      env: {
        REDIS_URL: process.env.REDIS_URL ?? '',
        RATE_LIMIT_FACTOR: '50',
        ADMIN_EMAIL: PROCESS_ADMIN.email,
        ADMIN_PASSWORD: PROCESS_ADMIN.password,
        LEADER_LEASE_MS: String(LEASE_MS),
        CRASH_BETTING_MS: '2000',
      },
    });

  const leads = async (node: NodeProcess) =>
    (await call<{ leader: boolean }>(node.url, 'GET', '/api/health')).leader;

  beforeAll(async () => {
    scratch = await scratchDatabase('t_stall');
    const a = await startNode('a');
    nodes.push(a);
    await a.leads;
    const b = await startNode('b');
    nodes.push(b);
    const admin = await signIn(a.url, PROCESS_ADMIN.email, PROCESS_ADMIN.password);
    players = await Promise.all(
      Array.from({ length: 8 }, (_, i) => processPlayer(a.url, `st${i}_${process.pid}`, 100, admin)),
    );
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    for (const n of nodes) await stopNode(n);
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The crash round taking bets, with at least `leftMs` to go, whose crash point passes `pick`. */
  async function bettingRound(pick: (cp: number) => boolean, leftMs: number) {
    const end = Date.now() + 200_000;
    while (Date.now() < end) {
      const r = await scratch.db.query<{ id: string; result: string; left: number }>(
        `SELECT id, result, extract(epoch from betting_ends_at - now()) * 1000 AS left
         FROM rounds WHERE game = 'crash' AND status = 'betting'`,
      );
      const row = r.rows[0];
      if (row && Number(row.left) > leftMs && pick(Number(row.result)))
        return { id: Number(row.id), cp: Number(row.result) };
      await sleep(100);
    }
    // what the rounds and the nodes were doing, so a failure says why
    const seen = await scratch.db.query(
      `SELECT id, status, result, betting_ends_at, started_at, now() AS now FROM rounds
       WHERE game = 'crash' ORDER BY id DESC LIMIT 5`,
    );
    const health = await Promise.all(nodes.map((n) => leads(n).catch((e) => String(e))));
    throw new Error(
      `no suitable betting round in 200 s; last crash rounds ${JSON.stringify(seen.rows)}; leading ${JSON.stringify(
        health,
      )}; node problems:\n${nodes.map((n) => [...n.leaderLog.slice(-10), ...n.problems.slice(-20)].join('\n')).join('\n---\n')}`,
    );
  }

  /** One run: `leader` is stopped in a round, `follower` takes over; then `end` ends the stall. */
  async function stalledRound(leader: NodeProcess, follower: NodeProcess, end: 'SIGCONT' | 'SIGKILL') {
    const s: Socket[] = [];
    for (const p of players) s.push(await crashSocket(follower.url, p.token));
    sockets.push(...s);
    // 1.20x..6.00x: the stop falls at least 2 s into the round, and the round is not long (6x: 30 s).
    // Each miss above the range costs a whole long round (a 27x round runs 55 s): with 4x as the top,
    // four such rounds in a row used up a 150-s wait once (stop 39); with 6x a miss is rarer.
    const round = await bettingRound((cp) => cp >= 120 && cp <= 600, 1000);
    const crashMs = crashElapsedMsFor(round.cp);
    const stopAtMs = crashMs - STOP_BEFORE_CRASH_MS;
    const manualAt = crashMultiplierAt(stopAtMs - 600);
    const early = crashMultiplierAt(stopAtMs - 900); // an auto-cashout the leader still ticks to
    const late = crashMultiplierAt(crashMs - 300); // an auto-cashout after the last tick, below the bust
    expect(early).toBeLessThan(manualAt);
    const shown: number[] = [];
    s[0]?.on('game-tick', (m: number) => shown.push(Math.round(m * 100)));
    // role by role: [auto target or null] (the amount is 1 coin each)
    const targets = [early, late, null, null, null, null, round.cp + 50, null];
    for (const [i, target] of targets.entries()) {
      const sock = s[i] as Socket;
      const ok = waitFor(sock, 'game-join-success', () => true, 10_000);
      sock.emit('join-game', target, 1);
      await ok;
    }
    const first = s[0] as Socket;
    await waitFor(first, 'game-start', () => true, 15_000);
    // bet 7 cashes out by hand while the ticks still come (an ordinary cash-out by the server's time)
    await waitFor(first, 'game-tick', (m) => Math.round(Number(m) * 100) >= manualAt, 30_000);
    const manual = waitFor(s[7] as Socket, 'bet-cashout-success', () => true, 10_000);
    s[7]?.emit('bet-cashout');
    await manual;
    await waitFor(
      first,
      'game-tick',
      (m) => Math.round(Number(m) * 100) >= crashMultiplierAt(stopAtMs),
      30_000,
    );
    leader.proc.kill('SIGSTOP');
    const stoppedAt = Date.now();
    const lastShown = Math.max(...shown);
    const takenBefore = follower.leaderTimes.length;

    // blind cash-outs: one before the crash time, one after it, both while no node ticks
    await sleep(stoppedAt + 700 - Date.now());
    const blind1 = waitFor<[{ stoppedAt: number }]>(s[2] as Socket, 'bet-cashout-success', () => true, 5000);
    s[2]?.emit('bet-cashout');
    const [paid1] = await blind1;
    await sleep(stoppedAt + STOP_BEFORE_CRASH_MS + 250 - Date.now());
    const blind2 = waitFor<[{ stoppedAt: number }]>(s[3] as Socket, 'bet-cashout-success', () => true, 5000);
    s[3]?.emit('bet-cashout');
    const [paid2] = await blind2;
    const blindDone = Date.now();

    // the follower takes over within the lease bound (plus one look of its watch) and settles the round
    const deadline = Date.now() + 3 * LEASE_MS;
    while (follower.leaderTimes.length === takenBefore && Date.now() < deadline) await sleep(20);
    const takeoverMs = (follower.leaderTimes[takenBefore] ?? Number.POSITIVE_INFINITY) - stoppedAt;
    // the heartbeat is stale at most LEASE_MS after the stop, and the follower looks every BEAT_MS;
    // the rest is slack for a loaded machine (measured 1.6-1.8 s, once 3.1 s on a busy 2-core VM)
    expect(takeoverMs, follower.leaderLog.join('\n')).toBeLessThanOrEqual(LEASE_MS + 2 * BEAT_MS + 500);
    // both blind cash-outs were answered during the gap, before the new leader settled the round
    expect(blindDone).toBeLessThan(stoppedAt + takeoverMs);
    let status = '';
    while (Date.now() < deadline + 10_000) {
      const r = await scratch.db.query<{ status: string }>('SELECT status FROM rounds WHERE id = $1', [
        round.id,
      ]);
      status = r.rows[0]?.status ?? '';
      if (status === 'over') break;
      await sleep(50);
    }
    expect(status).toBe('over');
    const bets = async () =>
      (
        await scratch.db.query<BetRow>(
          'SELECT user_id, status, cashout FROM round_bets WHERE round_id = $1 ORDER BY id',
          [round.id],
        )
      ).rows;
    const settled = await bets();

    // the stall ends: resumed, the old leader finds its lease gone and steps down, writing nothing
    if (end === 'SIGCONT') {
      leader.proc.kill('SIGCONT');
      let still = true;
      for (let i = 0; i < 100 && still; i++) {
        await sleep(50);
        still = await leads(leader).catch(() => true);
      }
      expect(still).toBe(false);
      await sleep(LEASE_MS);
      expect(await bets()).toEqual(settled);
    } else await stopNode(leader);
    expect(await leads(follower)).toBe(true);

    const row = await scratch.db.query<{ handover_void: boolean; shown_multiplier: number }>(
      'SELECT handover_void, shown_multiplier FROM rounds WHERE id = $1',
      [round.id],
    );
    // no cash-out sent blind beat the last multiplier shown; they got exactly the recorded last tick
    const recorded = Number(row.rows[0]?.shown_multiplier);
    for (const paid of [paid1, paid2]) {
      expect(paid.stoppedAt).toBeLessThanOrEqual(lastShown);
      expect(paid.stoppedAt).toBe(recorded);
    }
    for (const sock of s) sock.disconnect();
    const byRole = settled.map((b) => ({
      status: b.status,
      cashout:
        b.cashout === null
          ? null
          : Number(b.cashout) === early
            ? 'early target'
            : Number(b.cashout) === late
              ? 'late target'
              : Number(b.cashout) === recorded
                ? 'last shown'
                : 'by time',
    }));
    return { void: row.rows[0]?.handover_void, bets: byRole, takeoverMs, lastShown, recorded };
  }

  it('the same bets settle the same way whether the stalled leader resumes or is killed', async () => {
    const [a, b] = nodes as [NodeProcess, NodeProcess];
    expect(await leads(a)).toBe(true);
    const resumed = await stalledRound(a, b, 'SIGCONT');
    // now b leads and a (resumed, stepped down) follows
    const killed = await stalledRound(b, a, 'SIGKILL');
    const expected = [
      { status: 'cashed', cashout: 'early target' },
      { status: 'cashed', cashout: 'late target' },
      { status: 'cashed', cashout: 'last shown' },
      { status: 'cashed', cashout: 'last shown' },
      { status: 'refunded', cashout: null },
      { status: 'refunded', cashout: null },
      { status: 'refunded', cashout: null },
      { status: 'cashed', cashout: 'by time' },
    ];
    expect(resumed.bets).toEqual(expected);
    expect(killed.bets).toEqual(expected);
    expect([resumed.void, killed.void]).toEqual([true, true]);
    console.log(
      `takeover after SIGSTOP: ${resumed.takeoverMs} ms (resumed run), ${killed.takeoverMs} ms (killed run); lease ${LEASE_MS} ms`,
    );
    expect(await ledgerMismatches(scratch.db)).toEqual([]);
  }, 480_000);
});
