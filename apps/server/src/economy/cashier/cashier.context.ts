import type { FastifyInstance } from 'fastify';
import type { CardProvider } from '../../integrations/payments/card.ts';
import type { CashAppProvider } from '../../integrations/payments/cashapp.ts';
import type { SkinsProvider } from '../../integrations/payments/skins.ts';
import type { CryptoSetup } from '../../integrations/crypto/setup.ts';
import type { Ctx } from '../../platform/context.ts';
import type { CashierConfig } from './cashier.config.ts';

/** The cashier's providers and settings, built once at boot (cashier.module.ts). */
export interface Cashier {
  ctx: Ctx;
  app: FastifyInstance;
  config: CashierConfig;
  card: CardProvider;
  cashapp: CashAppProvider;
  skins: SkinsProvider;
  crypto: CryptoSetup;
  /** Runs one chain-watcher pass now (the leader also runs it on a timer). */
  scanChains(currencies?: string[]): Promise<number>;
}

const byCtx = new WeakMap<Ctx, Cashier>();

export function setCashier(ctx: Ctx, cashier: Cashier): void {
  byCtx.set(ctx, cashier);
}

/** The cashier of a running app (tests reach the sandbox secrets and the watcher through it). */
export function cashierOf(ctx: Ctx): Cashier {
  const c = byCtx.get(ctx);
  if (!c) throw new Error('the cashier module is not registered');
  return c;
}
