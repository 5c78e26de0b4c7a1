import { hostname } from 'node:os';
import type { Logger } from 'pino';
import pg from 'pg';

/**
 * One leader drives time (DESIGN.md §1). The node holding a session-level Postgres advisory lock runs
 * the round loops; the lock lives on a dedicated connection, so when the node dies its connection
 * closes, the lock is released and a waiting node takes it over at once. On the embedded
 * PGlite (one process) this process is the leader at once.
 *
 * A node that stalls (a paused process or VM) keeps its connection and so its lock: the lease
 * (issue 26 item 9, table leader_lease) covers that. The lock holder takes the lease with a new term
 * and renews its heartbeat; a follower that finds the heartbeat older than the lease bound ends the
 * holder's lock session, so a waiting node leads. The leader's loop transactions are fenced by the
 * term (platform/fence.ts), and the leader stops acting as soon as its own lease has run out by its
 * own clock (isLeader() turns false, and the loops' timers and steps wait, until a renewal says the
 * lease is still its; when it is not, the node steps down and the loops stop).
 */
export interface Leadership {
  /** Whether this node leads with a lease that has not run out (false once it stalled past it). */
  isLeader(): boolean;
  /** The lease term this node leads (or last believed it led) under; null when it does not lead, and on the embedded database (nothing to fence). */
  term(): number | null;
  /** The lease bound in ms (a fenced transaction's idle timeout). */
  readonly leaseMs: number;
  /** Runs fn now if leader, and every time this node becomes leader. */
  onLeader(fn: () => void): void;
  /** Called when leadership is lost (the loops should stop). */
  onFollower(fn: () => void): void;
  close(): Promise<void>;
}

const LEADER_LOCK = 727_002;
/** The default lease bound (config LEADER_LEASE_MS). */
export const LEASE_MS = 3000;

export function embeddedLeadership(): Leadership {
  return {
    isLeader: () => true,
    term: () => null,
    leaseMs: LEASE_MS,
    onLeader: (fn) => fn(),
    onFollower: () => {},
    close: async () => {},
  };
}

/**
 * A follower ends the lock session of a leader whose heartbeat is older than the bound ($1 ms); only
 * while that session still holds the leader lock ($2), so a reused pid is never hit.
 */
const END_STALE_LEADER = `
  SELECT l.term, l.holder, l.lock_pid,
    (extract(epoch from clock_timestamp() - l.heartbeat_at) * 1000)::float8 AS age_ms,
    pg_terminate_backend(l.lock_pid) AS ended
  FROM leader_lease l
  WHERE l.id = 1
    AND l.heartbeat_at < clock_timestamp() - $1::int * interval '1 millisecond'
    AND EXISTS (
      SELECT 1 FROM pg_locks k
      WHERE k.locktype = 'advisory' AND k.granted AND k.pid = l.lock_pid
        AND k.classid = 0 AND k.objid::text::bigint = $2::bigint AND k.objsubid = 1
        AND k.database = (SELECT oid FROM pg_database WHERE datname = current_database()))`;

/**
 * Followers wait on the lock (a blocking `pg_advisory_lock` on their dedicated connection) rather
 * than polling it: PostgreSQL grants it to a waiter the moment it is free. A graceful stop (SIGTERM)
 * stops the loops, then unlocks explicitly, so a follower takes over within milliseconds; after a
 * kill -9 the database sees the dead node's socket close, ends its session and releases the lock,
 * and a waiter gets it as soon. retryMs is only the pause before a new connection after a failure.
 *
 * The lease: the node that gets the lock bumps the term on the same connection and renews the
 * heartbeat there every leaseMs/4; it trusts its lease until leaseMs after the last renewal it sent.
 * Every follower looks every leaseMs/4 (its own watch connection) for a heartbeat older than
 * leaseMs and ends that holder's lock session, which hands the lock to a waiter.
 */
