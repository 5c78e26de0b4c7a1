import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  SKIN_GAMES,
  type SkinGame,
  sandboxCashappPayBody,
  sandboxIdParams,
  sandboxSkinsDepositBody,
} from '@coinsite/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Cashier } from '../../economy/cashier/cashier.context.ts';
import { parse } from '../../platform/http.ts';
import { sandboxOwnerHash } from './card.ts';
import { esc, sandboxPage, usd } from './sandbox-html.ts';
import { SIGNATURE_HEADER, signDelivery } from './signing.ts';
import { SANDBOX_SKINS } from './skins.ts';

/**
 * Who may press Pay or Cancel on a sandbox page: the browser that opened it. The player's session
 * token lives in the site's localStorage, which these script-free pages cannot read, so the
 * authenticated call that opens a checkout (or skins order) also sets a cookie scoped to that page's
 * path, holding an HMAC of the path under the provider's sandbox secret; the page's buttons need it.
 */
const OWNER_COOKIE = 'sandbox_owner';
const ownerToken = (secret: string, pagePath: string) =>
  createHmac('sha256', secret).update(`owner:${pagePath}`).digest('hex');

export function setSandboxOwner(req: FastifyRequest, reply: FastifyReply, secret: string, pagePath: string) {
  const secure = req.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${OWNER_COOKIE}=${ownerToken(secret, pagePath)}; Path=${pagePath}; Max-Age=86400; HttpOnly; SameSite=Lax${secure}`,
  );
}

function isSandboxOwner(req: FastifyRequest, secret: string, pagePath: string): boolean {
  const expected = Buffer.from(ownerToken(secret, pagePath));
  return (req.headers.cookie ?? '').split(';').some((pair) => {
    const [name, value = ''] = pair.trim().split('=');
    const given = Buffer.from(value);
    return name === OWNER_COOKIE && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** `?owner=` of a checkout's address: its one-time owner token (anything else is ignored). */
const ownerQuery = z.object({
  owner: z
    .string()
    .regex(/^[0-9a-f]{48}$/)
    .optional()
    .catch(undefined),
});

const NOT_OWNER =
  '<p>Only the account that opened this payment can pay or cancel it, from the browser it was opened in.</p>';

/**
 * The sandbox providers' hosted pages, served by this site under /sandbox/… only while the matching
 * provider runs in sandbox mode. Their buttons do what the real provider does: sign a delivery with
 * the provider's secret and post it to our callback route (through Fastify's inject, so the exact
 * same parser, signature check and handler run).
 */
export function sandboxPages(app: FastifyInstance, cashier: Cashier): void {
  const html = (reply: FastifyReply, status: number, title: string, body: string) =>
    reply.status(status).type('text/html; charset=utf-8').send(sandboxPage(title, body));

  async function deliver(url: string, secret: string, body: object): Promise<number> {
    const raw = JSON.stringify(body);
    const res = await app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signDelivery(secret, raw, cashier.ctx.clock.now()),
      },
      payload: raw,
    });
    return res.statusCode;
  }

  async function sandboxRow(id: string, provider: 'arkpay' | 'cashapp' | 'skinsback') {
    return cashier.ctx.db
      .selectFrom('sandbox_payments')
      .selectAll()
      .where('id', '=', id)
      .where('provider', '=', provider)
      .executeTakeFirst();
  }

  app.register(async (scope) => {
    // The pages' forms post urlencoded bodies; only this scope accepts them.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    // ---- card checkout (ArkPay) ----
    scope.get('/sandbox/arkpay/checkout/:id', async (req, reply) => {
      const { id } = parse(sandboxIdParams, req.params);
      const pagePath = `/sandbox/arkpay/checkout/${id}`;
      const { owner } = parse(ownerQuery, req.query);
      if (owner !== undefined && cashier.card.sandbox) {
        // the one-time owner token of the checkout's address, traded for the owner cookie once
        // (issue 27): a first-party answer, so the browser keeps the cookie whatever origin the
        // checkout was started from; then the address without the token
        const traded = await sql<{ id: string }>`
          UPDATE sandbox_payments SET data = data - 'ownerHash'
          WHERE id = ${id} AND provider = 'arkpay' AND data->>'ownerHash' = ${sandboxOwnerHash(owner)}
          RETURNING id`.execute(cashier.ctx.db);
        if (traded.rows.length > 0) setSandboxOwner(req, reply, cashier.card.webhookSecret, pagePath);
        return reply.redirect(pagePath, 303);
      }
      const row = cashier.card.sandbox ? await sandboxRow(id, 'arkpay') : undefined;
      if (!row) return html(reply, 404, 'Checkout not found', '<p>This checkout does not exist.</p>');
      const data = row.data as { usdCents: number; description: string };
      if (row.status !== 'NOT_STARTED')
        return html(
          reply,
          200,
          'Checkout closed',
          `<p>This payment is already ${esc(row.status.toLowerCase())}.</p>`,
        );
      return html(
        reply,
        200,
        'Card checkout',
        `<p>${esc(data.description)}</p><div class="amount">${usd(data.usdCents)}</div>
<p>Card 4242 4242 4242 4242 · 12/34 · CVC 123</p>
<div class="row"><form method="post" action="/sandbox/arkpay/checkout/${esc(id)}/cancel"><button class="cancel" type="submit">Cancel</button></form>
<form method="post" action="/sandbox/arkpay/checkout/${esc(id)}/pay"><button class="pay" type="submit">Pay ${usd(data.usdCents)}</button></form></div>`,
      );
    });

    for (const action of ['pay', 'cancel'] as const) {
      scope.post(`/sandbox/arkpay/checkout/:id/${action}`, async (req, reply) => {
        const { id } = parse(sandboxIdParams, req.params);
        if (!cashier.card.sandbox)
          return html(reply, 404, 'Checkout not found', '<p>Not in sandbox mode.</p>');
        if (!isSandboxOwner(req, cashier.card.webhookSecret, `/sandbox/arkpay/checkout/${id}`))
          return html(reply, 403, 'Not your checkout', NOT_OWNER);
        const status = action === 'pay' ? 'COMPLETED' : 'CANCELLED';
        const row = await cashier.ctx.db
          .updateTable('sandbox_payments')
          .set({ status })
          .where('id', '=', id)
          .where('provider', '=', 'arkpay')
          .where('status', '=', 'NOT_STARTED')
          .returningAll()
          .executeTakeFirst();
        if (!row)
          return html(
            reply,
            409,
            'Checkout closed',
            '<p>This payment was already completed or cancelled.</p>',
          );
        const data = row.data as { usdCents: number; merchantTransactionId: string };
        const code = await deliver('/api/callbacks/arkpay', cashier.card.webhookSecret, {
          id,
          merchantTransactionId: data.merchantTransactionId,
          status,
          amount: data.usdCents / 100,
          currency: 'USD',
        });
        const ok = code >= 200 && code < 300;
        return html(
          reply,
          200,
          action === 'pay' ? 'Payment complete' : 'Payment cancelled',
          action === 'pay'
            ? `<div class="amount ${ok ? 'ok' : 'bad'}">${usd(data.usdCents)}</div><p>${ok ? 'Paid. Your coins are on their way: you can close this tab and return to the site.' : `The site did not accept the notification (${code}).`}</p>`
            : '<p>No money was taken. You can close this tab.</p>',
        );
      });
    }

    // ---- CashApp (only while CashApp itself is the sandbox) ----
    scope.addHook('onRequest', async (req, reply) => {
      if (req.url.startsWith('/sandbox/cashapp/') && !cashier.cashapp.sandbox)
        return html(reply, 404, 'Not found', '<p>Not in sandbox mode.</p>');
    });
    scope.get('/sandbox/cashapp/pay', async (req, reply) => {
      const q = req.query as Record<string, string | undefined>;
      const to = esc(q.to ?? cashier.cashapp.cashtag);
      return html(
        reply,
        200,
        'Cash App',
        `<p>Send money from your Cash Balance.</p>
<form method="post" action="/sandbox/cashapp/pay">
<label>To<input class="field" name="to" value="${to}"></label>
<label>Amount ($)<input class="field" name="amount" value="${esc(q.amount ?? '')}"></label>
<label>Note<input class="field" name="note" value="${esc(q.note ?? '')}"></label>
<div class="row"><button class="pay" type="submit">Pay</button></div></form>`,
      );
    });

    scope.post('/sandbox/cashapp/pay', async (req, reply) => {
      const body = parse(sandboxCashappPayBody, req.body);
      const [whole = '0', frac = ''] = body.amount.split('.');
      const amountCents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
      const id = `sbx${randomBytes(12).toString('hex')}`;
      await cashier.ctx.db
        .insertInto('sandbox_payments')
        .values({
          id,
          provider: 'cashapp',
          status: 'SUCCESS',
          data: JSON.stringify({ to: body.to, amountCents, note: body.note }),
        })
        .execute();
      const link = `${req.protocol}://${req.host}/sandbox/cashapp/payments/${id}/receipt`;
      return html(
        reply,
        200,
        'Payment sent',
        `<div class="amount ok">${usd(amountCents)}</div><p>to ${esc(body.to)} · note “${esc(body.note)}”</p>
<p>Your web receipt link (paste it into the cashier and press Check Payment):</p>
<input class="field" readonly value="${esc(link)}" aria-label="Web receipt link">`,
      );
    });

    scope.get('/sandbox/cashapp/payments/:id/receipt', async (req, reply) => {
      const { id } = parse(sandboxIdParams, req.params);
      const row = await sandboxRow(id, 'cashapp');
      if (!row) return html(reply, 404, 'Receipt not found', '<p>No such receipt.</p>');
      const data = row.data as { to: string; amountCents: number; note: string };
      return html(
        reply,
        200,
        'Cash App receipt',
        `<div class="amount">${usd(data.amountCents)}</div><p>Payment to ${esc(data.to)}</p><p>Note: ${esc(data.note)}</p><p class="ok">Completed</p>`,
      );
    });

    // The receipt JSON, shaped like cash.app/receipt-json/f/<id>; the sandbox adapter reads it.
    scope.get('/sandbox/cashapp/receipt-json/f/:id', async (req, reply) => {
      const { id } = parse(sandboxIdParams, req.params);
      const row = await sandboxRow(id, 'cashapp');
      if (!row) return reply.status(404).send({ error: 'Not found.' });
      const data = row.data as { to: string; amountCents: number; note: string };
      return {
        notes: data.note,
        header_subtext: `Payment to ${data.to}`,
        status_treatment: row.status,
        detail_rows: [{ label: 'Amount', value: usd(data.amountCents) }],
      };
    });

    // ---- skins (SkinsBack) ----
    scope.get('/sandbox/skinsback/:id', async (req, reply) => {
      const { id } = parse(sandboxIdParams, req.params);
      const row = cashier.skins.sandbox ? await sandboxRow(`sbx_skins_${id}`, 'skinsback') : undefined;
      if (!row) return html(reply, 404, 'Order not found', '<p>This order does not exist.</p>');
      if (row.status !== 'pending')
        return html(reply, 200, 'Order closed', '<p>This order is already paid.</p>');
      // the cashier's three tiles share one order and name their game in the query
      const asked = (req.query as Record<string, string | undefined>).game;
      const game = SKIN_GAMES.find((g) => g === asked) ?? (row.data as { game: SkinGame }).game;
      const items = SANDBOX_SKINS[SKIN_GAMES.includes(game) ? game : 'csgo']
        .map(
          (s, i) =>
            `<li><span>${esc(s.name)}<br><b>${usd(s.usdCents)}</b></span><form method="post" action="/sandbox/skinsback/${esc(id)}/deposit"><input type="hidden" name="skin" value="${i}"><input type="hidden" name="game" value="${game}"><button class="pay" type="submit">Deposit</button></form></li>`,
        )
        .join('');
      return html(
        reply,
        200,
        `Deposit ${game.toUpperCase()} skins`,
        `<p>Pick an item from your inventory.</p><ul>${items}</ul>`,
      );
    });

    scope.post('/sandbox/skinsback/:id/deposit', async (req, reply) => {
      const { id } = parse(sandboxIdParams, req.params);
      const { skin, game: picked } = parse(sandboxSkinsDepositBody, req.body);
      if (!cashier.skins.sandbox) return html(reply, 404, 'Order not found', '<p>Not in sandbox mode.</p>');
      if (!isSandboxOwner(req, cashier.skins.callbackSecret, `/sandbox/skinsback/${id}`))
        return html(reply, 403, 'Not your order', NOT_OWNER);
      const row = await cashier.ctx.db
        .updateTable('sandbox_payments')
        .set({ status: 'success' })
        .where('id', '=', `sbx_skins_${id}`)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
      if (!row) return html(reply, 409, 'Order closed', '<p>This order is already paid.</p>');
      const data = row.data as { orderId: string; game: SkinGame };
      const item = SANDBOX_SKINS[picked ?? data.game]?.[skin] ?? SANDBOX_SKINS.csgo[0];
      const usdCents = item?.usdCents ?? 500;
      const code = await deliver('/api/callbacks/skinsback', cashier.skins.callbackSecret, {
        status: 'success',
        order_id: data.orderId,
        transaction_id: `sbx_${id}`,
        amount: usdCents / 100,
      });
      const ok = code >= 200 && code < 300;
      return html(
        reply,
        200,
        'Trade accepted',
        `<div class="amount ${ok ? 'ok' : 'bad'}">${usd(usdCents)}</div><p>${ok ? 'Your coins are on their way: you can close this tab.' : `The site did not accept the callback (${code}).`}</p>`,
      );
    });
  });
}
