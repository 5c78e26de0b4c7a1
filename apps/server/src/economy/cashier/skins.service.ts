import { type SkinGame, type skinsCallbackBody, TX_STATE, usdCentsToCoinCents } from '@coinsite/shared';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import type { Unit } from '../../platform/tx.ts';
import { ProviderError } from '../../integrations/payments/card.ts';
import type { Cashier } from './cashier.context.ts';
import {
  cashierError,
  checkNoticeAmount,
  completeDeposit,
  now,
  requireDeposits,
  setDepositState,
} from './deposits.service.ts';
import { insertTx } from './transactions.repo.ts';

/**
 * POST /skinsback/create_order: an order whose value is only known when the marketplace calls back
 * (the player picks the skins there), so no daily-limit check can apply before the money moves.
 * Only the order is stored: the player's history gets a transaction when a callback arrives, so
 * opening the cashier leaves no 'Not Started' row behind.
 */
export async function createSkinsOrder(
  cashier: Cashier,
  user: SessionUser,
  game: SkinGame | undefined,
): Promise<{ hash: string; url: string }> {
  await requireDeposits(cashier);
  const { id } = await cashier.ctx.db
    .insertInto('skins_orders')
    .values({
      user_id: user.id,
      // the dialog's one order serves all three games: it is labelled by game only when one was named
      currency: game ? game.toUpperCase() : 'SKINS',
      sandbox: cashier.skins.sandbox,
      created_at: now(cashier),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    const order = await cashier.skins.createOrder({ orderId: String(id), game: game ?? 'csgo' });
    await cashier.ctx.db.updateTable('skins_orders').set({ hash: order.hash }).where('id', '=', id).execute();
    return order;
  } catch (err) {
    if (err instanceof ProviderError) throw cashierError(err.message, 502);
    throw err;
  }
}

/** The order's transaction, created (Not Started) by the first callback about it; null for an unknown order. */
async function orderTransaction(cashier: Cashier, unit: Unit, orderId: number): Promise<number | null> {
  const order = await unit.tx
    .selectFrom('skins_orders')
    .selectAll()
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
  if (!order) return null;
  if (order.transaction_id !== null) return order.transaction_id;
  const txId = await insertTx(unit.tx, now(cashier), {
    userId: order.user_id,
    type: 'deposit',
    method: 'skins',
    currency: order.currency,
    sandbox: order.sandbox,
    state: TX_STATE.notStarted,
    note: order.hash === null ? undefined : `skins:${order.hash}`,
  });
  await unit.tx.updateTable('skins_orders').set({ transaction_id: txId }).where('id', '=', orderId).execute();
  return txId;
}

/** Applies one verified skins callback inside the delivery's transaction. */
export async function applySkinsCallback(
  cashier: Cashier,
  unit: Unit,
  body: z.infer<typeof skinsCallbackBody>,
): Promise<'credited' | 'updated' | 'ignored'> {
  const txId = await orderTransaction(cashier, unit, Number(body.order_id));
  if (txId === null) return 'ignored';
  if (body.status === 'fail')
    return (await setDepositState(cashier, unit, txId, TX_STATE.declined)) ? 'updated' : 'ignored';
  if (body.status === 'pending')
    return (await setDepositState(cashier, unit, txId, TX_STATE.pending)) ? 'updated' : 'ignored';
  const usdCents = checkNoticeAmount(cashier, 'skins', body.amount);
  const done = await completeDeposit(cashier, unit, txId, {
    siteValue: usdCentsToCoinCents(usdCents),
    usdValue: usdCents,
    externalId: body.transaction_id,
    notify: true,
  });
  return done ? 'credited' : 'ignored';
}
