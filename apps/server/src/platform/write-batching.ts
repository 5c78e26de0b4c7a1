/**
 * Batched socket writes. Without this every Socket.IO packet to every websocket is its own write
 * system call: a chat message to 5,000 clients is 5,000 writes, and on loopback or a busy host the
 * kernel's share of those writes is what saturates a node first. Here the first write to a client
 * in an event-loop turn corks its TCP socket, and a setImmediate uncorks the corked sockets, so
 * whatever the turn sent to a client (several messages, a tick and a bet, …) leaves as one
 * `writev`. Frames and their order are untouched: the wire is the same, only the system calls are
 * fewer.
 *
 * A flush uncorks at most `perTurn` sockets and leaves the rest to the next turn (a rolling flush):
 * 5,000 writes take the kernel some 35 ms, and done in one go they would hold up every read,
 * database reply and timer of the node meanwhile (the next chat message among them). Between
 * chunks the node goes on with its other work, and a broadcast made meanwhile joins the pending
 * write of every socket the flush has not reached yet: under load, batches grow by themselves and
 * the cost per message falls, without a timer that holds anything back. When the node is idle a
 * batch is one packet and the added wait is one turn (well under a millisecond).
 */

/** The part of a TCP socket the batcher uses. */
export interface Corkable {
  cork(): void;
  uncork(): void;
  destroyed?: boolean;
}

/** Sockets uncorked per event-loop turn (measured in bench:chat: 50–250 alike, 5,000 at once far worse). */
export const SOCKETS_PER_TURN = 100;

export class WriteBatcher {
  /** held sockets in the order they were held: a socket held again after its write goes last */
  private readonly corked = new Set<Corkable>();
  private scheduled = false;
  /**
   * For the metrics and the benchmark: turns that wrote, sockets uncorked, and broadcast frames
   * written straight to a socket (directBroadcasts).
   */
  readonly stats = { flushes: 0, writes: 0, direct: 0 };

  constructor(
    /** the end of the event-loop turn */
    private readonly turn: (flush: () => void) => void = setImmediate,
    /** sockets uncorked in one turn, the rest in the turns after */
    private readonly perTurn = SOCKETS_PER_TURN,
  ) {}

  /** Holds `socket`'s writes until its turn in the flush (a no-op while it is held). */
  hold(socket: Corkable | undefined): void {
    if (!socket || socket.destroyed || this.corked.has(socket)) return;
    socket.cork();
    this.corked.add(socket);
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.turn(() => this.flush());
  }

  /** Sends what the first `perTurn` held sockets hold (one uncork each); the rest go next turn. */
  private flush(): void {
    this.scheduled = false;
    this.stats.flushes++;
    let left = this.perTurn;
    for (const socket of this.corked) {
      if (left-- === 0) break;
      this.corked.delete(socket);
      this.stats.writes++;
      socket.uncork();
    }
    if (this.corked.size > 0) this.schedule();
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
