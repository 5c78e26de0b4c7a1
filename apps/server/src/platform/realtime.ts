import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import {
  ACCOUNT_EVENTS,
  authPayload,
  centsToCoins,
  firstIssue,
  NAMESPACES,
  type Namespace,
  SESSION_END_TEXT,
  SESSION_EVENTS,
  type SessionEnded,
  type SessionEndReason,
  SOCKET_MIN_INTERVAL_MS,
  RANK,
  TEXT,
} from '@coinsite/shared';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import { type Clock, systemClock } from './clock.ts';
import { AppError } from './errors.ts';
import { STAFF_ROOM } from './ghost.ts';
import { BucketMap, TokenBucket } from './rate-limit.ts';
import { adapterKey } from './redis.ts';
import type { WalletNotifier } from './wallet.ts';
import { batchEngineWrites, type DirectClient, directBroadcasts, WriteBatcher } from './write-batching.ts';

export interface SocketUser {
  id: number;
  username: string;
  avatar: string;
  rank: number;
  banned: boolean;
  sessionId: number;
  /** When the session expires (ms, on the app's clock): its sockets are told and closed then. */
  expiresAt?: number;
}

export interface SocketData {
  user?: SocketUser;
  lastEventAt?: number;
  authBucket?: TokenBucket;
  /** An auth lookup is running; `authNext` holds the newest token sent meanwhile. */
  authBusy?: boolean;
  authNext?: { token: unknown };
  /** Cancels the timer that ends this socket's session at its expiry. */
  stopExpiry?: () => void;
}

/**
 * Abuse limits (see docs/decisions.md). A socket may send `auth` in a burst of 10 and then once a
 * second; an address 200 then 20 a second (× RATE_LIMIT_FACTOR: many players share an address). One
 * connection (all its namespaces) may have 32 handlers running; beyond that events are dropped.
 * Each dropped event is a strike, and 50 strikes within 10 s close the connection.
 */
export const SOCKET_LIMITS = {
  authPerSocket: { burst: 10, perSecond: 1 },
  authPerIp: { burst: 200, perSecond: 20 },
  pendingPerConnection: 32,
  strikes: 50,
  strikeWindowMs: 10_000,
};

/** State shared by every namespace socket of one Engine.IO connection. */
interface ConnGuard {
  pending: number;
  strikes: number;
  strikeWindowStart: number;
}

export type GameSocket = Socket<
  Record<string, never>,
  Record<string, (...args: unknown[]) => void>,
  Record<string, never>,
  SocketData
>;

/** One event registered through `Realtime.handle` (read by the fuzz suite). */
/** `auth`'s payload: the session token (anything else signs the socket out). */
const AUTH_PAYLOAD = z.tuple([z.string().max(200)]);

export interface HandledEvent {
  ns: Namespace;
  event: string;
  errorEvent: string;
  auth: boolean;
  /** The payload's zod schema (a tuple of the positional arguments): the API documents are generated from it. */
  schema: z.ZodType;
}

/** A token's live session user, or why it no longer counts (one read either way). */
export type SessionResolver = (token: string) => Promise<SocketUser | SessionEndReason>;

/** Node's timers cannot wait longer than 2^31 − 1 ms; a session's 30 days are waited in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What a socket is told when its session ends (issue 26 §7). */
export const sessionEnded = (reason: SessionEndReason): SessionEnded => ({
  reason,
  message: SESSION_END_TEXT[reason],
});

/** Room names: every socket of a user, and every socket of one session. */
export const userRoom = (userId: number) => `user:${userId}`;
export const sessionRoom = (sessionId: number) => `session:${sessionId}`;

/**
 * Socket.IO on the HTTP server's port: the ten namespaces, the auth event that binds a socket to a
 * user, account events, and validated handlers for the game modules. Holds sockets and rooms only;
 * game rules live in the game folders.
 */
export class Realtime implements WalletNotifier {
  readonly io: Server;
  /** every websocket's writes of one event-loop turn leave as one system call (write-batching.ts) */
  readonly writes: WriteBatcher;
  private readonly guards = new WeakMap<object, ConnGuard>();
  private readonly authPerIp: BucketMap;
  private readonly now: () => number;
  private readonly handled: HandledEvent[] = [];
  private readonly authListeners: Array<{ ns: Namespace; fn: (socket: GameSocket) => void }> = [];
  /** Per user, the cents of update-wallet events still waiting for an animation (this node only). */
  private readonly heldBack = new Map<number, number>();

