import { assetUrls } from '../../platform/assets.ts';
import {
  cardInitializeBody,
  cashappCheckBody,
  cashappInitializeBody,
  giftcardRedeemBody,
  skinsOrderBody,
  withdrawBody,
} from '@coinsite/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { setSandboxOwner } from '../../integrations/payments/sandbox-pages.ts';
import { AppError } from '../../platform/errors.ts';
import { requireVerifiedEmail } from '../../platform/account/email-password.service.ts';
import { securityMail } from '../../platform/account/notify.ts';
import { requireNoBreak } from '../../platform/account/rg.service.ts';
import { requireSecondFactor } from '../../platform/account/two-factor.service.ts';
import { limit, loadLimit, parse, requireUser } from '../../platform/http.ts';
import { initializeCard } from './card.service.ts';
import { checkCashApp, initializeCashApp } from './cashapp.service.ts';
import type { Cashier } from './cashier.context.ts';
import { depositAddresses } from './crypto.service.ts';
import { redeemGiftCard } from './giftcards.service.ts';
import { cashierConfigFor, transactionsOf } from './history.service.ts';
import { createSkinsOrder } from './skins.service.ts';
import { requestWithdrawal } from './withdrawals.service.ts';

/**
 * The player's cashier calls (spec-1 §7, PROTOCOL.md §4). /arkpay/* and /cashapp/* keep the
 * original's answer shape: `{ success, message, … }`, failures included (PROTOCOL.md §1).
 */
export function cashierRoutes(app: FastifyInstance, cashier: Cashier): void {
  const { ctx } = cashier;

  /** Runs a /arkpay or /cashapp handler, turning any refusal into `{ success: false, message }`. */
  const legacy =
    <T extends object>(fn: (req: FastifyRequest, reply: FastifyReply) => Promise<T>) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        return { success: true, ...(await fn(req, reply)) };
      } catch (err) {
        if (err instanceof AppError) return { success: false, message: err.message };
        throw err;
      }
    };

  app.get('/api/cashier/config', async (req) => {
    const user = await requireUser(ctx, req);
    return cashierConfigFor(cashier, user.id);
  });

  app.get('/api/cashier/crypto/addresses', async (req) => {
    const user = await requireUser(ctx, req);
    await requireNoBreak(ctx, user.id);
    return depositAddresses(cashier, user.id);
  });

  app.post('/api/cashier/crypto/withdraw', async (req) => {
    const user = await requireUser(ctx, req);
    const body = parse(withdrawBody, req.body);
    await limit(ctx, `withdraw:${user.id}`, loadLimit(10, 60_000));
    await requireVerifiedEmail(ctx, user.id);
    await requireSecondFactor(ctx, user.id, body.twoFactorCode, { session: user.sessionId });
    const result = await requestWithdrawal(cashier, user, body);
    // issue 16 §6: every withdrawal request is mailed to the account's address
    await securityMail(ctx, user.id, 'Withdrawal requested', [
      `A withdrawal of ${result.siteValue.toFixed(2)} coins (${body.currency}) to ${body.address} was requested from your account.`,
    ]);
    return result;
  });

  app.post(
    '/api/arkpay/initialize',
    legacy(async (req, reply) => {
      const user = await requireUser(ctx, req);
      const { site_value } = parse(cardInitializeBody, req.body);
      await requireNoBreak(ctx, user.id);
      await limit(ctx, `card-init:${user.id}`, loadLimit(20, 10 * 60_000));
      const { redirectUrl, feeUsdCents, totalUsdCents } = await initializeCard(cashier, user, site_value);
      // same origin (our client) the cookie is set here; across origins the browser drops it and the
      // checkout page trades the owner token of its address for it
      if (cashier.card.sandbox)
        setSandboxOwner(req, reply, cashier.card.webhookSecret, redirectUrl.split('?')[0] ?? redirectUrl);
      // absolute: a client on another origin (CORS_ORIGIN) would resolve a sandbox path against its own
      return {
        message: 'Redirecting you to the checkout…',
        redirectUrl: assetUrls(ctx.config).url(redirectUrl),
        fee: feeUsdCents / 100,
        total: totalUsdCents / 100,
      };
    }),
  );

  app.post(
    '/api/cashapp/initialize',
    legacy(async (req) => {
      const user = await requireUser(ctx, req);
      const { deposit_amount } = parse(cashappInitializeBody, req.body);
      await requireNoBreak(ctx, user.id);
      await limit(ctx, `cashapp-init:${user.id}`, loadLimit(20, 10 * 60_000));
      return initializeCashApp(cashier, user, deposit_amount);
    }),
  );

  app.post(
    '/api/cashapp/check',
    legacy(async (req) => {
      const user = await requireUser(ctx, req);
      const { payment_link } = parse(cashappCheckBody, req.body);
      await requireNoBreak(ctx, user.id);
      await limit(ctx, `cashapp-check:${user.id}`, loadLimit(20, 60_000));
      return checkCashApp(cashier, user, payment_link);
    }),
  );

  app.post('/api/kinguin/redeem', async (req) => {
    const user = await requireUser(ctx, req);
    const { code } = parse(giftcardRedeemBody, req.body);
    await requireNoBreak(ctx, user.id);
    return redeemGiftCard(cashier, user, code);
  });

  app.post('/api/skinsback/create_order', async (req, reply) => {
    const user = await requireUser(ctx, req);
    const { game } = parse(skinsOrderBody, req.body);
    await requireNoBreak(ctx, user.id);
    await limit(ctx, `skins-order:${user.id}`, loadLimit(20, 10 * 60_000));
    const order = await createSkinsOrder(cashier, user, game);
    if (cashier.skins.sandbox) setSandboxOwner(req, reply, cashier.skins.callbackSecret, order.url);
    return order;
  });

  app.get('/api/user/txs', async (req) => {
    const user = await requireUser(ctx, req);
    return transactionsOf(cashier, user.id);
  });
}
