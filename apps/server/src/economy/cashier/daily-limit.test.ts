import type { AdminTxView } from '@coinsite/shared';
import { describe, expect, it } from 'vitest';
import { DB_KINDS, type TestServer } from '../../test-support/server.ts';
import { cashierOf } from './cashier.context.ts';
import { balanceOf, deliver, withAdminServer } from './cashier.test-support.ts';

/** Issue 9 item 3: the daily deposit limit (500.00 coins by default) counts open requests. */
describe.each(DB_KINDS)('daily deposit limit on %s', (db) => {
  let server: TestServer;
  let admin: string;
  withAdminServer(db, (s, token) => {
    server = s;
    admin = token;
  });
  const cashier = () => cashierOf(server.site.ctx);

  const openCard = (token: string, coins: number) =>
    server.api<{ success: boolean; message?: string; redirectUrl?: string }>(
      'POST',
      '/api/arkpay/initialize',
      { site_value: coins },
      token,
    );
  const openCashApp = (token: string, coins: number) =>
    server.api<{ success: boolean; message?: string; redirectUrl?: undefined }>(
      'POST',
      '/api/cashapp/initialize',
      { deposit_amount: coins / 2 }, // dollars
      token,
    );

  /** Pays a card checkout through its signed webhook, as the provider would. */
  async function payCard(redirectUrl: string) {
    const paymentId = redirectUrl.split('?')[0]?.split('/').pop() ?? '';
    const row = await server.site.ctx.db
      .selectFrom('cashier_transactions')
      .select('id')
      .where('external_id', '=', paymentId)
      .executeTakeFirstOrThrow();
    const res = await deliver(server, '/api/callbacks/arkpay', cashier().card.webhookSecret, {
      id: paymentId,
      merchantTransactionId: `dep_${row.id}`,
      status: 'COMPLETED',
    });
    expect(res.body.result).toBe('credited');
  }

  it('of six 400-coin checkouts opened together only one opens; open requests count', async () => {
    const user = await server.newUser();
    const cards = await Promise.all(Array.from({ length: 6 }, () => openCard(user.token, 400)));
    const opened = cards.filter((r) => r.body.success);
    expect(opened).toHaveLength(1);
    expect(cards.filter((r) => !r.body.success).map((r) => r.body.message)).toEqual(
      Array(5).fill(
        'This deposit would exceed your daily deposit limit of 500.00 coins (100.00 left today).',
      ),
    );
    // card and Cash App requests racing for the last 100.00 coins: two of 50.00 fit
    const mixed = await Promise.all([
      openCard(user.token, 50),
      openCashApp(user.token, 50),
      openCard(user.token, 50),
      openCashApp(user.token, 50),
    ]);
    expect(mixed.filter((r) => r.body.success)).toHaveLength(2);
    const open = await server.site.ctx.db
      .selectFrom('cashier_transactions')
      .select((eb) => eb.fn.sum<number>('site_value').as('total'))
      .where('user_id', '=', user.id)
      .where('state', 'in', [0, 1])
      .executeTakeFirstOrThrow();
    expect(Number(open.total)).toBe(50_000);

    for (const r of [...opened, ...mixed]) if (r.body.redirectUrl) await payCard(r.body.redirectUrl);
    expect(await balanceOf(server, user.id)).toBeLessThanOrEqual(50_000);
  });

  it('a payment that completes over the limit is credited and flagged for review', async () => {
    const user = await server.newUser();
    const card = await openCard(user.token, 400);
    await payCard(card.body.redirectUrl ?? '');
    // a skins order has no value until the marketplace calls back: $100 of skins lands over the limit
    const order = await server.api<{ hash: string }>('POST', '/api/skinsback/create_order', {}, user.token);
    const row = await server.site.ctx.db
      .selectFrom('skins_orders')
      .select('id')
      .where('hash', '=', order.body.hash)
      .executeTakeFirstOrThrow();
    const res = await deliver(server, '/api/callbacks/skinsback', cashier().skins.callbackSecret, {
      status: 'success',
      order_id: String(row.id),
      transaction_id: `over-${row.id}`,
      amount: 100,
    });
    expect(res.body).toEqual({ received: true, result: 'credited' });
    expect(await balanceOf(server, user.id)).toBe(60_000);

    const list = await server.api<AdminTxView[]>(
      'GET',
      '/api/external/v1/transactions/list?type=deposit',
      undefined,
      admin,
    );
    const mine = list.body.filter((t) => t._user._id === String(user.id));
    expect(mine.map((t) => [t.method, t.state, t.siteValue, t.reviewFlag])).toEqual([
      ['skins', 3, 200, 'over_daily_limit'],
      ['card', 3, 400, null],
    ]);
  });
});
