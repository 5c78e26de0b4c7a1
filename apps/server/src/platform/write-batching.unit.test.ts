import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock.ts';
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
    expect(batcher.stats).toEqual({ flushes: 1, writes: 2, paced: 0, direct: 0 });

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

describe('WriteBatcher pacing', () => {
  /** a flush to `n` sockets of one frame each */
  function broadcast(batcher: WriteBatcher, sockets: FakeSocket[], frame: string) {
    for (const s of sockets) {
      batcher.hold(s);
      s.write(frame);
    }
  }

  it('keeps a wide flush until the pace after the previous wide one; what comes meanwhile joins it', async () => {
    const turn = manualTurn();
    const clock = new ManualClock();
    const batcher = new WriteBatcher(turn.schedule, { paceMs: 25, wideFlush: 3, clock });
    const all = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    broadcast(batcher, all, 'a');
    turn.end();
    expect(all[0]?.syscalls).toEqual([['a']]);

    await clock.advance(10);
    broadcast(batcher, all, 'b');
    turn.end();
    // 10 ms after the last wide flush: held for the other 15 ms
    expect(all[0]?.syscalls).toEqual([['a']]);
    expect(batcher.stats.paced).toBe(1);
    await clock.advance(5);
    broadcast(batcher, all, 'c');
    expect(turn.pending()).toBe(0); // still the one flush, on its timer
    await clock.advance(9);
    expect(all[0]?.syscalls).toEqual([['a']]);
    await clock.advance(1);
    for (const s of all) expect(s.syscalls).toEqual([['a'], ['b', 'c']]);
    expect(all[0]?.depth).toBe(0);
    expect(batcher.stats.flushes).toBe(2);

    // after a quiet spell the next wide flush goes at the end of its turn
    await clock.advance(100);
    broadcast(batcher, all, 'd');
    turn.end();
    expect(all[0]?.syscalls.at(-1)).toEqual(['d']);
  });

  it('never keeps a narrow flush (a reply to one player) nor paces at 0', () => {
    const turn = manualTurn();
    const clock = new ManualClock();
    const batcher = new WriteBatcher(turn.schedule, { paceMs: 25, wideFlush: 3, clock });
    const all = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    broadcast(batcher, all, 'wide');
    turn.end();
    const one = all.slice(0, 1);
    broadcast(batcher, one, 'reply');
    turn.end();
    expect(one[0]?.syscalls).toEqual([['wide'], ['reply']]);

    const unpaced = new WriteBatcher(turn.schedule, { paceMs: 0, wideFlush: 3, clock });
    broadcast(unpaced, all, 'x');
    turn.end();
    broadcast(unpaced, all, 'y');
    turn.end();
    expect(all[2]?.syscalls).toEqual([['wide'], ['x'], ['y']]);
    expect(unpaced.stats.paced).toBe(0);
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
