import {
  CASHIER_DEFAULTS,
  CASHIER_TEXT,
  cashappFeeCents,
  coinCentsToUsdCents,
  coinsToCents,
  formatCents,
  TX_STATE,
  type WithdrawCurrency,
  type WithdrawResult,
  wagerStillNeeded,
} from '@coinsite/shared';
import { type Kysely, sql } from 'kysely';
import { isValidAddress, normaliseCashtag } from '../../integrations/crypto/validate.ts';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import type { DB } from '../../platform/db-types.ts';
import { Errors } from '../../platform/errors.ts';
import { inTransaction, type Unit } from '../../platform/tx.ts';
import type { Cashier } from './cashier.context.ts';
import { cashierError, limitsFor, now } from './deposits.service.ts';
import { insertTx, lockUser, type TxRow } from './transactions.repo.ts';

const DAY_MS = 24 * 60 * 60_000;
const NAMES = { BTC: 'Bitcoin', ETH: 'Ethereum', LTC: 'Litecoin' } as const;

/** Coins debited by withdrawals requested in the last 24 hours and not refunded. */
export async function withdrawnToday(cashier: Cashier, unit: Unit | null, userId: number): Promise<number> {
  const row = await (unit?.tx ?? cashier.ctx.db)
    .selectFrom('cashier_transactions')
    .select(sql<number>`COALESCE(SUM(site_value), 0)::bigint`.as('total'))
    .where('user_id', '=', userId)
    .where('type', '=', 'withdraw')
    .where('state', 'in', [TX_STATE.pending, TX_STATE.completed, TX_STATE.manualReview])
    .where('created_at', '>', new Date(cashier.ctx.clock.now() - DAY_MS))
    .executeTakeFirstOrThrow();
  return row.total;
}

/** economy.md: at least 5.00 deposited in total, and every deposit's amount wagered since. */
async function checkPlaythrough(unit: Unit, userId: number, wager: number): Promise<void> {
  const deposits = await unit.tx
    .selectFrom('cashier_transactions')
    .select(['site_value', 'wager_at'])
    .where('user_id', '=', userId)
    .where('type', '=', 'deposit')
    .where('state', '=', TX_STATE.completed)
    .orderBy('completed_at')
    .orderBy('id')
    .execute();
  const total = deposits.reduce((s, d) => s + d.site_value, 0);
  if (total < CASHIER_DEFAULTS.minDepositedForWithdrawCents)
    throw cashierError(
      `You need to deposit at least ${formatCents(CASHIER_DEFAULTS.minDepositedForWithdrawCents)} coins before you can withdraw.`,
    );
  const needed = wagerStillNeeded(
    deposits.map((d) => ({ amountCents: d.site_value, wagerAtCents: d.wager_at ?? 0 })),
    wager,
  );
  if (needed > 0)
    throw cashierError(`You need to wager ${formatCents(needed)} more coins before you can withdraw.`);
}

/**
 * POST /cashier/crypto/withdraw (CASH = CashApp): the coins leave the balance at once and wait for
 * an admin: state 1 for crypto (its amount is known), 4 (manual review) for CashApp and for crypto at
 * or above the review threshold. CashApp's fee comes out of the amount; a crypto network fee is
 * debited on top.
 */
