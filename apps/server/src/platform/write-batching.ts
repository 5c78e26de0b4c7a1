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

export class WriteBatcher {
  private readonly corked = new Set<Corkable>();
  private scheduled = false;
  /** batches flushed and sockets uncorked, for the metrics and the benchmark */
  readonly stats = { flushes: 0, writes: 0 };

  constructor(private readonly schedule: (flush: () => void) => void = setImmediate) {}

  /** Holds `socket`'s writes until the end of this turn (a no-op when it is already held). */
  hold(socket: Corkable | undefined): void {
    if (!socket || socket.destroyed || this.corked.has(socket)) return;
    socket.cork();
    this.corked.add(socket);
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => this.flush());
  }

  /** Sends everything held: one uncork per socket corked in this turn. */
  flush(): void {
    this.scheduled = false;
    this.stats.flushes++;
    for (const socket of this.corked) {
      this.stats.writes++;
      socket.uncork();
    }
    this.corked.clear();
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
