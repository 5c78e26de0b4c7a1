import { NAMESPACES, type Namespace, RESYNC_EVENT } from '@coinsite/shared';
import { z } from 'zod';
import type { Ctx } from './context.ts';
import type { GameSocket } from './realtime.ts';
import type { RedisLink } from './redis.ts';

/**
 * What a resync makes up for (issue 26 item 10); triggers that come together are merged into one.
 */
export interface ResyncScope {
  /**
   * This node's own link was lost at `since` (its clock) and is back: its clients missed what the
   * other nodes broadcast meanwhile, among it the chat lines posted since then but the `posted` ones
   * (this node's own, which reached its clients). null: this node's link was not lost.
   */
  since: number | null;
  posted: number[];
  /** Chat lines other nodes posted while their link was away (a note from them): nobody here got them. */
  lines: number[];
}

/** The newest chat lines a node remembers having posted while its link was away. */
const POSTED_KEPT = 1000;

/** Resync triggers this close together (this node's return and another node's note) make one resync. */
export const RESYNC_SETTLE_MS = 200;

/**
 * A feature's part of a resync for the sockets of the original client (which knows no `resync`): it
 * sends them, under the event names they know, what those names carry (current states, missed lines).
 */
export type ResyncProvider = (sockets: GameSocket[], scope: ResyncScope) => Promise<void>;

/** The note one node sends the others (server-side, through the adapter) when its link is back. */
const remoteNote = z.object({ lines: z.array(z.number().int().positive()).max(10_000) });

/** Whether a socket is our client's: it asked for `resync` in its handshake (`auth: { resync: true }`). */
export const wantsResync = (socket: GameSocket): boolean =>
  (socket.handshake.auth as { resync?: unknown } | undefined)?.resync === true;

/**
 * Broadcasts lost while Redis was away are not replayed (docs/decisions.md, issue 20): instead, when a
 * node's link comes back, every client of every node loads what it missed from the server. Our
 * client gets `resync` on each namespace and reloads its snapshots; the original client gets, from
 * each feature's provider, the missed chat lines and the current states under the names it knows.
 * The node tells the other nodes too (a server-side event), since a link lost by one node alone
 * loses that node's broadcasts for everyone. Runs one at a time per node.
 */
export class Resync {
  private readonly providers = new Map<Namespace, ResyncProvider[]>();
  private chain: Promise<void> = Promise.resolve();
  private pending: ResyncScope | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lostAt: number | null = null;
  /** Chat lines this node posted while its link was away: the other nodes' clients missed them. */
  private readonly posted = new Set<number>();

  constructor(private readonly ctx: Ctx) {}

  /** Registers a feature's part for the original client's sockets on `ns`. */
  provide(ns: Namespace, provider: ResyncProvider): void {
    const list = this.providers.get(ns) ?? [];
    list.push(provider);
    this.providers.set(ns, list);
  }

  /** A chat line stored and sent to this node's clients: while the link is away, the others missed it. */
  notePosted(messageId: number): void {
    if (this.lostAt === null) return;
    this.posted.add(messageId);
    // the original client keeps the last 30 lines: the newest of this node's own are all it needs
    if (this.posted.size > POSTED_KEPT) this.posted.delete(this.posted.values().next().value as number);
  }

  /** Follows a node's Redis link and hears the other nodes' notes. */
  watch(link: RedisLink): void {
    link.onLost(() => {
      this.lostAt ??= this.ctx.clock.now();
    });
    link.onBack(() => {
      const since = this.lostAt ?? this.ctx.clock.now();
      const lines = [...this.posted];
      this.lostAt = null;
      this.posted.clear();
      this.request({ since, posted: lines, lines: [] });
      this.ctx.realtime.ns('chat').serverSideEmit(RESYNC_EVENT, { lines });
    });
    this.ctx.realtime.ns('chat').on(RESYNC_EVENT, (raw: unknown) => {
      const note = remoteNote.safeParse(raw);
      if (!note.success) {
        this.ctx.log.warn({ issues: note.error.issues }, 'ignored a malformed resync note');
        return;
      }
      this.request({ since: null, posted: [], lines: note.data.lines });
    });
    this.ctx.onClose.push(async () => {
      link.stop();
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
    });
  }

  /**
   * Asks for a resync of this node's clients: merged with any asked for in the next RESYNC_SETTLE_MS
   * (both nodes coming back at once make one resync, not two), then queued behind one still running.
   */
  request(scope: ResyncScope): void {
    const p = this.pending;
    this.pending = p
      ? {
          since:
            p.since === null ? scope.since : scope.since === null ? p.since : Math.min(p.since, scope.since),
          posted: [...p.posted, ...scope.posted],
          lines: [...p.lines, ...scope.lines],
        }
      : scope;
    this.timer ??= setTimeout(() => {
      this.timer = null;
      const next = this.pending;
      this.pending = null;
      if (next) void this.run(next);
    }, RESYNC_SETTLE_MS);
  }

  /** Resyncs this node's clients now (queued behind a resync still running). */
  run(scope: ResyncScope): Promise<void> {
    this.chain = this.chain
      .then(() => this.resyncClients(scope))
      .catch((err: unknown) => this.ctx.log.error({ err }, 'resync failed'));
    return this.chain;
  }

  private async resyncClients(scope: ResyncScope): Promise<void> {
    for (const ns of NAMESPACES) {
      const sockets = [...this.ctx.realtime.ns(ns).sockets.values()] as unknown as GameSocket[];
      if (sockets.length === 0) continue;
      const legacy = sockets.filter((s) => !wantsResync(s));
      if (legacy.length > 0)
        for (const provider of this.providers.get(ns) ?? []) {
          try {
            await provider(legacy, scope);
          } catch (err) {
            this.ctx.log.error({ err, ns }, 'resync provider failed');
          }
        }
      for (const s of sockets) if (wantsResync(s) && s.connected) s.emit(RESYNC_EVENT);
    }
  }
}

const resyncs = new WeakMap<Ctx, Resync>();

/** The app's resync (one per ctx; features register their providers on it whether or not Redis is set). */
export function resyncOf(ctx: Ctx): Resync {
  let r = resyncs.get(ctx);
  if (!r) {
    r = new Resync(ctx);
    resyncs.set(ctx, r);
  }
  return r;
}