  constructor(
    httpServer: HttpServer,
    private readonly opts: {
      corsOrigins: string[];
      publicUrl: string;
      resolveSession: SessionResolver;
      /** Times the end of a socket's session at its expiry (the app's clock). */
      clock?: Pick<Clock, 'now' | 'setTimeout'>;
      log: Logger;
      redis?: { pub: Redis; sub: Redis; prefix: string };
      /** Take the client address from X-Forwarded-For, as Fastify does with TRUST_PROXY. */
      trustProxy?: boolean;
      rateFactor?: number;
      /** Time for the auth budgets (tests hold it still); the 10 ms throttle keeps the wall clock. */
      now?: () => number;
      /**
       * Times the update-wallet of a win held back for its animation: the wall clock unless a test
       * hands its fake clock (the round games' tests watch held wins land in real time).
       */
      holdClock?: Pick<Clock, 'setTimeout'>;
      /** Hears every event a client sends (metrics). */
      onEvent?: (namespace: Namespace, event: string) => void;
    },
  ) {
    const perIp = SOCKET_LIMITS.authPerIp;
    const factor = opts.rateFactor ?? 1;
    this.now = opts.now ?? Date.now;
    this.authPerIp = new BucketMap(perIp.burst * factor, perIp.perSecond * factor, this.now());
    this.io = new Server(httpServer, {
      path: '/socket.io',
      allowEIO3: true,
      perMessageDeflate: false,
      cors: opts.corsOrigins.length > 0 ? { origin: opts.corsOrigins, credentials: true } : undefined,
      maxHttpBufferSize: 64 * 1024,
      allowRequest: (req, done) => done(null, this.originAllowed(req)),
    });
    if (opts.redis)
      this.io.adapter(createAdapter(opts.redis.pub, opts.redis.sub, { key: adapterKey(opts.redis.prefix) }));
    this.writes = batchEngineWrites(this.io.engine, new WriteBatcher());
    for (const name of NAMESPACES) this.setupNamespace(name);
  }

  ns(name: Namespace) {
    return this.io.of(`/${name}`);
  }

  /** Open connections per namespace on this node. */
  connectionCounts(): Map<string, number> {
    return new Map(NAMESPACES.map((name) => [name, this.ns(name).sockets.size]));
  }

  /**
   * The handshake's Origin passes the same allow-list as HTTP CORS: CORS_ORIGIN, the public URL or
   * the host itself. No Origin at all (not a browser) is allowed: the check stops other sites' pages
   * from opening sockets with a visitor's browser, which is all Origin can tell.
   */
  private originAllowed(req: IncomingMessage): boolean {
    const origin = req.headers.origin;
    if (!origin) return true;
    if (this.opts.corsOrigins.includes(origin) || origin === this.opts.publicUrl) return true;
    try {
      return new URL(origin).host === req.headers.host;
    } catch {
      return false;
    }
  }

  private guardOf(socket: GameSocket): ConnGuard {
    let g = this.guards.get(socket.conn);
    if (!g) {
      g = { pending: 0, strikes: 0, strikeWindowStart: Date.now() };
      this.guards.set(socket.conn, g);
    }
    return g;
  }

  private clientIp(socket: GameSocket): string {
    const fwd = socket.handshake.headers['x-forwarded-for'];
    const first = (Array.isArray(fwd) ? fwd[0] : fwd)?.split(',')[0]?.trim();
    return this.opts.trustProxy && first ? first : socket.handshake.address;
  }

  /** Drops one event with "Slow down!"; too many drops close the whole connection. */
  private strike(socket: GameSocket, now: number): void {
    const g = this.guardOf(socket);
    if (now - g.strikeWindowStart > SOCKET_LIMITS.strikeWindowMs) {
      g.strikes = 0;
      g.strikeWindowStart = now;
    }
    g.strikes++;
    if (g.strikes > SOCKET_LIMITS.strikes) {
      if (socket.connected)
        this.opts.log.warn({ ip: this.clientIp(socket) }, 'socket flooding: connection closed');
      socket.disconnect(true);
      // A graceful WebSocket close would still read (and parse) everything the client has queued.
      (socket.conn.transport as unknown as { socket?: { terminate?: () => void } }).socket?.terminate?.();
      return;
    }
    socket.emit(ACCOUNT_EVENTS.notifyError, TEXT.slowDown);
  }

  private setupNamespace(name: Namespace): void {
    this.ns(name).on('connection', (raw) => {
      const socket = raw as unknown as GameSocket;
      directBroadcasts(raw.client as unknown as DirectClient, this.writes);
      const perSocket = SOCKET_LIMITS.authPerSocket;
      socket.data.authBucket = new TokenBucket(perSocket.burst, perSocket.perSecond, this.now());
      // Drop events that follow the previous one from this socket by less than 10 ms (auth has its
      // own limits instead), and any event while the connection already has too much work queued.
      socket.use(([event], next) => {
        this.opts.onEvent?.(name, String(event));
        const now = Date.now();
        if (this.guardOf(socket).pending >= SOCKET_LIMITS.pendingPerConnection)
          return this.strike(socket, now);
        if (event === 'auth') {
          const t = this.now();
          if (!socket.data.authBucket?.take(t) || !this.authPerIp.take(this.clientIp(socket), t))
            return this.strike(socket, now);
          return next();
        }
        if (now - (socket.data.lastEventAt ?? 0) < SOCKET_MIN_INTERVAL_MS) return this.strike(socket, now);
        socket.data.lastEventAt = now;
        next();
      });
      socket.on('auth', (...args: unknown[]) => {
        void this.queueAuth(socket, args[0]);
      });
      socket.on('disconnect', () => socket.data.stopExpiry?.());
    });
  }

