import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  batchEngineWrites,
  type Corkable,
  type DirectClient,
  directBroadcasts,
  WriteBatcher,
} from './write-batching.ts';

/** A socket that records cork depth and what reached the wire, write by write. */
class FakeSocket implements Corkable {
  depth = 0;
  buffered: string[] = [];
  syscalls: string[][] = [];
  destroyed = false;
  cork() {
    this.depth++;
  }
  uncork() {
    this.depth = Math.max(0, this.depth - 1);
    if (this.depth === 0 && this.buffered.length > 0) {
      this.syscalls.push(this.buffered);
      this.buffered = [];
    }
  }
  write(frame: string | Buffer) {
    const text = String(frame);
    if (this.depth > 0) this.buffered.push(text);
    else this.syscalls.push([text]);
  }
}

/** The end of the event-loop turn, run by hand. */
function manualTurn() {
  const queue: Array<() => void> = [];
  return {
    schedule: (fn: () => void) => queue.push(fn),
    end: () => {
      for (const fn of queue.splice(0)) fn();
    },
    pending: () => queue.length,
  };
}

describe('WriteBatcher', () => {
  it("sends a turn's frames to a socket as one write, in order, and schedules one flush per turn", () => {
    const turn = manualTurn();
    const batcher = new WriteBatcher(turn.schedule);
    const a = new FakeSocket();
    const b = new FakeSocket();
    for (const frame of ['m1', 'm2', 'm3']) {
      for (const s of [a, b]) {
        batcher.hold(s);
        s.write(frame);
      }
    }
    expect(turn.pending()).toBe(1);
    expect(a.syscalls).toEqual([]);
    turn.end();
    expect(a.syscalls).toEqual([['m1', 'm2', 'm3']]);
    expect(b.syscalls).toEqual([['m1', 'm2', 'm3']]);
    expect(a.depth).toBe(0);
    expect(batcher.stats).toEqual({ flushes: 1, writes: 2, direct: 0 });

    // the next turn starts a new batch
    batcher.hold(a);
    a.write('m4');
    expect(turn.pending()).toBe(1);
    turn.end();
    expect(a.syscalls).toEqual([['m1', 'm2', 'm3'], ['m4']]);
  });

  it("leaves a socket's own cork/uncork pairs balanced (ws corks a frame's header and body)", () => {
    const turn = manualTurn();
    const batcher = new WriteBatcher(turn.schedule);
    const s = new FakeSocket();
    batcher.hold(s);
    s.cork();
    s.write('head');
    s.write('body');
    s.uncork();
    expect(s.syscalls).toEqual([]);
    turn.end();
    expect(s.syscalls).toEqual([['head', 'body']]);
    expect(s.depth).toBe(0);
  });

  it('skips a destroyed socket and a missing one', () => {
    const turn = manualTurn();
    const batcher = new WriteBatcher(turn.schedule);
    const gone = new FakeSocket();
    gone.destroyed = true;
    batcher.hold(gone);
    batcher.hold(undefined);
    expect(gone.depth).toBe(0);
    expect(turn.pending()).toBe(0);
  });
});

describe('WriteBatcher rolling flush', () => {
  /** one frame to each of `sockets` */
  function broadcast(batcher: WriteBatcher, sockets: FakeSocket[], frame: string) {
    for (const s of sockets) {
      batcher.hold(s);
      s.write(frame);
    }
  }
  const sockets = (n: number) => Array.from({ length: n }, () => new FakeSocket());

  it('uncorks at most perTurn sockets a turn, in the order they were held, until all are written', () => {
    const turn = manualTurn();
    const batcher = new WriteBatcher(turn.schedule, 2);
    const all = sockets(5);
    broadcast(batcher, all, 'a');
    expect(turn.pending()).toBe(1);
    const written = () => all.map((s) => s.syscalls.length);
    turn.end();
    expect(written()).toEqual([1, 1, 0, 0, 0]);
    expect(turn.pending()).toBe(1); // the rest, next turn
    turn.end();
    expect(written()).toEqual([1, 1, 1, 1, 0]);
    turn.end();
    expect(written()).toEqual([1, 1, 1, 1, 1]);
    expect(turn.pending()).toBe(0);
    for (const s of all) expect(s.depth).toBe(0);
    expect(batcher.stats).toEqual({ flushes: 3, writes: 5, direct: 0 });
  });

  it('a broadcast made during a flush joins the sockets not yet reached; the ones written wait their turn', () => {
    const turn = manualTurn();
    const batcher = new WriteBatcher(turn.schedule, 2);
    const all = sockets(4);
    broadcast(batcher, all, 'a');
    turn.end(); // sockets 0 and 1 written
    broadcast(batcher, all, 'b');
    turn.end(); // 2 and 3: both frames in one write
    expect(all.map((s) => s.syscalls)).toEqual([[['a']], [['a']], [['a', 'b']], [['a', 'b']]]);
    turn.end(); // 0 and 1 again, held after 2 and 3
    expect(all.map((s) => s.syscalls)).toEqual([[['a'], ['b']], [['a'], ['b']], [['a', 'b']], [['a', 'b']]]);
    expect(turn.pending()).toBe(0);
    // 8 frames in 6 writes
    expect(batcher.stats.writes).toBe(6);
  });

  it('a reply to one socket held behind a flush still leaves within the turns the flush takes', () => {
    const turn = manualTurn();
    const batcher = new WriteBatcher(turn.schedule, 3);
    const all = sockets(6);
    broadcast(batcher, all, 'tick');
    turn.end();
    broadcast(batcher, all.slice(0, 1), 'reply');
    turn.end(); // the flush's other three
    expect(all[5]?.syscalls).toEqual([['tick']]);
    expect(all[0]?.syscalls).toEqual([['tick']]);
    turn.end(); // then the reply
    expect(all[0]?.syscalls).toEqual([['tick'], ['reply']]);
    expect(turn.pending()).toBe(0);
  });
});

