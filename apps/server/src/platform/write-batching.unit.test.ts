import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { batchEngineWrites, type Corkable, WriteBatcher } from './write-batching.ts';

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
  write(frame: string) {
    if (this.depth > 0) this.buffered.push(frame);
    else this.syscalls.push([frame]);
  }
}

/** A scheduler the test runs by hand: the end of the event-loop turn. */
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
    expect(batcher.stats).toEqual({ flushes: 1, writes: 2 });

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
