import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startServer, type TestServer } from '../../test-support/server.ts';

type Redirect = { redirect?: string; error?: string };

describe.each(DB_KINDS)('sign-in hardening on %s', (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({
      db,
      env: {
        RATE_LIMIT_FACTOR: '1',
        TRUST_PROXY: 'true',
        PUBLIC_URL: 'https://casino.example',
        CORS_ORIGIN: 'https://app.example',
      },
    });
  });
  afterAll(() => server?.close());

  const loginFrom = async (ip: string, email: string, password: string) => {
    const res = await fetch(`${server.url}/api/auth/registration/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ email, password }),
    });
    return { status: res.status, body: (await res.json()) as Redirect };
  };

  it('wrong passwords lock out the guessing address, not the owner signing in from elsewhere', async () => {
    const u = await server.newUser();
    let last = { status: 0, body: {} as Redirect };
    for (let i = 0; i < 11; i++) last = await loginFrom('203.0.113.5', u.email, 'wrong password');
    expect(last.status).toBe(429);
    expect((await loginFrom('203.0.113.5', u.email, u.password)).status).toBe(429);
    const owner = await loginFrom('198.51.100.20', u.email, u.password);
    expect(owner.status).toBe(200);
    expect(owner.body.redirect).toMatch(/^\/login\/local\?token=/);
  });

  it('sends HSTS when the public URL is https', async () => {
    const res = await fetch(`${server.url}/api/site`);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });

  it('the socket handshake refuses a foreign Origin and lets listed, same-origin and Origin-less ones in', async () => {
    const open = (origin?: string) =>
      new Promise<string>((resolve) => {
        const s = io(`${server.url}/chat`, {
          transports: ['websocket'],
          forceNew: true,
          reconnection: false,
          extraHeaders: origin ? { origin } : {},
        });
        s.once('connect', () => {
          s.disconnect();
          resolve('connected');
        });
        s.once('connect_error', () => resolve('refused'));
      });
    expect(await open('https://evil.example')).toBe('refused');
    expect(await open('https://app.example')).toBe('connected');
    expect(await open('https://casino.example')).toBe('connected');
    expect(await open(server.url)).toBe('connected');
    expect(await open()).toBe('connected');
    // the refusal covers the polling transport too
    const polled = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(polled.status).toBe(403);
  });
});

describe('plain http deployment', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.close());

  it('sends no HSTS', async () => {
    const res = await fetch(`${server.url}/api/site`);
    expect(res.headers.get('strict-transport-security')).toBeNull();
    // an Origin-less client (the tests' own) still connects and authenticates
    const u = await server.newUser();
    const s = await server.socket('chat', u.token);
    expect(s.connected).toBe(true);
  });
});
