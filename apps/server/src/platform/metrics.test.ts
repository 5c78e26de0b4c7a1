import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedPlayer } from '../games/rounds/round-test-kit.ts';
import { DB_KINDS, nextEvent, startServer, type TestServer } from '../test-support/server.ts';
import type { Health } from './health.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** Parses the Prometheus text format into samples: name, labels, value (the scrape parses). */
function parseExposition(
  text: string,
): Array<{ name: string; labels: Record<string, string>; value: number }> {
  const samples = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[pair[1] as string] = pair[2] as string;
    const value = Number(m[3]);
    if (Number.isNaN(value) && m[3] !== 'NaN') throw new Error(`bad value: ${line}`);
    samples.push({ name: m[1] as string, labels, value });
  }
  return samples;
}

/** Issue 18 items 1 and 5: /metrics for a scraper holding the token, /api/health for balancers. */
describe.each(DB_KINDS)('metrics and health on %s', (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ db, env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => server?.close());

  const scrape = async () => {
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return parseExposition(await res.text());
  };
  const value = (samples: ReturnType<typeof parseExposition>, name: string, labels: Record<string, string>) =>
    samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
      ?.value;

  it('refuses a scrape without the token or with a wrong one', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
  });

  it('counts requests by route pattern, socket events, bets, wallet statements, pools, leader', async () => {
    const p = await fundedPlayer(server.site.ctx, 10);
    await server.api('GET', '/api/user', undefined, p.token);
    const sock = await server.socket('dice', p.token);
    const answer = nextEvent(sock, 'dice:result');
    sock.emit('dice:bet', { amount: 1, multiplier: 2, rangeData: 49.5 });
    await answer;
    const samples = await scrape();
    expect(
      value(samples, 'coinsite_http_request_duration_seconds_count', { route: '/api/user', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(value(samples, 'coinsite_socket_events_total', { namespace: 'dice', event: 'dice:bet' })).toBe(1);
    expect(value(samples, 'coinsite_bet_duration_seconds_count', { game: 'dice' })).toBe(1);
    expect(value(samples, 'coinsite_wallet_statement_duration_seconds_count', { op: 'bet' })).toBe(1);
    expect(value(samples, 'coinsite_wallet_changes_total', { kind: 'admin' })).toBeGreaterThanOrEqual(1);
    expect(value(samples, 'coinsite_socket_connections', { namespace: 'dice' })).toBe(1);
    // the dice socket's answers went out through the write batcher: at least one turn, one write each
    const batches = value(samples, 'coinsite_socket_writes_total', { count: 'batches' }) ?? 0;
    expect(batches).toBeGreaterThanOrEqual(1);
    expect(value(samples, 'coinsite_socket_writes_total', { count: 'writes' })).toBeGreaterThanOrEqual(
      batches,
    );
    expect(value(samples, 'coinsite_db_pool_connections', { pool: 'main', state: 'total' })).toBeGreaterThan(
      0,
    );
    expect(value(samples, 'coinsite_leader', {})).toBe(1);
    expect(value(samples, 'coinsite_nodejs_eventloop_lag_p99_seconds', {})).toBeGreaterThanOrEqual(0);
    expect(value(samples, 'coinsite_process_resident_memory_bytes', {})).toBeGreaterThan(0);
    // route patterns, never raw URLs with ids
    expect(samples.some((s) => /\/\d+/.test(s.labels.route ?? ''))).toBe(false);
    sock.disconnect();
  });

  it('/api/health: database, redis and leader; no-store', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as Health;
    expect(body).toMatchObject({ status: 'ok', database: 'ok', redis: 'off', leader: true });
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });
});

describe('metrics without METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.close());
  it('is not served at all', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
  });
});
