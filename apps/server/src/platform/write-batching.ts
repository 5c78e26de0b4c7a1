import { type Clock, systemClock } from './clock.ts';

/**
 * Batched socket writes. Without this every Socket.IO packet to every websocket is its own write
 * system call: a chat message to 5,000 clients is 5,000 writes, and on loopback or a busy host the
 * kernel's share of those writes is what saturates a node first. Here the first write to a client
 * in an event-loop turn corks its TCP socket, and one setImmediate uncorks every corked socket, so
 * whatever the turn sent to a client (several messages, a tick and a bet, …) leaves as one
 * `writev`. Frames and their order are untouched: the wire is the same, only the system calls are
 * fewer. When the node is idle a batch is one packet and the added wait is one turn (well under a
 * millisecond); when it is busy, batches grow by themselves and the cost per message falls.
 */

/** The part of a TCP socket the batcher uses. */
export interface Corkable {
  cork(): void;
  uncork(): void;
  destroyed?: boolean;
}

export interface BatchOptions {
  /**
   * WS_FLUSH_PACE_MS: a flush that reaches at least `wideFlush` sockets is kept this long after the
   * previous wide one, so that broadcasts coming faster than that share one write per socket (0: never).
   */
  paceMs?: number;
  /** sockets in one flush that make it a broadcast-wide flush (default 1,000) */
  wideFlush?: number;
  /** times the pace (tests hand a ManualClock) */
  clock?: Pick<Clock, 'now' | 'setTimeout'>;
}

export class WriteBatcher {
  private readonly corked = new Set<Corkable>();
  private scheduled = false;
  /** when the last flush that reached `wideFlush` sockets ended (-Infinity: none yet) */
  private lastWideAt = Number.NEGATIVE_INFINITY;
  private readonly paceMs: number;
  private readonly wideFlush: number;
  private readonly clock: Pick<Clock, 'now' | 'setTimeout'>;
  /**
   * For the metrics and the benchmark: batches flushed, sockets uncorked, wide flushes put off by
   * the pace, and broadcast frames written straight to a socket (directBroadcasts).
   */
  readonly stats = { flushes: 0, writes: 0, paced: 0, direct: 0 };

  constructor(
    /** the end of the event-loop turn */
    private readonly turn: (flush: () => void) => void = setImmediate,
    options: BatchOptions = {},
  ) {
    this.paceMs = options.paceMs ?? 0;
    this.wideFlush = options.wideFlush ?? 1000;
    this.clock = options.clock ?? systemClock;
  }

  /** Holds `socket`'s writes until the end of this turn (a no-op when it is already held). */
  hold(socket: Corkable | undefined): void {
    if (!socket || socket.destroyed || this.corked.has(socket)) return;
    socket.cork();
    this.corked.add(socket);
    if (this.scheduled) return;
    this.scheduled = true;
    this.turn(() => this.flush());
  }

  /**
   * Sends everything held: one uncork per socket. A wide flush that comes sooner than the pace
   * after the previous wide one waits for the rest of it, and whatever is written meanwhile joins.
   */
  flush(): void {
    const wide = this.corked.size >= this.wideFlush;
    if (wide && this.paceMs > 0) {
      const wait = this.lastWideAt + this.paceMs - this.clock.now();
      if (wait > 0) {
        this.stats.paced++;
        this.clock.setTimeout(() => this.flush(), wait);
        return;
      }
    }
    this.scheduled = false;
    this.stats.flushes++;
    for (const socket of this.corked) {
      this.stats.writes++;
      socket.uncork();
    }
    this.corked.clear();
    if (wide) this.lastWideAt = this.clock.now();
  }
}

/** An Engine.IO connection as far as batching needs it: its transport's TCP socket. */
interface EngineConn {
  transport?: { name?: string; socket?: { _socket?: Corkable } };
}

/**
 * Batches the writes of every websocket connection of an Engine.IO server: each time a connection
 * hands packets to its transport (the server's 'flush' event, just before the transport writes),
 * its TCP socket is held until the end of the turn. Long-polling connections are left alone (their
 * writes are HTTP responses).
 */
export function batchEngineWrites(
  engine: { on(event: 'flush', listener: (conn: EngineConn) => void): unknown },
  batcher = new WriteBatcher(),
): WriteBatcher {
  engine.on('flush', (conn) => {
    const transport = conn.transport;
    if (transport?.name === 'websocket') batcher.hold(transport.socket?._socket);
  });
  return batcher;
}

/** The parts of a Socket.IO client and its Engine.IO connection that the direct path reads. */
export interface DirectClient {
  conn: {
    readyState: string;
    writeBuffer: unknown[];
    upgrading?: boolean;
    transport: {
      name?: string;
      writable: boolean;
      socket?: {
        readyState: number;
        _sender?: { _state: number; _queue: unknown[] };
        _socket?: Corkable & { write(data: Buffer): unknown };
      };
    };
  };
  writeToEngine(packets: unknown, opts: { wsPreEncodedFrame?: Buffer[] }): void;
}

const WS_OPEN = 1;
/** ws's Sender state when it is neither compressing nor reading a Blob (nothing of its own queued) */
const SENDER_IDLE = 0;
const directClients = new WeakSet<object>();
let lastFrame: Buffer[] | undefined;
let lastJoined: Buffer = Buffer.alloc(0);

/** A broadcast's WebSocket frame (header and payload) as one buffer, joined once per broadcast. */
function joinedFrame(frame: Buffer[]): Buffer {
  if (frame !== lastFrame) {
    lastFrame = frame;
    lastJoined = frame.length === 1 && frame[0] ? frame[0] : Buffer.concat(frame);
  }
  return lastJoined;
}

/**
 * Broadcasts straight to the TCP socket. The adapter encodes a broadcast's WebSocket frame once
 * (`wsPreEncodedFrame`); Socket.IO then still walks every client through Engine.IO's packet queue,
 * its events and ws's sender, which at 5,000 clients costs more than the writes themselves. When
 * nothing waits on that way (Engine.IO's buffer empty, the websocket transport writable, ws's
 * sender idle), writing the frame to the TCP socket puts the same bytes on the wire in the same
 * order; otherwise the usual way is taken. Only broadcasts carry a ready frame: a packet to one
 * socket, and every acknowledgement, still goes the usual way.
 */
export function directBroadcasts(client: DirectClient, batcher: WriteBatcher): void {
  if (directClients.has(client)) return;
  directClients.add(client);
  const usual = client.writeToEngine.bind(client);
  client.writeToEngine = (packets, opts) => {
    const frame = opts.wsPreEncodedFrame;
    const conn = client.conn;
    const transport = conn.transport;
    const ws = transport.socket;
    const tcp = ws?._socket;
    if (
      frame === undefined ||
      conn.readyState !== 'open' ||
      conn.upgrading ||
      conn.writeBuffer.length > 0 ||
      transport.name !== 'websocket' ||
      !transport.writable ||
      ws?.readyState !== WS_OPEN ||
      ws._sender?._state !== SENDER_IDLE ||
      ws._sender._queue.length > 0 ||
      !tcp ||
      tcp.destroyed
    )
      return usual(packets, opts);
    batcher.stats.direct++;
    batcher.hold(tcp);
    tcp.write(joinedFrame(frame));
  };
}