/** A Socket.IO client over an idle websocket, with what went the usual way. */
function directClient(tcp: FakeSocket) {
  const usual: unknown[] = [];
  const client: DirectClient = {
    conn: {
      readyState: 'open',
      writeBuffer: [],
      transport: {
        name: 'websocket',
        writable: true,
        socket: { readyState: 1, _sender: { _state: 0, _queue: [] }, _socket: tcp },
      },
    },
    writeToEngine: (packets) => {
      usual.push(packets);
    },
  };
  return { client, usual };
}

describe('directBroadcasts', () => {
  const frame = [Buffer.from([0x81, 5]), Buffer.from('42hey')];

  it("writes a broadcast's ready frame to an idle websocket's TCP socket as one buffer, held for the turn", () => {
    const turn = manualTurn();
    const batcher = new WriteBatcher(turn.schedule);
    const tcp = new FakeSocket();
    const { client, usual } = directClient(tcp);
    directBroadcasts(client, batcher);
    directBroadcasts(client, batcher); // a second namespace of the same client changes nothing
    client.writeToEngine(['2hey'], { wsPreEncodedFrame: frame });
    expect(usual).toEqual([]);
    expect(tcp.syscalls).toEqual([]);
    turn.end();
    expect(tcp.syscalls).toEqual([[String(Buffer.concat(frame))]]);
    expect(batcher.stats.direct).toBe(1);
  });

  it('goes the usual way for a packet with no ready frame, and whenever anything waits on that way', () => {
    const cases: Array<(c: DirectClient) => void> = [
      () => undefined, // no frame: sent below without one
      (c) => c.conn.writeBuffer.push({ type: 'message' }),
      (c) => {
        c.conn.transport.writable = false;
      },
      (c) => {
        c.conn.upgrading = true;
      },
      (c) => {
        c.conn.readyState = 'closing';
      },
      (c) => {
        c.conn.transport.name = 'polling';
      },
      (c) => {
        if (c.conn.transport.socket?._sender) c.conn.transport.socket._sender._state = 1;
      },
      (c) => c.conn.transport.socket?._sender?._queue.push(['queued']),
      (c) => {
        if (c.conn.transport.socket) c.conn.transport.socket.readyState = 2;
      },
    ];
    cases.forEach((change, i) => {
      const tcp = new FakeSocket();
      const { client, usual } = directClient(tcp);
      const batcher = new WriteBatcher(manualTurn().schedule);
      directBroadcasts(client, batcher);
      change(client);
      client.writeToEngine(['2hey'], i === 0 ? {} : { wsPreEncodedFrame: frame });
      expect(usual, `case ${i}`).toEqual([['2hey']]);
      expect(tcp.syscalls, `case ${i}`).toEqual([]);
      expect(batcher.stats.direct).toBe(0);
    });
  });
});

describe('batchEngineWrites', () => {
  it("holds a websocket connection's TCP socket when the engine flushes it, and leaves polling alone", () => {
    const turn = manualTurn();
    const engine = new EventEmitter();
    const batcher = batchEngineWrites(engine, new WriteBatcher(turn.schedule));
    const tcp = new FakeSocket();
    const polling = new FakeSocket();
    engine.emit('flush', { transport: { name: 'websocket', socket: { _socket: tcp } } });
    engine.emit('flush', { transport: { name: 'polling', socket: { _socket: polling } } });
    expect(tcp.depth).toBe(1);
    expect(polling.depth).toBe(0);
    turn.end();
    expect(tcp.depth).toBe(0);
    expect(batcher.stats.writes).toBe(1);
  });
});