export async function requestWithdrawal(
  cashier: Cashier,
  user: SessionUser,
  input: { currency: WithdrawCurrency; address: string; amount: number },
): Promise<WithdrawResult> {
  if (!(await cashier.ctx.controls.isEnabled('withdraws')))
    throw cashierError(CASHIER_TEXT.withdrawsDisabled);
  const cfg = cashier.config;
  const amount = coinsToCents(input.amount);
  if (amount < cfg.CASHIER_MIN_WITHDRAW)
    throw cashierError(
      `The minimum withdrawal is ${formatCents(cfg.CASHIER_MIN_WITHDRAW)} coins ($${formatCents(coinCentsToUsdCents(cfg.CASHIER_MIN_WITHDRAW))}).`,
    );
  const cash = input.currency === 'CASH';
  let address: string;
  if (input.currency === 'CASH') {
    const tag = normaliseCashtag(input.address);
    if (!tag) throw cashierError('Please enter a valid cashtag, such as $YourName.');
    address = tag;
  } else {
    if (!isValidAddress(input.currency, input.address))
      throw cashierError(`Please enter a valid ${NAMES[input.currency]} address.`);
    address = input.address;
  }
  const fees = { BTC: cfg.WITHDRAW_FEE_BTC, ETH: cfg.WITHDRAW_FEE_ETH, LTC: cfg.WITHDRAW_FEE_LTC, CASH: 0 };
  const networkFee = fees[input.currency];
  const fee = cash ? cashappFeeCents(amount, cfg.cashappFeeBp) : networkFee;
  const debit = amount + networkFee;
  const usdCents = coinCentsToUsdCents(cash ? amount - fee : amount);
  const rate = cash ? null : cfg.rates[input.currency.toLowerCase() as 'btc' | 'eth' | 'ltc'];
  const cryptoValue = rate === null ? null : Math.floor((usdCents / 100 / rate) * 1e8) / 1e8;
  const state = cash || amount >= cfg.CASHIER_REVIEW_ABOVE ? TX_STATE.manualReview : TX_STATE.pending;

  await inTransaction(cashier.ctx.db, async (unit) => {
    const { wager } = await lockUser(unit, user.id);
    await checkPlaythrough(unit, user.id, wager);
    const limit = limitsFor(cashier, wager).withdrawCents;
    const today = await withdrawnToday(cashier, unit, user.id);
    if (today + debit > limit)
      throw cashierError(
        `This withdrawal would exceed your daily withdrawal limit of ${formatCents(limit)} coins (${formatCents(Math.max(0, limit - today))} left today).`,
      );
    const txId = await insertTx(unit.tx, now(cashier), {
      userId: user.id,
      type: 'withdraw',
      method: cash ? 'cashapp' : 'crypto',
      currency: input.currency,
      sandbox: cash ? cashier.cashapp.sandbox : cashier.crypto.sandbox,
      state,
      siteValue: debit,
      fee,
      usdValue: usdCents,
      cryptoValue: cryptoValue === null ? null : String(cryptoValue),
      address,
    });
    await cashier.ctx.wallet.apply(unit, {
      userId: user.id,
      delta: -debit,
      kind: 'withdraw',
      ref: `tx:${txId}`,
      idempotencyKey: `withdraw:${txId}`,
      answeredInResponse: true,
    });
  });
  return { siteValue: debit / 100, usdValue: usdCents / 100, cryptoValue, state };
}

/** Admin confirm: a pending or manual-review withdrawal becomes completed (3), with the payout's txid. */
export async function confirmWithdrawal(cashier: Cashier, txId: number, txid?: string): Promise<TxRow> {
  const at = now(cashier);
  const row = await cashier.ctx.db
    .updateTable('cashier_transactions')
    .set((eb) => ({
      state: TX_STATE.completed,
      txid: txid || eb.ref('txid'),
      updated_at: at,
      completed_at: at,
    }))
    .where('id', '=', txId)
    .where('type', '=', 'withdraw')
    .where('state', 'in', [TX_STATE.pending, TX_STATE.manualReview])
    .returningAll()
    .executeTakeFirst();
  if (!row) throw await refusal(cashier.ctx.db, txId, 'Only pending withdrawals can be confirmed.');
  cashier.ctx.realtime.notifyUser(
    row.user_id,
    'success',
    `Your withdrawal of ${formatCents(row.site_value)} coins has been sent!`,
  );
  return row;
}

/**
 * Admin cancel: a pending or manual-review withdrawal is declined (2) and its coins come back once
 * (key withdraw_refund:<id>); an unfinished deposit is cancelled (6) and moves no money.
 */
export async function cancelTransaction(cashier: Cashier, txId: number): Promise<TxRow> {
  return inTransaction(cashier.ctx.db, async (unit) => {
    const at = now(cashier);
    const row = await unit.tx
      .updateTable('cashier_transactions')
      .set((eb) => ({
        state: eb.case().when('type', '=', 'withdraw').then(TX_STATE.declined).else(TX_STATE.cancelled).end(),
        updated_at: at,
      }))
      .where('id', '=', txId)
      .where((eb) =>
        eb.or([
          eb.and([eb('type', '=', 'withdraw'), eb('state', 'in', [TX_STATE.pending, TX_STATE.manualReview])]),
          eb.and([eb('type', '=', 'deposit'), eb('state', 'in', [TX_STATE.notStarted, TX_STATE.pending])]),
        ]),
      )
      .returningAll()
      .executeTakeFirst();
    // inside the transaction: on PGlite's single connection another query would wait forever
    if (!row) throw await refusal(unit.tx, txId, 'This transaction can no longer be cancelled.');
    if (row.type === 'withdraw') {
      await cashier.ctx.wallet.apply(unit, {
        userId: row.user_id,
        delta: row.site_value,
        kind: 'withdraw_refund',
        ref: `tx:${row.id}`,
        idempotencyKey: `withdraw_refund:${row.id}`,
      });
      unit.afterCommit(() =>
        cashier.ctx.realtime.notifyUser(
          row.user_id,
          'info',
          `Your withdrawal of ${formatCents(row.site_value)} coins was declined and refunded.`,
        ),
      );
    }
    return row;
  });
}

async function refusal(db: Kysely<DB>, txId: number, message: string) {
  const exists = await db
    .selectFrom('cashier_transactions')
    .select('id')
    .where('id', '=', txId)
    .executeTakeFirst();
  return exists ? cashierError(message, 409) : Errors.notFound('Transaction not found.');
}
