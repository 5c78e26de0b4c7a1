import {
  type CashierConfigView,
  centsToCoins,
  CASHIER_DEFAULTS,
  GIFT_CARD_VALUES_USD,
  CRYPTO_CURRENCIES,
  FREE_LEDGER_KINDS,
  type TxsView,
} from '@coinsite/shared';
import type { Cashier } from './cashier.context.ts';
import { depositedToday, limitsFor } from './deposits.service.ts';
import { txView } from './transactions.repo.ts';
import { withdrawnToday } from './withdrawals.service.ts';

const HISTORY_LIMIT = 100;

/** GET /user/txs: the profile's transactions tab (PROTOCOL.md §4), newest first. */
export async function transactionsOf(cashier: Cashier, userId: number): Promise<TxsView> {
  const db = cashier.ctx.db;
  const rows = (type: 'deposit' | 'withdraw') =>
    db
      .selectFrom('cashier_transactions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(HISTORY_LIMIT)
      .execute();
  const [deposits, withdraws, free] = await Promise.all([
    rows('deposit'),
    rows('withdraw'),
    db
      .selectFrom('ledger_entries')
      .select(['id', 'kind', 'delta', 'created_at'])
      .where('user_id', '=', userId)
      .where('kind', 'in', [...FREE_LEDGER_KINDS])
      .orderBy('id', 'desc')
      .limit(HISTORY_LIMIT)
      .execute(),
  ]);
  return {
    // detected crypto deposits show their confirmations (n of CRYPTO_CONFIRMATIONS) while pending
    deposits: deposits.map((d) => txView(d, cashier.config.CRYPTO_CONFIRMATIONS)),
    withdraws: withdraws.map((w) => txView(w)),
    free: free.map((f) => ({
      _id: String(f.id),
      action: f.kind.replace(/_/g, '-'),
      amount: centsToCoins(f.delta),
      created: f.created_at.toISOString(),
    })),
  };
}

/** GET /cashier/config: what the dialog needs to show limits, fees, rates and sandbox marks. */
export async function cashierConfigFor(cashier: Cashier, userId: number): Promise<CashierConfigView> {
  const cfg = cashier.config;
  const user = await cashier.ctx.db
    .selectFrom('users')
    .select('wager')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const limits = limitsFor(cashier, user.wager);
  const [dep, wd] = await Promise.all([
    depositedToday(cashier, null, userId),
    withdrawnToday(cashier, null, userId),
  ]);
  return {
    sandbox: {
      card: cashier.card.sandbox,
      cashapp: cashier.cashapp.sandbox,
      giftcard: cfg.GIFTCARD_SANDBOX_CODES,
      skins: cashier.skins.sandbox,
      crypto: cashier.crypto.sandbox || cashier.crypto.sandboxKeys,
    },
    minCardDeposit: centsToCoins(CASHIER_DEFAULTS.minCardDepositCents),
    minCashappDeposit: centsToCoins(CASHIER_DEFAULTS.minCashappDepositCents),
    minWithdraw: centsToCoins(cfg.CASHIER_MIN_WITHDRAW),
    cashappFeePercent: cfg.cashappFeeBp / 100,
    networkFees: {
      BTC: centsToCoins(cfg.WITHDRAW_FEE_BTC),
      ETH: centsToCoins(cfg.WITHDRAW_FEE_ETH),
      LTC: centsToCoins(cfg.WITHDRAW_FEE_LTC),
    },
    rates: Object.fromEntries(CRYPTO_CURRENCIES.map((c) => [c, cfg.rates[c]])) as CashierConfigView['rates'],
    confirmations: cfg.CRYPTO_CONFIRMATIONS,
    dailyDepositLimit: centsToCoins(limits.depositCents),
    dailyWithdrawLimit: centsToCoins(limits.withdrawCents),
    depositedToday: centsToCoins(dep),
    withdrawnToday: centsToCoins(wd),
    vip: limits.vip,
    giftcardShopUrl: cfg.GIFTCARD_SHOP_URL,
    giftcardProducts: GIFT_CARD_VALUES_USD.map((value) => ({
      value,
      url: cfg.giftcardProducts[value] ?? cfg.GIFTCARD_SHOP_URL,
    })),
    cardFees: cfg.cardFees.map((b) => ({
      fromUsd: b.fromUsdCents / 100,
      percent: b.bp / 100,
      fixedUsd: b.fixedUsdCents / 100,
    })),
  };
}
