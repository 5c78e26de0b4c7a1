import type { TxsView } from '@coinsite/shared';
import { describe, expect, it } from 'vitest';
import { EVERY_DB, type TestServer } from '../../test-support/server.ts';
import { cashierOf } from './cashier.context.ts';
import { balanceOf, deliver, importCode, withAdminServer } from './cashier.test-support.ts';

describe.each(EVERY_DB)('cashier deposits on %s', (db) => {
  let server: TestServer;
  let admin: string;
  withAdminServer(db, (s, token) => {
    server = s;
    admin = token;
  });

  const cashier = () => cashierOf(server.site.ctx);

  /** Starts a card deposit; returns the provider's payment id and our reference. */
  async function startCard(token: string, coins: number) {
    const res = await fetch(`${server.url}/api/arkpay/initialize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': token },
      body: JSON.stringify({ site_value: coins }),
    });
    const body = (await res.json()) as { success: boolean; redirectUrl: string; fee: number; total: number };
    expect(body.success).toBe(true);
    // the sandbox checkout's buttons answer the browser that opened it (sandbox-pages.ts)
    const cookie = res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    // the address carries a one-time owner token (?owner=, for a checkout opened from another origin);
    // the cookie above already names this caller the owner, so the tests use the bare address
    const redirectUrl = body.redirectUrl.split('?')[0] ?? '';
    const paymentId = redirectUrl.split('/').pop() ?? '';
    const row = await server.site.ctx.db
      .selectFrom('cashier_transactions')
      .select(['id', 'state'])
      .where('external_id', '=', paymentId)
      .executeTakeFirstOrThrow();
    return {
      paymentId,
      ref: `dep_${row.id}`,
      txId: row.id,
      redirectUrl,
      cookie,
      fee: body.fee,
      total: body.total,
    };
  }

  const cardEvent = (paymentId: string, ref: string, status = 'COMPLETED', amount?: number) => ({
    id: paymentId,
    merchantTransactionId: ref,
    status,
    ...(amount === undefined ? {} : { amount, currency: 'USD' }),
  });

  it('card: the sandbox checkout pays through the signed webhook and credits once', async () => {
    const user = await server.newUser();
    const low = await server.api('POST', '/api/arkpay/initialize', { site_value: 9.98 }, user.token);
    expect(low.body).toEqual({ success: false, message: 'The minimum card deposit is $5.00 (10.00 coins).' });
    expect((await server.api('POST', '/api/arkpay/initialize', { site_value: 10 })).body).toMatchObject({
      success: false,
    });
    const card = await startCard(user.token, 25);
    expect(card.redirectUrl).toMatch(/^\/sandbox\/arkpay\/checkout\/sbx_card_/);
    const page = await fetch(server.url + card.redirectUrl);
    expect(await page.text()).toContain('SANDBOX');
    const paid = await fetch(`${server.url}${card.redirectUrl}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: card.cookie },
      body: '',
    });
    expect(await paid.text()).toContain('Paid.');
    expect(await balanceOf(server, user.id)).toBe(2500);
    // the checkout cannot be paid twice
    const again = await fetch(`${server.url}${card.redirectUrl}/pay`, {
      method: 'POST',
      headers: { cookie: card.cookie },
    });
    expect(again.status).toBe(409);
    expect(await balanceOf(server, user.id)).toBe(2500);
    const txs = await server.api<TxsView>('GET', '/api/user/txs', undefined, user.token);
    expect(txs.body.deposits).toMatchObject([{ type: 'deposit', currency: 'CARD', siteValue: 25, state: 3 }]);
  });

  it('card webhook: a bad or stale signature is refused, a replay credits once', async () => {
    const user = await server.newUser();
    const card = await startCard(user.token, 10);
    const secret = cashier().card.webhookSecret;
    // the checkout charges the value plus the card fee (issue 14 item 12): 5.00 + 4.9 % + 0.30
    expect([card.fee, card.total]).toEqual([0.55, 5.55]);
    const event = cardEvent(card.paymentId, card.ref, 'COMPLETED', card.total);
    const forged = await deliver(server, '/api/callbacks/arkpay', 'not-the-secret-at-all', event);
    expect(forged).toEqual({ status: 401, body: { error: 'Invalid signature.' } });
    const unsigned = await server.api('POST', '/api/callbacks/arkpay', event);
    expect(unsigned.status).toBe(401);
    const stale = await deliver(server, '/api/callbacks/arkpay', secret, event, Date.now() - 10 * 60_000);
    expect(stale).toEqual({ status: 401, body: { error: 'This delivery is too old.' } });
    expect(await balanceOf(server, user.id)).toBe(0);

    expect((await deliver(server, '/api/callbacks/arkpay', secret, event)).body).toEqual({
      received: true,
      result: 'credited',
    });
    expect((await deliver(server, '/api/callbacks/arkpay', secret, event)).body.result).toBe('duplicate');
    expect(await balanceOf(server, user.id)).toBe(1000);
  });

  it('card webhook: 50 concurrent deliveries credit once', async () => {
    const user = await server.newUser();
    const card = await startCard(user.token, 40);
    const secret = cashier().card.webhookSecret;
    const event = cardEvent(card.paymentId, card.ref, 'COMPLETED', card.total);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => deliver(server, '/api/callbacks/arkpay', secret, event)),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.result === 'credited')).toHaveLength(1);
    expect(await balanceOf(server, user.id)).toBe(4000);
  });

  it('card webhook: a wrong amount waits for review, a cancelled checkout moves no money', async () => {
    const user = await server.newUser();
    const secret = cashier().card.webhookSecret;
    const odd = await startCard(user.token, 10);
    await deliver(server, '/api/callbacks/arkpay', secret, cardEvent(odd.paymentId, odd.ref, 'COMPLETED', 1));
    const cancelled = await startCard(user.token, 10);
    await deliver(
      server,
      '/api/callbacks/arkpay',
      secret,
      cardEvent(cancelled.paymentId, cancelled.ref, 'CANCELLED'),
    );
    // a later "completed" for the cancelled payment does not revive it
    await deliver(server, '/api/callbacks/arkpay', secret, cardEvent(cancelled.paymentId, cancelled.ref));
    const txs = await server.api<TxsView>('GET', '/api/user/txs', undefined, user.token);
    expect(txs.body.deposits.map((d) => d.state)).toEqual([6, 4]);
    expect(await balanceOf(server, user.id)).toBe(0);
  });

  it('skins: orders need a user; the signed callback credits once, also under 50 concurrent copies', async () => {
    expect((await server.api('POST', '/api/skinsback/create_order', { user_id: '1' })).status).toBe(401);
    const user = await server.newUser();
    const order = await server.api<{ hash: string; url: string }>(
      'POST',
      '/api/skinsback/create_order',
      { user_id: 'someone-else', game: 'dota2' },
      user.token,
    );
    expect(order.body.url).toBe(`/sandbox/skinsback/${order.body.hash}`);
    const row = await server.site.ctx.db
      .selectFrom('skins_orders')
      .select(['id', 'user_id', 'currency'])
      .where('hash', '=', order.body.hash)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: user.id, currency: 'DOTA2' });
    const secret = cashier().skins.callbackSecret;
    const event = { status: 'success', order_id: String(row.id), transaction_id: 'sk-1', amount: 12.34 };
    expect(
      (await deliver(server, '/api/callbacks/skinsback', 'wrong-secret-wrong-secret', event)).status,
    ).toBe(401);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => deliver(server, '/api/callbacks/skinsback', secret, event)),
    );
    expect(results.filter((r) => r.body.result === 'credited')).toHaveLength(1);
    expect((await deliver(server, '/api/callbacks/skinsback', secret, event)).body.result).toBe('duplicate');
    expect(await balanceOf(server, user.id)).toBe(2468);
    // a value with more than two decimals is credited its whole cents, never a cent more than paid
    const second = await server.api<{ hash: string }>('POST', '/api/skinsback/create_order', {}, user.token);
    const secondRow = await server.site.ctx.db
      .selectFrom('skins_orders')
      .select(['id'])
      .where('hash', '=', second.body.hash)
      .executeTakeFirstOrThrow();
    const odd = { status: 'success', order_id: String(secondRow.id), transaction_id: 'sk-2', amount: 12.349 };
    expect((await deliver(server, '/api/callbacks/skinsback', secret, odd)).body.result).toBe('credited');
    expect(await balanceOf(server, user.id)).toBe(2468 + 2468);
  });

  it('cashapp: a receipt matching note, amount and cashtag credits once ever', async () => {
    const user = await server.newUser();
    const init = await server.api<{ success: boolean; cashtag: string; note: string; amount: number }>(
      'POST',
      '/api/cashapp/initialize',
      { deposit_amount: 15 },
      user.token,
    );
    expect(init.body).toMatchObject({ success: true, cashtag: '$CoinsiteSandbox', amount: 15 });
    const pay = async (amount: string, note: string) => {
      const res = await fetch(`${server.url}/sandbox/cashapp/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ to: '$CoinsiteSandbox', amount, note }).toString(),
      });
      const link = /value="(http[^"]+)"/.exec(await res.text())?.[1];
      if (!link) throw new Error('no receipt link');
      return link;
    };
    const check = (link: string, token = user.token) =>
      server.api<{ success: boolean; message: string }>(
        'POST',
        '/api/cashapp/check',
        { payment_link: link },
        token,
      );

    expect((await check('https://example.com/not-a-receipt')).body).toEqual({
      success: false,
      message: 'Invalid payment link.',
    });
    const short = await pay('14.00', init.body.note);
    expect((await check(short)).body).toEqual({
      success: false,
      message: 'This payment was $14.00 but your request was for $15.00.',
    });
    const other = await server.newUser();
    const good = await pay('15.00', init.body.note);
    expect((await check(good, other.token)).body.success).toBe(false);
    const results = await Promise.all(Array.from({ length: 50 }, () => check(good)));
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    expect((await check(good)).body).toEqual({
      success: false,
      message: 'This receipt has already been used.',
    });
    expect(await balanceOf(server, user.id)).toBe(3000);
  });

  it('gift cards: admins import hashed codes; one of many racing redemptions wins', async () => {
    const player = await server.newUser();
    expect(
      (
        await server.api(
          'PUT',
          '/api/external/v1/giftcards/import',
          { value: 10, codes: ['X'] },
          player.token,
        )
      ).status,
    ).toBe(403);
    const bad = await server.api(
      'PUT',
      '/api/external/v1/giftcards/import',
      { value: 7, codes: ['ABCDEF'] },
      admin,
    );
    expect(bad.body).toEqual({ error: 'Gift card values are 5, 10, 15, 20, 50 or 100.' });
    await importCode(server, admin, 'RACE-CODE-0001', 20);
    const stored = await server.site.ctx.db.selectFrom('gift_cards').select('code_hash').execute();
    expect(stored.some((r) => r.code_hash.includes('RACE'))).toBe(false);

    const users = await Promise.all(Array.from({ length: 8 }, () => server.newUser()));
    const results = await Promise.all(
      users.flatMap((u) =>
        [0, 1, 2].map(() => server.api('POST', '/api/kinguin/redeem', { code: 'race-code-0001' }, u.token)),
      ),
    );
    const wins = results.filter((r) => r.status === 200);
    expect(wins).toHaveLength(1);
    expect(wins[0]?.body).toEqual({
      message: 'Successfully redeemed a $20 gift card for 40.00 coins!',
      payout: 40,
    });
    expect(results.filter((r) => r.status !== 200).every((r) => r.body.error !== undefined)).toBe(true);
    const balances = await Promise.all(users.map((u) => balanceOf(server, u.id)));
    expect(balances.sort((a, b) => b - a)).toEqual([4000, 0, 0, 0, 0, 0, 0, 0]);
    expect(
      (await server.api('POST', '/api/kinguin/redeem', { code: 'NOPE-NOPE' }, player.token)).body,
    ).toEqual({
      error: 'This gift card code is invalid.',
    });
    // a seeded sandbox code (README) works once
    expect(
      (await server.api('POST', '/api/kinguin/redeem', { code: 'SANDBOX-GIFT-5-A' }, player.token)).status,
    ).toBe(200);
    expect(await balanceOf(server, player.id)).toBe(1000);
  });

  it('the daily deposit limit refuses what would go over 500.00 coins', async () => {
    const user = await server.newUser();
    const card = await startCard(user.token, 400);
    await deliver(
      server,
      '/api/callbacks/arkpay',
      cashier().card.webhookSecret,
      cardEvent(card.paymentId, card.ref),
    );
    const over = await server.api('POST', '/api/arkpay/initialize', { site_value: 110 }, user.token);
    expect(over.body).toEqual({
      success: false,
      message: 'This deposit would exceed your daily deposit limit of 500.00 coins (100.00 left today).',
    });
    expect(
      (await server.api('POST', '/api/arkpay/initialize', { site_value: 100 }, user.token)).body,
    ).toMatchObject({
      success: true,
    });
  });

  it('the deposits control closes every deposit path, callbacks for paid money still land', async () => {
    const user = await server.newUser();
    const card = await startCard(user.token, 10);
    await server.api('POST', '/api/external/v1/controls/toggle-state', { name: 'deposits' }, admin);
    try {
      const refused = { success: false, message: 'Deposits are currently disabled.' };
      expect(
        (await server.api('POST', '/api/arkpay/initialize', { site_value: 10 }, user.token)).body,
      ).toEqual(refused);
      expect(
        (await server.api('POST', '/api/cashapp/initialize', { deposit_amount: 10 }, user.token)).body,
      ).toEqual(refused);
      for (const [method, path, body] of [
        ['POST', '/api/kinguin/redeem', { code: 'SANDBOX-GIFT-5-B' }],
        ['POST', '/api/skinsback/create_order', {}],
        ['GET', '/api/cashier/crypto/addresses', undefined],
      ] as const) {
        const res = await server.api(method, path, body, user.token);
        expect(res).toEqual({ status: 400, body: { error: 'Deposits are currently disabled.' } });
      }
      await deliver(
        server,
        '/api/callbacks/arkpay',
        cashier().card.webhookSecret,
        cardEvent(card.paymentId, card.ref),
      );
      expect(await balanceOf(server, user.id)).toBe(1000);
    } finally {
      await server.api('POST', '/api/external/v1/controls/toggle-state', { name: 'deposits' }, admin);
    }
  });
});
