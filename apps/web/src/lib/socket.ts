import { NAMESPACES, type Namespace } from '@coinsite/shared/constants';
import { io, type Socket } from 'socket.io-client';
import { tokenStorage } from './storage.ts';

/**
 * The one socket client: the ten namespaces on the same origin, multiplexed over one
 * websocket (socket.io shares a Manager per origin). Every socket sends `auth` with the
 * stored token when it connects (also after a reconnect) and when a login happens.
 */
const sockets = new Map<Namespace, Socket>();
let started = false;

function create(ns: Namespace): Socket {
  const socket = io(`/${ns}`, { path: '/socket.io', transports: ['websocket'], autoConnect: false });
  socket.on('connect', () => {
    const token = tokenStorage.get();
    if (token) socket.emit('auth', token);
  });
  return socket;
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

/** Opens every namespace (called once the site check has passed). */
export function startSockets(): void {
  started = true;
  for (const ns of NAMESPACES) {
    const socket = getSocket(ns);
    if (!socket.connected) socket.connect();
  }
}

/** After a login: tell every namespace who we are. Sockets still connecting do it on connect. */
export function authenticateAll(token: string): void {
  for (const ns of NAMESPACES) {
    const socket = getSocket(ns);
    if (socket.connected) socket.emit('auth', token);
  }
}

/** After a logout: reconnect every namespace as an anonymous visitor. */
export function restartSockets(): void {
  if (!started) return;
  for (const ns of NAMESPACES) getSocket(ns).disconnect();
  for (const ns of NAMESPACES) getSocket(ns).connect();
}

type Listener = (...args: unknown[]) => void;

/** Listens to one event on one namespace; returns the unsubscribe function. */
export function onSocket(ns: Namespace, event: string, listener: Listener): () => void {
  const socket = getSocket(ns);
  socket.on(event, listener);
  return () => {
    socket.off(event, listener);
  };
}

/** Listens to one event on every namespace; `listener` also gets the namespace. */
export function onEveryNamespace(
  event: string,
  listener: (ns: Namespace, ...args: unknown[]) => void,
): () => void {
  const offs = NAMESPACES.map((ns) => onSocket(ns, event, (...args) => listener(ns, ...args)));
  return () => {
    for (const off of offs) off();
  };
}
