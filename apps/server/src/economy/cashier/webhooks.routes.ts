import { arkpayWebhookBody, skinsCallbackBody } from '@coinsite/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { SIGNATURE_HEADER, verifyDelivery } from '../../integrations/payments/signing.ts';
import { parse } from '../../platform/http.ts';
import { inTransaction, type Unit } from '../../platform/tx.ts';
import { applyCardWebhook } from './card.service.ts';
import type { Cashier } from './cashier.context.ts';
import { applySkinsCallback } from './skins.service.ts';

/**
 * The providers' signed deliveries. The raw body is kept as text so the signature is checked over
 * exactly the bytes that were sent; then the delivery is recorded by the provider's event id in
 * the same transaction that applies it, so a replay, a retry or 50 simultaneous copies apply once.
 */
export function webhookRoutes(app: FastifyInstance, cashier: Cashier): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );

    scope.post('/api/callbacks/arkpay', (req, reply) =>
      receive(cashier, req, reply, {
        provider: 'arkpay',
        secret: cashier.card.webhookSecret,
        schema: arkpayWebhookBody,
        eventId: (b) => `${b.id}:${b.status}`,
        apply: (unit, b) => applyCardWebhook(cashier, unit, b),
      }),
    );

    scope.post('/api/callbacks/skinsback', (req, reply) =>
      receive(cashier, req, reply, {
        provider: 'skinsback',
        secret: cashier.skins.callbackSecret,
        schema: skinsCallbackBody,
        eventId: (b) => `${b.transaction_id}:${b.status}`,
        apply: (unit, b) => applySkinsCallback(cashier, unit, b),
      }),
    );
  });
}

async function receive<S extends z.ZodType>(
  cashier: Cashier,
  req: FastifyRequest,
  reply: FastifyReply,
  opts: {
    provider: string;
    secret: string;
    schema: S;
    eventId: (body: z.infer<S>) => string;
    apply: (unit: Unit, body: z.infer<S>) => Promise<string>;
  },
) {
  const raw = typeof req.body === 'string' ? req.body : '';
  const check = verifyDelivery({
    secret: opts.secret,
    header: req.headers[SIGNATURE_HEADER],
    rawBody: raw,
    nowMs: cashier.ctx.clock.now(),
  });
  if (check !== 'ok') {
    req.log.warn({ provider: opts.provider, check }, 'refused an unsigned or stale delivery');
    return reply
      .status(401)
      .send({ error: check === 'stale' ? 'This delivery is too old.' : 'Invalid signature.' });
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return reply.status(400).send({ error: 'Invalid request body.' });
  }
  const body = parse(opts.schema, json);
  const result = await inTransaction(cashier.ctx.db, async (unit) => {
    const fresh = await unit.tx
      .insertInto('webhook_deliveries')
      .values({ provider: opts.provider, event_id: opts.eventId(body), body: raw })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!fresh) return 'duplicate';
    return opts.apply(unit, body);
  });
  return { received: true, result };
}
