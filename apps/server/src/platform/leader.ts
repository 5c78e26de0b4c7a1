import type { Logger } from 'pino';
import pg from 'pg';

/**
 * One leader drives time (DESIGN.md §1). The node holding a session-level Postgres advisory lock runs
 * the round loops; the lock lives on a dedicated connection, so when the node dies its connection
 * closes, the lock is released and a waiting node takes it over at once. On the embedded
 * PGlite (one process) this process is the leader at once.
 */
export interface Leadership {
  isLeader(): boolean;
  /** Runs fn now if leader, and every time this node becomes leader. */
  onLeader(fn: () => void): void;
  /** Called when leadership is lost (the loops should stop). */
  onFollower(fn: () => void): void;
  close(): Promise<void>;
}

const LEADER_LOCK = 727_002;

export function embeddedLeadership(): Leadership {
  return {
    isLeader: () => true,
    onLeader: (fn) => fn(),
    onFollower: () => {},
    close: async () => {},
  };
}

/**
 * Followers wait on the lock (a blocking `pg_advisory_lock` on their dedicated connection) rather
 * than polling it: PostgreSQL grants it to a waiter the moment it is free. A graceful stop (SIGTERM)
 * stops the loops, then unlocks explicitly, so a follower takes over within milliseconds; after a
 * kill -9 the database sees the dead node's socket close, ends its session and releases the lock,
 * and a waiter gets it as soon. retryMs is only the pause before a new connection after a failure.
 */
export function postgresLeadership(opts: { url: string; log: Logger; retryMs?: number }): Leadership {
  const retryMs = opts.retryMs ?? 250;
  const leaders: Array<() => void> = [];
  const followers: Array<() => void> = [];
  let leader = false;
  let closed = false;
  let client: pg.Client | null = null;
  /** The backend of `client` while it waits on the lock (to cancel the wait at close). */
  let waitingPid: number | null = null;
  let timer: NodeJS.Timeout | null = null;

  const lose = () => {
    if (!leader) return;
    leader = false;
    opts.log.warn('lost leadership');
    for (const fn of followers) fn();
  };

  const attempt = async () => {
    timer = null;
    if (closed || leader) return;
    try {
      if (!client) {
        const c = new pg.Client({ connectionString: opts.url });
        // The lock lives and dies with this connection: when it breaks (terminated, server restart)
        // the database has already released the lock, so this node steps down at once and waits
        // again on a new connection after retryMs (another node may have taken over meanwhile).
        const broken = (err?: Error) => {
          if (client !== c) return; // an earlier connection, already replaced
          client = null;
          waitingPid = null;
          if (err) opts.log.warn({ err: { message: err.message } }, 'leader connection lost');
          c.end().catch(() => {});
          lose();
          schedule();
        };
        c.on('error', (err) => broken(err));
        c.on('end', () => broken());
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
      leader = true;
      opts.log.info('became leader');
      for (const fn of leaders) fn();
      return;
    } catch (err) {
      waitingPid = null;
      if (closed) return;
      opts.log.warn({ err }, 'leader election attempt failed');
      client?.end().catch(() => {});
      client = null;
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

  return {
    isLeader: () => leader,
    onLeader(fn) {
      leaders.push(fn);
      if (leader) fn();
    },
    onFollower(fn) {
      followers.push(fn);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
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
