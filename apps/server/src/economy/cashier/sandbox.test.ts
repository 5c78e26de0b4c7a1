import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../platform/config.ts';
import { findLedgerMismatches } from '../../platform/ledger.ts';
import { DB_KINDS, startServer, type TestServer } from '../../test-support/server.ts';
import { seedPglite } from '../../test-support/pglite-template.ts';
import { cashierOf } from './cashier.context.ts';
import { balanceOf, deliver } from './cashier.test-support.ts';

/** Issue 9 item 4: the sandbox providers on a public deployment. */
describe.each(DB_KINDS)('payment sandboxes on %s', (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ db });
  });
  afterAll(async () => {
    if (server) expect(await findLedgerMismatches(server.site.ctx.db)).toEqual([]);
    await server?.close();
  });
  const cashier = () => cashierOf(server.site.ctx);

  /** POSTs as the browser does; returns the status, body text and the owner cookie set, if any. */
  async function post(url: string, body: object, opts: { token?: string; cookie?: string } = {}) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (opts.token) headers['x-auth-token'] = opts.token;
    if (opts.cookie) headers.cookie = opts.cookie;
    const res = await fetch(server.url + url, { method: 'POST', headers, body: JSON.stringify(body) });
    const cookie = res.headers.getSetCookie()[0]?.split(';')[0];
    return { status: res.status, text: await res.text(), cookie };
  }
  const pressButton = (url: string, cookie?: string) =>
    fetch(server.url + url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      body: 'skin=0&game=csgo',
    });

  async function skinsOrder(token: string) {
    const res = await post('/api/skinsback/create_order', {}, { token });
    const { hash, url } = JSON.parse(res.text) as { hash: string; url: string };
    const row = await server.site.ctx.db
      .selectFrom('skins_orders')
      .select('id')
      .where('hash', '=', hash)
      .executeTakeFirstOrThrow();
    return { id: row.id, url, cookie: res.cookie };
  }

  it('a signed skins callback with an absurd amount gets 400 and credits nothing', async () => {
    const user = await server.newUser();
    const order = await skinsOrder(user.token);
    const secret = cashier().skins.callbackSecret;
    for (const amount of [1e12, 1e15, 1e300, 5_000.01, 0, -5]) {
      const res = await deliver(server, '/api/callbacks/skinsback', secret, {
        status: 'success',
        order_id: String(order.id),
        transaction_id: `huge-${amount}`,
        amount,
      });
      expect(res, String(amount)).toEqual({
        status: 400,
        body: { error: 'The amount must be between $0.01 and $5,000.00.' },
      });
    }
    expect(await balanceOf(server, user.id)).toBe(0);
    // the order still takes a sane delivery
    const ok = await deliver(server, '/api/callbacks/skinsback', secret, {
      status: 'success',
      order_id: String(order.id),
      transaction_id: 'sane',
      amount: 5000,
    });
    expect(ok.body).toEqual({ received: true, result: 'credited' });
    expect(await balanceOf(server, user.id)).toBe(1_000_000);
  });

  it('a card checkout above the maximum is refused, an absurd webhook amount gets 400', async () => {
    const user = await server.newUser();
    const big = await post('/api/arkpay/initialize', { site_value: 10_002 }, { token: user.token });
    expect(JSON.parse(big.text)).toEqual({
      success: false,
      message: 'A single deposit can be at most 10,000.00 coins.',
    });
    const cash = await post('/api/cashapp/initialize', { deposit_amount: 5_001 }, { token: user.token });
    expect(JSON.parse(cash.text)).toMatchObject({ success: false });
    const init = await post('/api/arkpay/initialize', { site_value: 10 }, { token: user.token });
    const address = (JSON.parse(init.text) as { redirectUrl: string }).redirectUrl;
    const paymentId = address.split('?')[0]?.split('/').pop();
    const row = await server.site.ctx.db
      .selectFrom('cashier_transactions')
      .select('id')
      .where('external_id', '=', paymentId ?? '')
      .executeTakeFirstOrThrow();
    const res = await deliver(server, '/api/callbacks/arkpay', cashier().card.webhookSecret, {
      id: paymentId,
      merchantTransactionId: `dep_${row.id}`,
      status: 'COMPLETED',
      amount: 1e15,
    });
    expect(res.status).toBe(400);
    expect(await balanceOf(server, user.id)).toBe(0);
  });

  it('only the browser that opened a sandbox checkout can press its Pay and Cancel', async () => {
    const owner = await server.newUser();
    const other = await server.newUser();
    const mine = await post('/api/arkpay/initialize', { site_value: 10 }, { token: owner.token });
    const theirs = await post('/api/arkpay/initialize', { site_value: 10 }, { token: other.token });
    const address = (JSON.parse(mine.text) as { redirectUrl: string }).redirectUrl;
    const url = address.split('?')[0] ?? '';
    expect(mine.cookie).toMatch(/^sandbox_owner=[0-9a-f]{64}$/);
    for (const cookie of [undefined, theirs.cookie, 'sandbox_owner=00']) {
      for (const action of ['pay', 'cancel']) {
        const res = await pressButton(`${url}/${action}`, cookie);
        expect(res.status).toBe(403);
        expect(await res.text()).toContain('Only the account that opened this payment');
      }
    }
    const page = await fetch(server.url + url);
    // 10 coins = $5.00, plus the $0.55 card fee
    expect(await page.text()).toContain('Pay $5.55');
    expect(await balanceOf(server, owner.id)).toBe(0);
    const paid = await pressButton(`${url}/pay`, mine.cookie);
    expect(await paid.text()).toContain('Paid.');
    expect(await balanceOf(server, owner.id)).toBe(1000);

    const order = await skinsOrder(owner.token);
    const theirOrder = await skinsOrder(other.token);
    expect((await pressButton(`${order.url}/deposit`, theirOrder.cookie)).status).toBe(403);
    expect((await pressButton(`${order.url}/deposit`)).status).toBe(403);
    expect(await balanceOf(server, owner.id)).toBe(1000);
    expect((await pressButton(`${order.url}/deposit`, order.cookie)).status).toBe(200);
    expect(await balanceOf(server, owner.id)).toBe(1000 + 2500);
  });
});