  /** At most one session lookup per socket: tokens sent meanwhile collapse into the newest. */
  private async queueAuth(socket: GameSocket, token: unknown): Promise<void> {
    if (socket.data.authBusy) {
      socket.data.authNext = { token };
      return;
    }
    socket.data.authBusy = true;
    const guard = this.guardOf(socket);
    guard.pending++;
    try {
      let next: { token: unknown } | undefined = { token };
      while (next && socket.connected) {
        await this.authenticate(socket, next.token);
        next = socket.data.authNext;
        socket.data.authNext = undefined;
      }
    } finally {
      guard.pending--;
      socket.data.authBusy = false;
    }
  }

  private async authenticate(socket: GameSocket, token: unknown): Promise<void> {
    const parsed = authPayload.safeParse(token);
    try {
      const user = parsed.success ? await this.opts.resolveSession(parsed.data) : 'invalid';
      if (typeof user === 'string') {
        // a tab that was away when its session ended hears why now (issue 26 §7); the original
        // client only reads the toast
        const reason = user;
        if (socket.data.user) this.unbind(socket);
        socket.emit(SESSION_EVENTS.ended, sessionEnded(reason));
        socket.emit(ACCOUNT_EVENTS.notifyError, SESSION_END_TEXT[reason]);
        return;
      }
      if (user.banned) {
        socket.emit(ACCOUNT_EVENTS.banned);
        return;
      }
      if (socket.data.user) this.unbind(socket);
      socket.data.user = user;
      socket.join(userRoom(user.id));
      socket.join(sessionRoom(user.sessionId));
      // admins see the names of players in ghost mode (ghost.ts emitToViewers)
      if (user.rank >= RANK.admin) socket.join(STAFF_ROOM);
      this.watchExpiry(socket, user);
      // Not in the original protocol (its client ignores it): lets our client and tests know the bind is done.
      socket.emit('authenticated');
      for (const l of this.authListeners) if (socket.nsp.name === `/${l.ns}`) l.fn(socket);
    } catch (err) {
      this.opts.log.error({ err }, 'socket auth failed');
      socket.emit(ACCOUNT_EVENTS.notifyError, 'Could not verify your session, please try again.');
    }
  }

  /** Forgets the user a socket was bound to (a new auth, or a token that no longer counts). */
  private unbind(socket: GameSocket): void {
    const old = socket.data.user;
    if (!old) return;
    socket.leave(userRoom(old.id));
    socket.leave(sessionRoom(old.sessionId));
    socket.leave(STAFF_ROOM);
    socket.data.user = undefined;
    socket.data.stopExpiry?.();
    socket.data.stopExpiry = undefined;
  }

  /** At the session's expiry the socket is told (`session-ended` expired) and closed. */
  private watchExpiry(socket: GameSocket, user: SocketUser): void {
    const clock = this.opts.clock ?? systemClock;
    const at = user.expiresAt;
    if (at === undefined) return;
    const arm = () => {
      const wait = at - clock.now();
      if (wait > 0) {
        socket.data.stopExpiry = clock.setTimeout(arm, Math.min(wait, MAX_TIMER_MS));
        return;
      }
      socket.data.stopExpiry = undefined;
      if (!socket.connected || socket.data.user?.sessionId !== user.sessionId) return;
      this.endSocket(socket, 'expired');
    };
    arm();
  }

  /** Tells one socket why its session ended, then closes it. */
  private endSocket(socket: GameSocket, reason: SessionEndReason): void {
    socket.emit(SESSION_EVENTS.ended, sessionEnded(reason));
    socket.emit(reason === 'banned' ? ACCOUNT_EVENTS.banned : ACCOUNT_EVENTS.kicked);
    socket.disconnect(true);
  }

