import type { Logger } from 'pino';
import pg from 'pg';

/**
 * One leader drives time (DESIGN.md §1). The node holding a session-level Postgres advisory lock runs
 * the round loops; the lock lives on a dedicated connection, so when the node dies its connection
 * closes, the lock is released and another node takes over within a retry interval. On the embedded
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

export function postgresLeadership(opts: { url: string; log: Logger; retryMs?: number }): Leadership {
  const retryMs = opts.retryMs ?? 2000;
  const leaders: Array<() => void> = [];
  const followers: Array<() => void> = [];
  let leader = false;
  let closed = false;
  let client: pg.Client | null = null;
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
        // the database has already released the lock, so this node steps down at once and tries
        // again in retryMs on a new connection (another node may have taken over meanwhile).
        const broken = (err?: Error) => {
          if (client !== c) return; // an earlier connection, already replaced
          client = null;
          if (err) opts.log.warn({ err: { message: err.message } }, 'leader connection lost');
          c.end().catch(() => {});
          lose();
          schedule();
        };
        c.on('error', (err) => broken(err));
        c.on('end', () => broken());
        await c.connect();
        client = c;
      }
      const res = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [LEADER_LOCK]);
      if (res.rows[0]?.ok && !closed) {
        leader = true;
        opts.log.info('became leader');
        for (const fn of leaders) fn();
        return;
      }
    } catch (err) {
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
      lose();
      await c?.end().catch(() => {});
    },
  };
}