/**
 * Issue 27 item 6: the original client starts the checkout from another origin, so the owner cookie
 * its call sets is dropped by the browser. The checkout's address carries a one-time owner token
 * that the page trades for the cookie, on its own origin.
 */
describe.each(DB_KINDS)('a sandbox checkout started from another origin (%s)', (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({
      db,
      env: { CORS_ORIGIN: 'http://original.example', PUBLIC_URL: 'http://127.0.0.1:1' },
    });
  });
  afterAll(async () => {
    if (server) expect(await findLedgerMismatches(server.site.ctx.db)).toEqual([]);
    await server?.close();
  });
  const press = (pagePath: string, action: string, cookie?: string) =>
    fetch(`${server.url}${pagePath}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      body: '',
    });

  it('the address trades its owner token for the cookie once; Pay then works, a replayed token gets nothing', async () => {
    const buyer = await server.newUser();
    const init = await fetch(`${server.url}/api/arkpay/initialize`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-auth-token': buyer.token,
        origin: 'http://original.example',
      },
      body: JSON.stringify({ site_value: 10 }),
    });
    const { redirectUrl } = (await init.json()) as { redirectUrl: string };
    // absolute (PUBLIC_URL) with the token; the cookie of this cross-origin answer never reaches the page
    const address = new URL(redirectUrl);
    expect(address.searchParams.get('owner')).toMatch(/^[0-9a-f]{48}$/);
    const pagePath = address.pathname;
    expect((await press(pagePath, 'pay')).status).toBe(403);

    // a stranger's forged token: no cookie, back to the bare page
    const forged = await fetch(`${server.url}${pagePath}?owner=${'0'.repeat(48)}`, { redirect: 'manual' });
    expect(forged.status).toBe(303);
    expect(forged.headers.getSetCookie()).toEqual([]);

    const opened = await fetch(`${server.url}${pagePath}${address.search}`, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(pagePath);
    const cookie = opened.headers.getSetCookie()[0]?.split(';')[0];
    expect(cookie).toMatch(/^sandbox_owner=[0-9a-f]{64}$/);
    // once: the same address opened again (a shared link, the history) sets nothing
    const again = await fetch(`${server.url}${pagePath}${address.search}`, { redirect: 'manual' });
    expect(again.headers.getSetCookie()).toEqual([]);

    const paid = await press(pagePath, 'pay', cookie);
    expect(paid.status).toBe(200);
    expect(await paid.text()).toContain('Paid.');
    expect(await balanceOf(server, buyer.id)).toBe(1000);
  });
});

describe('sandbox secrets', () => {
  async function boot(dataDir: string) {
    const site = await buildApp(
      loadConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        SERVE_WEB: 'false',
      }),
    );
    const { card, skins } = cashierOf(site.ctx);
    const secrets = { card: card.webhookSecret, skins: skins.callbackSecret };
    await site.close();
    return secrets;
  }

  it('are drawn per installation, kept in the data dir across restarts', async () => {
    const dirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'coinsite-secrets-')));
    try {
      // the database from the migrated template (the secrets live beside it, not in it): no initdb
      for (const dir of dirs) await seedPglite(dir);
      const [a, b] = [await boot(dirs[0] as string), await boot(dirs[1] as string)];
      expect(a.card).toMatch(/^[0-9a-f]{64}$/);
      expect(a.skins).toMatch(/^[0-9a-f]{64}$/);
      expect(a.card).not.toBe(a.skins);
      expect(b.card).not.toBe(a.card);
      expect(b.skins).not.toBe(a.skins);
      expect(await boot(dirs[0] as string)).toEqual(a);
    } finally {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000); // three boots on a loaded machine
});

describe('production boot', () => {
  const main = fileURLToPath(new URL('../../main.ts', import.meta.url));

  /** Starts the real entry point and waits for it to exit (or kills it after 20 s). */
  function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'coinsite-boot-'));
    return new Promise((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', main], {
        env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d) => {
        stderr += String(d);
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        rmSync(dataDir, { recursive: true, force: true });
        resolve({ code, stderr });
      });
    });
  }

  it('refuses to start with payment sandboxes unless the operator opts in', async () => {
    const envs: Array<Record<string, string>> = [{ NODE_ENV: 'production' }, { SANDBOX_PAYMENTS: 'false' }];
    for (const env of envs) {
      const { code, stderr } = await start(env);
      expect(code).toBe(1);
      expect(stderr.trim().split('\n')).toEqual([
        "Payment sandboxes would run in production (card, Cash App, skins, gift card test codes): anyone could pay with them. Set the providers' keys (and GIFTCARD_SANDBOX_CODES=false), or SANDBOX_PAYMENTS=true to run them anyway",
      ]);
    }
  }, 90_000);
});