export function postgresLeadership(opts: {
  url: string;
  log: Logger;
  retryMs?: number;
  leaseMs?: number;
  /** Written in the lease row (who leads); host:pid by default. */
  name?: string;
}): Leadership {
  const retryMs = opts.retryMs ?? 250;
  const leaseMs = opts.leaseMs ?? LEASE_MS;
  const beatMs = Math.max(25, Math.floor(leaseMs / 4));
  const name = opts.name ?? `${hostname()}:${process.pid}`;
  const leaders: Array<() => void> = [];
  const followers: Array<() => void> = [];
  /** Holds the lock and the lease term. */
  let leader = false;
  /** The loops run (onLeader was called and onFollower not since). */
  let acting = false;
  let term: number | null = null;
  /** performance.now() up to which the lease is this node's for sure (last renewal sent + leaseMs). */
  let validUntil = 0;
  let closed = false;
  let client: pg.Client | null = null;
  /** The backend of `client` while it waits on the lock (to cancel the wait at close). */
  let waitingPid: number | null = null;
  let timer: NodeJS.Timeout | null = null;
  let beatTimer: NodeJS.Timeout | null = null;
  let beating = false;
  let watch: pg.Client | null = null;
  let watchTimer: NodeJS.Timeout | null = null;

  const act = () => {
    if (acting || !leader || closed) return;
    acting = true;
    for (const fn of leaders) fn();
  };
  const halt = () => {
    if (!acting) return;
    acting = false;
    for (const fn of followers) fn();
  };

  const lose = () => {
    if (!leader) return;
    leader = false;
    term = null;
    opts.log.warn('lost leadership');
    halt();
    scheduleWatch();
  };

  /** Drops the lock connection (its lock and lease with it) and waits again on a new one. */
  const drop = (c: pg.Client, err?: Error) => {
    if (client !== c) return; // an earlier connection, already replaced
    client = null;
    waitingPid = null;
    if (err) opts.log.warn({ err: { message: err.message } }, 'leader connection lost');
    c.end().catch(() => {});
    lose();
    schedule();
  };

  /** Set while the lease has run out by this node's clock (a stall), until a renewal or the loss. */
  let overdue = false;

  const isLeader = (): boolean => {
    if (!leader) return false;
    if (performance.now() < validUntil) return true;
    // This node stalled past its lease (a paused process or VM): a follower may lead by now. Nothing
    // of the loops runs (their timers and steps wait) until a renewal tells whether the lease is
    // still this node's (they carry on) or not (the connection is dropped and the loops stop).
    if (!overdue) {
      overdue = true;
      opts.log.warn({ overdueMs: Math.round(performance.now() - validUntil) }, 'leader lease ran out');
    }
    beatNow();
    return false;
  };

  async function beat(): Promise<void> {
    beatTimer = null;
    const c = client;
    if (!leader || !c || beating || closed) return;
    beating = true;
    const sent = performance.now();
    try {
      const r = await c.query(
        'UPDATE leader_lease SET heartbeat_at = clock_timestamp() WHERE id = 1 AND term = $1 RETURNING term',
        [term],
      );
      if (client !== c || !leader) return;
      if (r.rowCount === 0) {
        opts.log.warn({ term }, 'the leader lease has a newer term: another node leads');
        drop(c);
        return;
      }
      validUntil = sent + leaseMs;
      if (overdue) {
        overdue = false;
        opts.log.info({ term }, 'leader lease renewed after it ran out: the loops carry on');
      }
    } catch (err) {
      drop(c, err as Error);
    } finally {
      beating = false;
      if (leader && client === c) scheduleBeat();
    }
  }

  function scheduleBeat() {
    if (beatTimer || closed) return;
    beatTimer = setTimeout(() => void beat(), beatMs);
    beatTimer.unref();
  }

  function beatNow() {
    if (beating) return;
    if (beatTimer) clearTimeout(beatTimer);
    beatTimer = null;
    void beat();
  }

  /** A follower's look at the lease: ends the lock session of a leader whose heartbeat is stale. */
  async function watchLease(): Promise<void> {
    watchTimer = null;
    if (closed || leader) return;
    try {
      if (!watch) {
        const w = new pg.Client({ connectionString: opts.url });
        w.on('error', () => {
          if (watch === w) watch = null;
          w.end().catch(() => {});
        });
        await w.connect();
        if (closed) {
          await w.end().catch(() => {});
          return;
        }
        watch = w;
      }
      const r = await watch.query<{
        term: number;
        holder: string | null;
        lock_pid: number;
        age_ms: number;
        ended: boolean;
      }>(END_STALE_LEADER, [leaseMs, LEADER_LOCK]);
      const stale = r.rows[0];
      if (stale?.ended)
        opts.log.warn(
          {
            term: Number(stale.term),
            holder: stale.holder,
            pid: stale.lock_pid,
            heartbeatAgeMs: Math.round(stale.age_ms),
            leaseMs,
          },
          "ended a stalled leader's lock session (its lease heartbeat is older than the bound)",
        );
    } catch (err) {
      if (closed) return;
      opts.log.warn({ err: { message: (err as Error).message } }, 'leader lease check failed');
      watch?.end().catch(() => {});
      watch = null;
    }
    scheduleWatch();
  }

  function scheduleWatch() {
    if (closed || leader || watchTimer) return;
    watchTimer = setTimeout(() => void watchLease(), beatMs);
    watchTimer.unref();
  }

  const attempt = async () => {
    timer = null;
    if (closed || leader) return;
    try {
      if (!client) {
        const c = new pg.Client({ connectionString: opts.url });
        // The lock lives and dies with this connection: when it breaks (terminated, server restart)
        // the database has already released the lock, so this node steps down at once and waits
        // again on a new connection after retryMs (another node may have taken over meanwhile).
        c.on('error', (err) => drop(c, err));
        c.on('end', () => drop(c));
        await c.connect();
        // the wait may last as long as another node leads: no statement or lock timeout applies
        await c.query('SET statement_timeout = 0');
        await c.query('SET lock_timeout = 0');
        client = c;
      }
      const c = client;
      const pid = await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      waitingPid = pid.rows[0]?.pid ?? null;
      await c.query('SELECT pg_advisory_lock($1)', [LEADER_LOCK]);
      waitingPid = null;
      if (closed || client !== c) return; // close() or a broken connection ends it (and the lock)
      // the lease: a new term; FOR UPDATE waits for the old leader's fenced transactions in flight
      // (they hold the row FOR KEY SHARE, platform/fence.ts)
      const sent = performance.now();
      const lease = await c.query<{ term: number }>(
        `WITH locked AS (SELECT id FROM leader_lease WHERE id = 1 FOR UPDATE)
         UPDATE leader_lease
         SET term = term + 1, holder = $1, lock_pid = pg_backend_pid(), heartbeat_at = clock_timestamp()
         WHERE id IN (SELECT id FROM locked) RETURNING term`,
        [name],
      );
      if (closed || client !== c) return;
      const taken = lease.rows[0];
      if (!taken) throw new Error('the leader_lease row is missing');
      term = Number(taken.term);
      validUntil = sent + leaseMs;
      overdue = false;
      leader = true;
      if (watchTimer) clearTimeout(watchTimer);
      watchTimer = null;
      opts.log.info({ term }, 'became leader');
      scheduleBeat();
      act();
      return;
    } catch (err) {
      waitingPid = null;
      if (closed) return;
      opts.log.warn({ err }, 'leader election attempt failed');
      const c = client;
      client = null;
      c?.end().catch(() => {});
    }
    schedule();
  };

  function schedule() {
    if (closed || timer || leader) return;
    timer = setTimeout(() => void attempt(), retryMs);
    timer.unref();
  }

  /** Ends a follower's lock wait: its backend would otherwise wait on (and briefly take) the lock. */
  async function cancelWait(pid: number): Promise<void> {
    const c = new pg.Client({ connectionString: opts.url });
    c.on('error', () => {});
    try {
      await c.connect();
      await c.query('SELECT pg_cancel_backend($1)', [pid]);
    } catch {
      // the database is away: the wait ends with it
    } finally {
      await c.end().catch(() => {});
    }
  }

  void attempt();
  scheduleWatch();

  return {
    isLeader,
    term: () => term,
    leaseMs,
    onLeader(fn) {
      leaders.push(fn);
      if (acting) fn();
    },
    onFollower(fn) {
      followers.push(fn);
    },
    async close() {
      closed = true;
      for (const t of [timer, beatTimer, watchTimer]) if (t) clearTimeout(t);
      const w = watch;
      watch = null;
      await w?.end().catch(() => {});
      const c = client;
      client = null;
      const wasLeader = leader;
      const pid = waitingPid;
      lose();
      if (c && wasLeader) {
        // explicit release: the first waiting follower holds the lock when this returns
        await c.query('SELECT pg_advisory_unlock($1)', [LEADER_LOCK]).catch(() => {});
      } else if (pid !== null) await cancelWait(pid);
      await c?.end().catch(() => {});
    },
  };
}