  /**
   * Registers a handler whose positional arguments are parsed by `schema` (a zod tuple). A payload
   * that fails its schema never reaches the handler: the socket gets `errorEvent` with a sentence.
   * AppErrors thrown by the handler go the same way; anything else is logged and answered generically.
   */
  handle<S extends z.ZodType>(
    nsName: Namespace,
    event: string,
    schema: S,
    errorEvent: string,
    handler: (socket: GameSocket, payload: z.infer<S>) => Promise<void>,
    opts: { auth?: boolean; errorPayload?: (message: string) => unknown } = {},
  ): void {
    const shape = opts.errorPayload ?? ((message: string) => message);
    this.handled.push({ ns: nsName, event, errorEvent, auth: opts.auth !== false, schema });
    this.ns(nsName).on('connection', (raw) => {
      const socket = raw as unknown as GameSocket;
      socket.on(event, (...args: unknown[]) => {
        const positional = args.filter((a) => typeof a !== 'function');
        const guard = this.guardOf(socket);
        guard.pending++;
        void (async () => {
          try {
            if (opts.auth !== false && !socket.data.user)
              throw new AppError('unauthorized', 'Please log in to play!', 401);
            const parsed = schema.safeParse(positional);
            if (!parsed.success) throw new AppError('bad_request', firstIssue(parsed.error), 400);
            await handler(socket, parsed.data);
          } catch (err) {
            if (err instanceof AppError) {
              socket.emit(errorEvent, shape(err.message));
            } else {
              this.opts.log.error({ err, event }, 'socket handler failed');
              socket.emit(errorEvent, shape('Something went wrong, please try again.'));
            }
          } finally {
            guard.pending--;
          }
        })();
      });
    });
  }

  /** Runs `fn` each time a socket of namespace `ns` has been bound to a user by `auth`. */
  onAuthenticated(ns: Namespace, fn: (socket: GameSocket) => void): void {
    this.authListeners.push({ ns, fn });
  }

  /** Every client event the server listens to: `auth` on each namespace, then the registered handlers. */
  events(): HandledEvent[] {
    const auth = NAMESPACES.map((ns) => ({
      ns,
      event: 'auth',
      errorEvent: ACCOUNT_EVENTS.notifyError,
      auth: false,
      schema: AUTH_PAYLOAD,
    }));
    return [...auth, ...this.handled];
  }

  walletChanged(userId: number, deltaCents: number, delayMs: number): void {
    const send = () =>
      this.ns('chat').to(userRoom(userId)).emit(ACCOUNT_EVENTS.updateWallet, centsToCoins(deltaCents));
    if (delayMs <= 0) {
      send();
      return;
    }
    this.heldBack.set(userId, (this.heldBack.get(userId) ?? 0) + deltaCents);
    (this.opts.holdClock ?? systemClock).setTimeout(() => {
      const left = (this.heldBack.get(userId) ?? 0) - deltaCents;
      if (left === 0) this.heldBack.delete(userId);
      else this.heldBack.set(userId, left);
      send();
    }, delayMs);
  }

  /**
   * `wallet-balance {balance}` to every tab (PROTOCOL §3). A win still held back for its animation
   * is left out: its update-wallet follows and our client adds it then, so it never counts twice.
   */
  walletBalance(userId: number, balanceCents: number): void {
    const shown = balanceCents - (this.heldBack.get(userId) ?? 0);
    this.ns('chat')
      .to(userRoom(userId))
      .emit(ACCOUNT_EVENTS.walletBalance, { balance: centsToCoins(shown) });
  }

  notifyUser(userId: number, kind: 'error' | 'success' | 'info', message: string): void {
    const event = {
      error: ACCOUNT_EVENTS.notifyError,
      success: ACCOUNT_EVENTS.notifySuccess,
      info: ACCOUNT_EVENTS.notifyInfo,
    }[kind];
    this.ns('chat').to(userRoom(userId)).emit(event, message);
  }

  /**
   * Ended sessions' sockets, on every node: `session-ended {reason, message}` (our client signs out
   * with the sentence), then what the original client reads (`connection_kicked`, or `user banned`
   * for a ban), then they are disconnected. Called by Sessions for every revocation (app.ts).
   */
  endSessions(sessionIds: number[], reason: SessionEndReason): void {
    const payload = sessionEnded(reason);
    const classic = reason === 'banned' ? ACCOUNT_EVENTS.banned : ACCOUNT_EVENTS.kicked;
    for (const sessionId of sessionIds) {
      const room = sessionRoom(sessionId);
      for (const name of NAMESPACES) {
        this.ns(name).to(room).emit(SESSION_EVENTS.ended, payload);
        this.ns(name).to(room).emit(classic);
        this.ns(name).in(room).disconnectSockets(true);
      }
    }
  }

  /** Every open tab of a banned user is sent to /banned and disconnected. */
  banUser(userId: number): void {
    for (const name of NAMESPACES) {
      this.ns(name).to(userRoom(userId)).emit(ACCOUNT_EVENTS.banned);
      this.ns(name).in(userRoom(userId)).disconnectSockets(true);
    }
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.io.close(() => resolve()));
  }
}
