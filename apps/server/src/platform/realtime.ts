import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import {
  ACCOUNT_EVENTS,
  authPayload,
  centsToCoins,
  firstIssue,
  NAMESPACES,
  type Namespace,
  SOCKET_MIN_INTERVAL_MS,
  TEXT,
} from '@coinsite/shared';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { Server, type Socket } from 'socket.io';
import type { z } from 'zod';
import { AppError } from './errors.ts';
import type { WalletNotifier } from './wallet.ts';

export interface SocketUser {
  id: number;
  username: string;
  avatar: string;
  rank: number;
  banned: boolean;
  sessionId: number;
}

export interface SocketData {
  user?: SocketUser;
  lastEventAt?: number;
}

export type GameSocket = Socket<
  Record<string, never>,
  Record<string, (...args: unknown[]) => void>,
  Record<string, never>,
  SocketData
>;

export type SessionResolver = (token: string) => Promise<SocketUser | null>;

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

  constructor(
    httpServer: HttpServer,
    private readonly opts: {
      corsOrigins: string[];
      resolveSession: SessionResolver;
      log: Logger;
      redis?: { pub: Redis; sub: Redis };
    },
  ) {
    this.io = new Server(httpServer, {
      path: '/socket.io',
      allowEIO3: true,
      perMessageDeflate: false,
      cors: opts.corsOrigins.length > 0 ? { origin: opts.corsOrigins, credentials: true } : undefined,
      maxHttpBufferSize: 64 * 1024,
    });
    if (opts.redis) this.io.adapter(createAdapter(opts.redis.pub, opts.redis.sub));
    for (const name of NAMESPACES) this.setupNamespace(name);
  }

  ns(name: Namespace) {
    return this.io.of(`/${name}`);
  }

  private setupNamespace(name: Namespace): void {
    this.ns(name).on('connection', (raw) => {
      const socket = raw as unknown as GameSocket;
      // Drop events that follow the previous one from this socket by less than 10 ms.
      socket.use(([event], next) => {
        const now = Date.now();
        const last = socket.data.lastEventAt ?? 0;
        if (event !== 'auth' && now - last < SOCKET_MIN_INTERVAL_MS) {
          socket.emit(ACCOUNT_EVENTS.notifyError, TEXT.slowDown);
          return;
        }
        if (event !== 'auth') socket.data.lastEventAt = now;
        next();
      });
      socket.on('auth', (...args: unknown[]) => {
        void this.authenticate(socket, args[0]);
      });
    });
  }

  private async authenticate(socket: GameSocket, token: unknown): Promise<void> {
    const parsed = authPayload.safeParse(token);
    try {
      const user = parsed.success ? await this.opts.resolveSession(parsed.data) : null;
      if (!user) {
        socket.emit(ACCOUNT_EVENTS.notifyError, 'Your session has expired, please sign in again.');
        return;
      }
      if (user.banned) {
        socket.emit(ACCOUNT_EVENTS.banned);
        return;
      }
      if (socket.data.user) {
        socket.leave(userRoom(socket.data.user.id));
        socket.leave(sessionRoom(socket.data.user.sessionId));
      }
      socket.data.user = user;
      socket.join(userRoom(user.id));
      socket.join(sessionRoom(user.sessionId));
      // Not in the original protocol (its client ignores it): lets our client and tests know the bind is done.
      socket.emit('authenticated');
    } catch (err) {
      this.opts.log.error({ err }, 'socket auth failed');
      socket.emit(ACCOUNT_EVENTS.notifyError, 'Could not verify your session, please try again.');
    }
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
    this.ns(nsName).on('connection', (raw) => {
      const socket = raw as unknown as GameSocket;
      socket.on(event, (...args: unknown[]) => {
        const positional = args.filter((a) => typeof a !== 'function');
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
          }
        })();
      });
    });
  }

  walletChanged(userId: number, deltaCents: number, delayMs: number): void {
    const send = () =>
      this.ns('chat').to(userRoom(userId)).emit(ACCOUNT_EVENTS.updateWallet, centsToCoins(deltaCents));
    if (delayMs > 0) setTimeout(send, delayMs).unref();
    else send();
  }

  notifyUser(userId: number, kind: 'error' | 'success' | 'info', message: string): void {
    const event = {
      error: ACCOUNT_EVENTS.notifyError,
      success: ACCOUNT_EVENTS.notifySuccess,
      info: ACCOUNT_EVENTS.notifyInfo,
    }[kind];
    this.ns('chat').to(userRoom(userId)).emit(event, message);
  }

  /** A revoked session's sockets get connection_kicked and stop receiving the user's events. */
  kickSession(sessionId: number): void {
    for (const name of NAMESPACES) {
      const room = sessionRoom(sessionId);
      this.ns(name).to(room).emit(ACCOUNT_EVENTS.kicked);
      this.ns(name).in(room).disconnectSockets(true);
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
