import { type Namespace, RESYNC_EVENT } from '@coinsite/shared/constants';
import type { Socket as IoSocket } from 'socket.io-client';
import { tokenStorage } from './storage.ts';

type Listener = (...args: unknown[]) => void;

/** socket.io-client, fetched on first use: it is not part of the initial JavaScript. */
let client: Promise<typeof import('socket.io-client')> | undefined;
const loadClient = () => {
  client ??= import('socket.io-client');
  return client;
};

/**
 * A namespace's socket with the calls the app makes, usable at once: until socket.io-client has
 * arrived (a moment after start) the calls wait in order, as socket.io's own buffer does while it
 * connects.
 */
export class Socket {
  private real: IoSocket | undefined;
  private waiting: Array<(s: IoSocket) => void> = [];

  constructor(ns: string) {
    void loadClient().then(({ io }) => {
      const real = io(`/${ns}`, {
        path: '/socket.io',
        transports: ['websocket'],
        autoConnect: false,
        // we understand `resync` (issue 26): the server sends it instead of the original client's replays
        auth: { resync: true },
      });
      this.real = real;
      for (const fn of this.waiting) fn(real);
      this.waiting = [];
    });
  }

  private run(fn: (s: IoSocket) => void): void {
    if (this.real) fn(this.real);
    else this.waiting.push(fn);
  }

  get connected(): boolean {
    return this.real?.connected ?? false;
  }

  emit(event: string, ...args: unknown[]): this {
    this.run((s) => s.emit(event, ...args));
    return this;
  }

  on(event: string, listener: Listener): this {
    this.run((s) => s.on(event, listener));
    return this;
  }

  off(event: string, listener: Listener): this {
    this.run((s) => s.off(event, listener));
    return this;
  }

  connect(): this {
    this.run((s) => s.connect());
    return this;
  }

  disconnect(): this {
    this.run((s) => s.disconnect());
    return this;
  }
}

/**
 * The one socket client: the namespaces on the same origin, multiplexed over one websocket
 * (socket.io shares a Manager per origin). Every socket sends `auth` with the stored token when it
 * connects (also after a reconnect) and when a login happens. Only /chat (chat, wallet and account
 * events) opens at start; a game's namespace opens when something first asks for it, i.e. when its
 * page mounts (issue 18 item 3).
 */
const sockets = new Map<Namespace, Socket>();
let started = false;
/** The namespace every page needs. */
const SITE_NAMESPACE: Namespace = 'chat';
/** Listeners for every namespace (onEveryNamespace): attached to each socket as it is created. */
const everyListeners = new Set<{ event: string; listener: (ns: Namespace, ...args: unknown[]) => void }>();

function create(ns: Namespace): Socket {
  const socket = new Socket(ns);
  socket.on('connect', () => {
    const token = tokenStorage.get();
    if (token) socket.emit('auth', token);
  });
  for (const every of everyListeners) attachEvery(ns, socket, every);
  return socket;
}

const attached = new WeakMap<object, Map<Namespace, Listener>>();
function attachEvery(
  ns: Namespace,
  socket: Socket,
  every: { event: string; listener: (ns: Namespace, ...args: unknown[]) => void },
): void {
  const bound: Listener = (...args) => every.listener(ns, ...args);
  let perNs = attached.get(every);
  if (!perNs) {
    perNs = new Map();
    attached.set(every, perNs);
  }
  perNs.set(ns, bound);
  socket.on(every.event, bound);
}

export function getSocket(ns: Namespace): Socket {
  let socket = sockets.get(ns);
  if (!socket) {
    socket = create(ns);
    sockets.set(ns, socket);
    if (started) socket.connect();
  }
  return socket;
}

/** Opens /chat and any namespace already asked for (called once the site check has passed). */
export function startSockets(): void {
  started = true;
  getSocket(SITE_NAMESPACE);
  for (const socket of sockets.values()) if (!socket.connected) socket.connect();
}

/** After a login: tell every namespace who we are. Sockets still connecting do it on connect. */
export function authenticateAll(token: string): void {
  for (const socket of sockets.values()) if (socket.connected) socket.emit('auth', token);
}

/** After a logout: reconnect every open namespace as an anonymous visitor. */
export function restartSockets(): void {
  if (!started) return;
  for (const socket of sockets.values()) socket.disconnect();
  for (const socket of sockets.values()) socket.connect();
}

/** Listens to one event on one namespace; returns the unsubscribe function. */
export function onSocket(ns: Namespace, event: string, listener: Listener): () => void {
  const socket = getSocket(ns);
  socket.on(event, listener);
  return () => {
    socket.off(event, listener);
  };
}

/**
 * Runs `load` whenever what the screen shows may have missed events: at each (re)connect, and when
 * the server says broadcasts were lost between its nodes (`resync`, issue 26: a Redis outage). A
 * screen that keeps a server snapshot reloads it here; returns the unsubscribe function.
 */
export function onSynced(ns: Namespace, load: () => void): () => void {
  const offConnect = onSocket(ns, 'connect', load);
  const offResync = onSocket(ns, RESYNC_EVENT, load);
  return () => {
    offConnect();
    offResync();
  };
}

/** Listens to one event on every namespace, open now or later; `listener` also gets the namespace. */
export function onEveryNamespace(
  event: string,
  listener: (ns: Namespace, ...args: unknown[]) => void,
): () => void {
  const every = { event, listener };
  everyListeners.add(every);
  for (const [ns, socket] of sockets) attachEvery(ns, socket, every);
  return () => {
    everyListeners.delete(every);
    for (const [ns, bound] of attached.get(every) ?? []) sockets.get(ns)?.off(event, bound);
  };
}
