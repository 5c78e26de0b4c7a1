import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Realtime } from './realtime.ts';

export const USERS_ONLINE_EVENT = 'users-online';
/** How often a node counts its /chat connections and sends the total when it changed. */
export const ONLINE_TICK_MS = 1000;
/** A node whose figure is older than this has gone (crashed or stopped) and no longer counts. */
const NODE_STALE_MS = 5000;
/** The hash of every node's figure (after REDIS_PREFIX). */
export const ONLINE_KEY = 'coinsite:online';

/**
 * `users-online` on /chat (spec-2 §4; the panel shows it + 10). A node counts the people on its own
 * /chat connections, a signed-in player's tabs once and each signed-out tab once, and, with Redis,
 * shares that figure with the other nodes (one hash field per node, with its time) to send the
 * site-wide total. A new connection hears the total at once; everyone hears it again when it changes.
 */
export class OnlineCounter {
  private readonly node = randomUUID();
  private others = 0;
  private sent = -1;
  private ticking = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly key: string;

  constructor(
    private readonly realtime: Realtime,
    private readonly redis?: Redis,
    private readonly now: () => number = Date.now,
    /** REDIS_PREFIX */
    prefix = '',
  ) {
    this.key = `${prefix}${ONLINE_KEY}`;
  }

  start(): void {
    this.realtime.ns('chat').on('connection', (socket) => {
      socket.emit(USERS_ONLINE_EVENT, this.total());
    });
    // and again right after a successful auth (issue 10): the signed-in tab is counted by then
    this.realtime.onAuthenticated('chat', (socket) => socket.emit(USERS_ONLINE_EVENT, this.total()));
    this.timer = setInterval(() => void this.tick(), ONLINE_TICK_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.redis?.hdel(this.key, this.node).catch(() => undefined);
  }

  /** People on this node's /chat connections. */
  local(): number {
    const users = new Set<number>();
    let guests = 0;
    for (const socket of this.realtime.ns('chat').sockets.values()) {
      const user = (socket.data as { user?: { id: number } }).user;
      if (user) users.add(user.id);
      else guests++;
    }
    return users.size + guests;
  }

  total(): number {
    return this.local() + this.others;
  }

  /**
   * Publishes this node's figure, reads the others' and sends the total if it changed. One tick at a
   * time (a slow Redis must not let an older count be sent after a newer one), and the total is this
   * node's count after the Redis round trip, not from before it.
   */
  async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      await this.shareCount();
      const total = this.local() + this.others;
      if (total !== this.sent) {
        this.sent = total;
        this.realtime.ns('chat').local.emit(USERS_ONLINE_EVENT, total);
      }
    } finally {
      this.ticking = false;
    }
  }

  /** With Redis: this node's figure out, the other nodes' live figures in (`others`). */
  private async shareCount(): Promise<void> {
    if (this.redis) {
      try {
        const t = this.now();
        await this.redis.hset(this.key, this.node, `${this.local()}:${t}`);
        const all = await this.redis.hgetall(this.key);
        let others = 0;
        const stale: string[] = [];
        for (const [node, value] of Object.entries(all)) {
          if (node === this.node) continue;
          const [count, at] = value.split(':').map(Number);
          if (t - (at ?? 0) > NODE_STALE_MS) stale.push(node);
          else others += count ?? 0;
        }
        if (stale.length > 0) await this.redis.hdel(this.key, ...stale);
        this.others = others;
      } catch {
        // Redis away: carry on with the last figure of the other nodes
      }
    }
  }
}
