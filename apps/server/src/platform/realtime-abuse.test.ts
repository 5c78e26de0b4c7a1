import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ManualClock } from './clock.ts';
import { DB_KINDS, nextEvent, startServer, type TestServer } from '../test-support/server.ts';

const MB = 1024 * 1024;
const FLOOD = fileURLToPath(new URL('../test-support/socket-flood.mjs', import.meta.url));

async function rawSocket(server: TestServer, ns: string): Promise<Socket> {
  const s = io(`${server.url}/${ns}`, { transports: ['websocket'], forceNew: true, reconnection: false });
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  return s;
}

describe.each(DB_KINDS)('socket abuse on %s', (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ db });
  });
  afterAll(() => server?.close());

  it('10 sockets × 10,000 unpaced auth events leave the server answering and its memory bounded', async () => {
    const child = spawn(process.execPath, [FLOOD], {
      env: { ...process.env, URL: `${server.url}/chat`, SOCKETS: '10', EVENTS: '10000' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: string[] = [];
    const waiters: Array<() => void> = [];
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      lines.push(...chunk.split('\n').filter(Boolean));
      for (const w of waiters.splice(0)) w();
    });
    child.on('exit', () => {
      lines.push('exit');
      for (const w of waiters.splice(0)) w();
    });
    const line = async (re: RegExp) => {
      while (!lines.some((l) => re.test(l))) {
        if (lines.includes('exit')) throw new Error(`flood client exited: ${lines.join(' | ')}`);
        await new Promise<void>((r) => waiters.push(r));
      }
      return lines.find((l) => re.test(l)) ?? '';
    };
    try {
      await line(/^ready$/);
      const before = process.memoryUsage();
      let peakRss = before.rss;
      let peakHeap = before.heapUsed;
      const sampler = setInterval(() => {
        const m = process.memoryUsage();
        peakRss = Math.max(peakRss, m.rss);
        peakHeap = Math.max(peakHeap, m.heapUsed);
      }, 20);
      let slowest = 0;
      try {
        // the site is asked every 200 ms during the flood and a little after it
        const done = line(/^closed/);
        let finished = false;
        void done.then(() => {
          finished = true;
        });
        for (let i = 0; i < 40 && (i < 10 || !finished); i++) {
          const t0 = performance.now();
          // a swamped server is given up on after 3 s rather than hanging the test
          const res = await fetch(`${server.url}/api/site`, { signal: AbortSignal.timeout(3000) }).catch(
            () => null,
          );
          slowest = Math.max(
            slowest,
            res?.status === 200 ? performance.now() - t0 : Number.POSITIVE_INFINITY,
          );
          if (slowest === Number.POSITIVE_INFINITY) break;
          await new Promise((r) => setTimeout(r, 200));
        }
      } finally {
        clearInterval(sampler);
      }
      const heapMB = (peakHeap - before.heapUsed) / MB;
      const rssMB = (peakRss - before.rss) / MB;
      expect(slowest).toBeLessThan(1000);
      // Unbounded, this flood queued 100,000 session lookups and grew the heap by hundreds of MB.
      // Measured: fixed +15 MB heap, +9 MB RSS; unfixed +70 MB heap within 25 s and climbing.
      expect(heapMB).toBeLessThan(50);
      expect(rssMB).toBeLessThan(150);
      // every abusive connection was cut off
      expect(await line(/^closed/)).toBe('closed 10');
    } finally {
      child.kill();
    }

    // an honest client still binds its session
    const u = await server.newUser();
    const ok = await server.socket('chat', u.token);
    expect(ok.connected).toBe(true);
  });

  it('a connection with 32 handlers still running gets its further events dropped', async () => {
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let started = 0;
    server.site.ctx.realtime.handle(
      'chat',
      'test:slow',
      z.tuple([]),
      'test:error',
      async () => {
        started++;
        await gate;
      },
      { auth: false },
    );
    const s = await rawSocket(server, 'chat');
    const dropped = nextEvent(s, 'notify-error');
    for (let i = 0; i < 33; i++) {
      s.emit('test:slow');
      // the next one goes once this one has reached its handler, and past the 10 ms throttle
      while (i < 32 && started <= i) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, 12));
    }
    expect(await dropped).toEqual(['Slow down!']);
    expect(started).toBe(32);
    release();
    s.disconnect();
  });

  it('a second auth while one is in flight is coalesced: the last token wins', async () => {
    const u = await server.newUser();
    const s = await rawSocket(server, 'chat');
    const bound = nextEvent(s, 'authenticated');
    s.emit('auth', randomBytes(32).toString('hex'));
    s.emit('auth', randomBytes(32).toString('hex'));
    s.emit('auth', u.token);
    await bound;
    s.disconnect();
  });
});

describe('socket auth limits per address', () => {
  let server: TestServer;
  beforeAll(async () => {
    // time stands still, so the address's budget does not refill during the test
    server = await startServer({
      env: { RATE_LIMIT_FACTOR: '1', TRUST_PROXY: 'true' },
      clock: new ManualClock(),
    });
  });
  afterAll(() => server?.close());

  const from = async (ip: string) => {
    const s = io(`${server.url}/chat`, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      extraHeaders: { 'x-forwarded-for': ip },
    });
    await nextEvent(s, 'connect');
    return s;
  };

  it('an address that used up its auth budget is refused; another address is not', async () => {
    const u = await server.newUser();
    // 21 sockets × 10 (each socket's own burst) is more than the address's burst of 200
    const flood = await Promise.all(Array.from({ length: 21 }, () => from('203.0.113.7')));
    for (const s of flood) for (let i = 0; i < 10; i++) s.emit('auth', randomBytes(32).toString('hex'));
    // wait until the server has seen all 210
    await Promise.all(flood.map((s) => nextEvent(s, 'notify-error')));

    const same = await from('203.0.113.7');
    const refused = nextEvent(same, 'notify-error');
    same.emit('auth', u.token);
    expect(await refused).toEqual(['Slow down!']);

    const other = await from('198.51.100.9');
    const bound = nextEvent(other, 'authenticated');
    other.emit('auth', u.token);
    await bound;
    for (const s of [...flood, same, other]) s.disconnect();
  });
});
