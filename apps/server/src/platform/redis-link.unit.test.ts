import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { RedisLink } from './redis.ts';

/** A client as RedisLink sees it: its status, its events and PING (answered when the test says). */
class FakeClient extends EventEmitter {
  status = 'ready';
  pings: Array<{ ok: () => void; fail: () => void }> = [];
  ping(): Promise<string> {
    return new Promise((resolve, reject) =>
      this.pings.push({ ok: () => resolve('PONG'), fail: () => reject(new Error('closed')) }),
    );
  }
  drop(): void {
    this.status = 'reconnecting';
    this.emit('close');
  }
  ready(): void {
    this.status = 'ready';
    this.emit('ready');
  }
}

const turn = () => new Promise((r) => setImmediate(r));

function link() {
  const pub = new FakeClient();
  const sub = new FakeClient();
  const l = new RedisLink(pub as unknown as Redis, sub as unknown as Redis, pino({ level: 'silent' }));
  const log: string[] = [];
  l.onLost(() => log.push('lost'));
  l.onBack(() => log.push('back'));
  return { pub, sub, l, log };
}

describe('RedisLink (issue 26 item 10)', () => {
  it('is lost once at the first sign and back only when both clients are ready and the subscriber answered', async () => {
    const { pub, sub, l, log } = link();
    pub.drop();
    sub.drop();
    expect(l.isAway).toBe(true);
    expect(log).toEqual(['lost']);
    pub.ready();
    await turn();
    expect(sub.pings).toHaveLength(0); // the subscriber is not back yet
    sub.ready();
    await turn();
    expect(sub.pings).toHaveLength(1);
    expect(log).toEqual(['lost']); // not before the PING (sent after the SUBSCRIBE replay) is answered
    sub.pings[0]?.ok();
    await turn();
    expect(log).toEqual(['lost', 'back']);
    expect(l.isAway).toBe(false);
  });

  it('a failed PING or a client gone again keeps it lost; a publish that goes through after a hang brings it back', async () => {
    const { pub, sub, l, log } = link();
    l.lost(); // a publish timed out (Redis hangs): both clients still "ready"
    expect(log).toEqual(['lost']);
    l.published();
    await turn();
    sub.pings[0]?.fail();
    await turn();
    expect(l.isAway).toBe(true);
    l.published();
    await turn();
    pub.drop(); // gone again before the answer
    sub.pings[1]?.ok();
    await turn();
    expect(log).toEqual(['lost']);
    pub.ready();
    await turn();
    sub.pings[2]?.ok();
    await turn();
    expect(log).toEqual(['lost', 'back']);
  });

  it('the node closing its own clients is no outage', () => {
    const { pub, l, log } = link();
    l.stop();
    pub.drop();
    expect(log).toEqual([]);
    expect(l.isAway).toBe(false);
  });
});
