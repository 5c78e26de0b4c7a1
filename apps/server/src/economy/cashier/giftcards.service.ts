import { formatCents, TX_STATE, usdCentsToCoinCents } from '@coinsite/shared';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import { limit, securityLimit } from '../../platform/http.ts';
import { inTransaction } from '../../platform/tx.ts';
import { hashGiftCode } from '../../integrations/payments/giftcard.ts';
import type { Cashier } from './cashier.context.ts';
import {
  cashierError,
  checkDailyDeposit,
  completeDeposit,
  now,
  requireDeposits,
} from './deposits.service.ts';
import { insertTx, lockUser } from './transactions.repo.ts';

/**
 * POST /kinguin/redeem: a code of value $5–$100 credits twice its dollars in coins, once. The card's
 * row is locked and marked redeemed in the same transaction as the credit, so concurrent
 * redemptions of one code leave exactly one winner.
 */
export async function redeemGiftCard(
  cashier: Cashier,
  user: SessionUser,
  code: string,
): Promise<{ message: string; payout: number }> {
  await requireDeposits(cashier);
  // guessing codes is the attack here: few attempts per account and per minute
  await limit(
    cashier.ctx,
    `giftcard:${user.id}`,
    securityLimit(10, 60_000),
    'Too many gift card attempts. Please wait a minute.',
  );
  const codeHash = hashGiftCode(code);
  return inTransaction(cashier.ctx.db, async (unit) => {
    const { wager } = await lockUser(unit, user.id);
    const card = await unit.tx
      .selectFrom('gift_cards')
      .selectAll()
      .where('code_hash', '=', codeHash)
      .forUpdate()
      .executeTakeFirst();
    if (!card) throw cashierError('This gift card code is invalid.');
    if (card.redeemed_by !== null) throw cashierError('This gift card code has already been redeemed.');
    const usdCents = card.value_usd * 100;
    const siteValue = usdCentsToCoinCents(usdCents);
    await checkDailyDeposit(cashier, unit, user.id, wager, siteValue);
    const at = now(cashier);
    const txId = await insertTx(unit.tx, at, {
      userId: user.id,
      type: 'deposit',
      method: 'giftcard',
      currency: 'GIFTCARD',
      sandbox: card.sandbox,
      state: TX_STATE.pending,
      siteValue,
      usdValue: usdCents,
      externalId: codeHash,
    });
    const marked = await unit.tx
      .updateTable('gift_cards')
      .set({ redeemed_by: user.id, redeemed_at: at, transaction_id: txId })
      .where('code_hash', '=', codeHash)
      .where('redeemed_by', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1)
      throw cashierError('This gift card code has already been redeemed.');
    await completeDeposit(cashier, unit, txId, { answeredInResponse: true });
    return {
      message: `Successfully redeemed a $${card.value_usd} gift card for ${formatCents(siteValue)} coins!`,
      payout: siteValue / 100,
    };
  });
}

/** Admin import: stores the codes' hashes; codes already known are skipped and counted. */
export async function importGiftCards(
  cashier: Cashier,
  adminId: number,
  valueUsd: number,
  codes: string[],
): Promise<{ imported: number; skipped: number }> {
  const hashes = [...new Set(codes.map(hashGiftCode))];
  const rows = await cashier.ctx.db
    .insertInto('gift_cards')
    .values(hashes.map((h) => ({ code_hash: h, value_usd: valueUsd, created_by: adminId })))
    .onConflict((oc) => oc.column('code_hash').doNothing())
    .returning('code_hash')
    .execute();
  return { imported: rows.length, skipped: codes.length - rows.length };
}
