import { type SkinGame, type skinsCallbackBody, TX_STATE, usdCentsToCoinCents } from '@coinsite/shared';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import { inTransaction, type Unit } from '../../platform/tx.ts';
import { ProviderError } from '../../integrations/payments/card.ts';
import type { Cashier } from './cashier.context.ts';
import { cashierError, completeDeposit, now, requireDeposits, setDepositState } from './deposits.service.ts';
import { insertTx } from './transactions.repo.ts';

/**
 * POST /skinsback/create_order: an order whose value is only known when the marketplace calls back
 * (the player picks the skins there), so no daily-limit check can apply before the money moves.
 */
export async function createSkinsOrder(
  cashier: Cashier,
  user: SessionUser,
  game: SkinGame | undefined,
): Promise<{ hash: string; url: string }> {
  await requireDeposits(cashier);
  const txId = await inTransaction(cashier.ctx.db, async (unit) =>
    insertTx(unit.tx, now(cashier), {
      userId: user.id,
      type: 'deposit',
      method: 'skins',
      // the dialog's one order serves all three games: it is labelled by game only when one was named
      currency: game ? game.toUpperCase() : 'SKINS',
      sandbox: cashier.skins.sandbox,
      state: TX_STATE.notStarted,
    }),
  );
  try {
    const order = await cashier.skins.createOrder({ orderId: String(txId), game: game ?? 'csgo' });
    await cashier.ctx.db
      .updateTable('cashier_transactions')
      .set({ note: `skins:${order.hash}`, updated_at: now(cashier) })
      .where('id', '=', txId)
      .execute();
    return order;
  } catch (err) {
    await inTransaction(cashier.ctx.db, (unit) => setDepositState(cashier, unit, txId, TX_STATE.declined));
    if (err instanceof ProviderError) throw cashierError(err.message, 502);
    throw err;
  }
}

/** Applies one verified skins callback inside the delivery's transaction. */
export async function applySkinsCallback(
  cashier: Cashier,
  unit: Unit,
  body: z.infer<typeof skinsCallbackBody>,
): Promise<'credited' | 'updated' | 'ignored'> {
  const tx = await unit.tx
    .selectFrom('cashier_transactions')
    .selectAll()
    .where('id', '=', Number(body.order_id))
    .where('method', '=', 'skins')
    .forUpdate()
    .executeTakeFirst();
  if (!tx) return 'ignored';
  if (body.status === 'fail')
    return (await setDepositState(cashier, unit, tx.id, TX_STATE.declined)) ? 'updated' : 'ignored';
  if (body.status === 'pending')
    return (await setDepositState(cashier, unit, tx.id, TX_STATE.pending)) ? 'updated' : 'ignored';
  const usdCents = Math.round((body.amount ?? 0) * 100);
  if (!(usdCents > 0)) return 'ignored';
  const done = await completeDeposit(cashier, unit, tx.id, {
    siteValue: usdCentsToCoinCents(usdCents),
    usdValue: usdCents,
    externalId: body.transaction_id,
    notify: true,
  });
  return done ? 'credited' : 'ignored';
}
