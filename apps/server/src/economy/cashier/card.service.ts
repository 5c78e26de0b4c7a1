import {
  CASHIER_DEFAULTS,
  cardFeeCents,
  coinsToCents,
  formatCents,
  TX_STATE,
  type arkpayWebhookBody,
} from '@coinsite/shared';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import { inTransaction, type Unit } from '../../platform/tx.ts';
import { ProviderError } from '../../integrations/payments/card.ts';
import type { Cashier } from './cashier.context.ts';
import {
  cashierError,
  checkDailyDeposit,
  checkMaxDeposit,
  checkNoticeAmount,
  completeDeposit,
  now,
  requireDeposits,
  setDepositState,
} from './deposits.service.ts';
import { insertTx, lockUser } from './transactions.repo.ts';

/** Our reference at the provider: lets a webhook prove which deposit it is about. */
export const merchantRef = (txId: number) => `dep_${txId}`;

/** POST /arkpay/initialize: a card deposit of at least $5, paid on the provider's hosted checkout. */
export async function initializeCard(
  cashier: Cashier,
  user: SessionUser,
  siteValueCoins: number,
): Promise<{ redirectUrl: string; siteValue: number; feeUsdCents: number; totalUsdCents: number }> {
  await requireDeposits(cashier);
  // whole dollar cents only: the player pays usd, we credit exactly twice that in coins
  const usdCents = Math.floor(coinsToCents(siteValueCoins) / 2);
  const siteValue = usdCents * 2;
  if (siteValue < CASHIER_DEFAULTS.minCardDepositCents)
    throw cashierError('The minimum card deposit is $5.00 (10.00 coins).');
  checkMaxDeposit(cashier, 'card', siteValue);
  // the operator's card fee table: the fee is added on top, and the checkout charges value + fee
  const feeUsdCents = cardFeeCents(usdCents, cashier.config.cardFees);
  const totalUsdCents = usdCents + feeUsdCents;
  const txId = await inTransaction(cashier.ctx.db, async (unit) => {
    const { wager } = await lockUser(unit, user.id);
    await checkDailyDeposit(cashier, unit, user.id, wager, siteValue);
    return insertTx(unit.tx, now(cashier), {
      userId: user.id,
      type: 'deposit',
      method: 'card',
      currency: 'CARD',
      sandbox: cashier.card.sandbox,
      state: TX_STATE.notStarted,
      siteValue,
      // what the checkout charges (the provider's notice must match it)
      usdValue: totalUsdCents,
    });
  });
  let payment: { paymentId: string; redirectUrl: string };
  try {
    payment = await cashier.card.createPayment({
      merchantTransactionId: merchantRef(txId),
      usdCents: totalUsdCents,
      description: `${formatCents(siteValue)} coins + $${formatCents(feeUsdCents)} card fee`,
    });
  } catch (err) {
    await inTransaction(cashier.ctx.db, (unit) => setDepositState(cashier, unit, txId, TX_STATE.declined));
    if (err instanceof ProviderError) throw cashierError(err.message, 502);
    throw err;
  }
  await cashier.ctx.db
    .updateTable('cashier_transactions')
    .set({ external_id: payment.paymentId, state: TX_STATE.pending, updated_at: now(cashier) })
    .where('id', '=', txId)
    .execute();
  return { redirectUrl: payment.redirectUrl, siteValue, feeUsdCents, totalUsdCents };
}

/** Applies one verified card webhook inside the delivery's transaction. */
export async function applyCardWebhook(
  cashier: Cashier,
  unit: Unit,
  body: z.infer<typeof arkpayWebhookBody>,
): Promise<'credited' | 'updated' | 'ignored'> {
  const tx = await unit.tx
    .selectFrom('cashier_transactions')
    .selectAll()
    .where('method', '=', 'card')
    .where('external_id', '=', body.id)
    .forUpdate()
    .executeTakeFirst();
  if (!tx || merchantRef(tx.id) !== body.merchantTransactionId) return 'ignored';
  switch (body.status) {
    case 'COMPLETED': {
      // a completed payment for another amount is held for an admin rather than credited
      if (body.amount !== undefined && checkNoticeAmount(cashier, 'card', body.amount) !== tx.usd_value) {
        await unit.tx
          .updateTable('cashier_transactions')
          .set({ state: TX_STATE.manualReview, updated_at: now(cashier) })
          .where('id', '=', tx.id)
          .where('state', 'in', [TX_STATE.notStarted, TX_STATE.pending])
          .execute();
        return 'updated';
      }
      const done = await completeDeposit(cashier, unit, tx.id, { notify: true });
      return done ? 'credited' : 'ignored';
    }
    case 'FAILED':
      return (await setDepositState(cashier, unit, tx.id, TX_STATE.declined)) ? 'updated' : 'ignored';
    case 'CANCELLED':
      return (await setDepositState(cashier, unit, tx.id, TX_STATE.cancelled)) ? 'updated' : 'ignored';
    default:
      return (await setDepositState(cashier, unit, tx.id, TX_STATE.pending)) ? 'updated' : 'ignored';
  }
}
