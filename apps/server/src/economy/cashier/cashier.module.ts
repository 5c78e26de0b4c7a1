import type { CryptoCurrency } from '@coinsite/shared';
import type { FastifyInstance } from 'fastify';
import { cryptoSetup } from '../../integrations/crypto/setup.ts';
import { arkpayCard, sandboxCard } from '../../integrations/payments/card.ts';
import {
  cashAppProvider,
  fetchReceiptJsonFrom,
  type ReceiptJson,
} from '../../integrations/payments/cashapp.ts';
import { syncSandboxGiftCodes } from '../../integrations/payments/giftcard.ts';
import { sandboxPages } from '../../integrations/payments/sandbox-pages.ts';
import { sandboxSecrets } from '../../integrations/payments/sandbox-secrets.ts';
import { sandboxSkins, skinsbackProvider } from '../../integrations/payments/skins.ts';
import type { Ctx } from '../../platform/context.ts';
import { loadCashierConfig } from './cashier.config.ts';
import { type Cashier, setCashier } from './cashier.context.ts';
import { cashierAdminRoutes } from './cashier-admin.routes.ts';
import { cashierRoutes } from './cashier.routes.ts';
import { scanChains } from './crypto.service.ts';
import { webhookRoutes } from './webhooks.routes.ts';
import type { Feature } from '../../platform/feature.ts';

export const SANDBOX_CASHTAG = '$CoinsiteSandbox';

/**
 * The cashier: deposits (card, CashApp, gift cards, skins, crypto), withdrawals, the admin's
 * transaction list and the sandbox providers. Each integration is the sandbox until its env is set.
 */
export async function cashierModule(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const config = loadCashierConfig();
  const realCashtag = config.CASHAPP_CASHTAG;
  const secrets = sandboxSecrets(ctx.config.DATA_DIR, {
    arkpay: config.ARKPAY_SANDBOX_SECRET,
    skinsback: config.SKINSBACK_SANDBOX_SECRET,
  });
  const cashier: Cashier = {
    ctx,
    app,
    config,
    card:
      config.ARKPAY_API_KEY && config.ARKPAY_SECRET
        ? arkpayCard({
            apiUrl: config.ARKPAY_API_URL,
            apiKey: config.ARKPAY_API_KEY,
            secret: config.ARKPAY_SECRET,
          })
        : sandboxCard(ctx.db, secrets.arkpay),
    cashapp: cashAppProvider({
      sandbox: !realCashtag,
      cashtag: realCashtag ?? SANDBOX_CASHTAG,
      fetchJson: realCashtag
        ? fetchReceiptJsonFrom(config.CASHAPP_RECEIPT_JSON_URL)
        : async (id) => {
            // the sandbox's receipt JSON is served by this site: read it through the same HTTP stack
            const res = await app.inject({ method: 'GET', url: `/sandbox/cashapp/receipt-json/f/${id}` });
            return res.statusCode === 200 ? (res.json() as ReceiptJson) : null;
          },
    }),
    skins:
      config.SKINSBACK_SHOP_ID && config.SKINSBACK_SECRET
        ? skinsbackProvider({
            apiUrl: config.SKINSBACK_API_URL,
            shopId: config.SKINSBACK_SHOP_ID,
            secret: config.SKINSBACK_SECRET,
          })
        : sandboxSkins(ctx.db, secrets.skinsback),
    crypto: cryptoSetup(ctx.db, config),
    scanChains: (currencies) => scanChains(cashier, currencies as CryptoCurrency[] | undefined),
  };
  setCashier(ctx, cashier);

  cashierRoutes(app, cashier);
  webhookRoutes(app, cashier);
  cashierAdminRoutes(app, cashier);
  sandboxPages(app, cashier);
  await syncSandboxGiftCodes(ctx.db, config.GIFTCARD_SANDBOX_CODES);
  startChainWatcher(cashier);
}

/** Leader-only: polls the chain watchers every CRYPTO_POLL_SECONDS on the injected clock. */
function startChainWatcher(cashier: Cashier): void {
  const { ctx } = cashier;
  const every = cashier.config.CRYPTO_POLL_SECONDS * 1000;
  let cancel: (() => void) | null = null;
  let closed = false;
  const schedule = () => {
    cancel = ctx.clock.setTimeout(() => {
      void scanChains(cashier)
        .catch((err) => ctx.log.warn({ err }, 'chain watcher pass failed'))
        .finally(() => {
          if (!closed && cancel) schedule();
        });
    }, every);
  };
  ctx.leadership.onLeader(() => {
    if (!closed && !cancel) schedule();
  });
  ctx.leadership.onFollower(() => {
    cancel?.();
    cancel = null;
  });
  ctx.onClose.push(() => {
    closed = true;
    cancel?.();
    cancel = null;
  });
}

export const feature: Feature = { name: 'cashier', routes: cashierModule };
