import { randomInt } from 'node:crypto';
import { CASHIER_DEFAULTS, coinsToCents, formatCents, TX_STATE, usdCentsToCoinCents } from '@coinsite/shared';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import { pgErrorCode, inTransaction } from '../../platform/tx.ts';
import type { Cashier } from './cashier.context.ts';
import {
  cashierError,
  checkDailyDeposit,
  checkMaxDeposit,
  completeDeposit,
  now,
  requireDeposits,
} from './deposits.service.ts';
import { insertTx, lockUser } from './transactions.repo.ts';

const NOTE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newNote(): string {
  let s = 'CS';
  for (let i = 0; i < 8; i++) s += NOTE_ALPHABET[randomInt(NOTE_ALPHABET.length)];
  return s;
}

const usd = (cents: number) => `$${formatCents(cents)}`;

/**
 * POST /cashapp/initialize: a deposit request with our cashtag and a note no other request has.
 * The amount is in dollars, as both clients send it (PROTOCOL §4); the limits are in coins (2 per $1).
 */
export async function initializeCashApp(
  cashier: Cashier,
  user: SessionUser,
  depositDollars: number,
): Promise<{ cashtag: string; note: string; amount: number; message: string }> {
  await requireDeposits(cashier);
  const usdCents = coinsToCents(depositDollars);
  const siteValue = usdCentsToCoinCents(usdCents);
  if (siteValue < CASHIER_DEFAULTS.minCashappDepositCents)
    throw cashierError('The minimum CashApp deposit is $5.00 (10.00 coins).');
  checkMaxDeposit(cashier, 'cashapp', siteValue);
  const cashtag = cashier.cashapp.cashtag;
  for (let attempt = 0; ; attempt++) {
    const note = newNote();
    try {
      await inTransaction(cashier.ctx.db, async (unit) => {
        const { wager } = await lockUser(unit, user.id);
        await checkDailyDeposit(cashier, unit, user.id, wager, siteValue);
        await insertTx(unit.tx, now(cashier), {
          userId: user.id,
          type: 'deposit',
          method: 'cashapp',
          currency: 'CASHAPP',
          sandbox: cashier.cashapp.sandbox,
          state: TX_STATE.notStarted,
          siteValue,
          usdValue: usdCents,
          note,
          address: cashtag,
        });
      });
      return {
        cashtag,
        note,
        amount: usdCents / 100,
        message: `Send exactly ${usd(usdCents)} to ${cashtag} with the note ${note} using your Cash Balance.`,
      };
    } catch (err) {
      if (pgErrorCode(err) === '23505' && attempt < 3) continue; // a note collision: draw another
      throw err;
    }
  }
}

/**
 * POST /cashapp/check: reads the web receipt through the adapter and credits the request whose note
 * it carries, when the amount, recipient and status match. A receipt credits once ever (unique
 * (method, external_id) and the ledger key deposit:cashapp:<receipt id>).
 */
export async function checkCashApp(
  cashier: Cashier,
  user: SessionUser,
  link: string,
): Promise<{ message: string }> {
  await requireDeposits(cashier);
  const receiptId = cashier.cashapp.receiptIdFromLink(link);
  if (!receiptId) throw cashierError('Invalid payment link.');
  const used = await cashier.ctx.db
    .selectFrom('cashier_transactions')
    .select('id')
    .where('method', '=', 'cashapp')
    .where('external_id', '=', receiptId)
    .executeTakeFirst();
  if (used) throw cashierError('This receipt has already been used.');
  const receipt = await cashier.cashapp.fetchReceipt(receiptId);
  if (!receipt) throw cashierError('We could not read this receipt. Please check the link and try again.');
  if (receipt.recipient.toLowerCase() !== cashier.cashapp.cashtag.toLowerCase())
    throw cashierError(`This payment was not sent to ${cashier.cashapp.cashtag}.`);
  if (!receipt.completed) throw cashierError('This payment has not completed yet.');
  try {
    return await inTransaction(cashier.ctx.db, async (unit) => {
      await lockUser(unit, user.id);
      const tx = await unit.tx
        .selectFrom('cashier_transactions')
        .selectAll()
        .where('method', '=', 'cashapp')
        .where('note', '=', receipt.note.toUpperCase())
        .where('user_id', '=', user.id)
        .forUpdate()
        .executeTakeFirst();
      if (!tx) throw cashierError('No deposit request of yours matches the note of this payment.');
      if (tx.state === TX_STATE.completed) throw cashierError('This deposit request has already been paid.');
      if (receipt.amountUsdCents !== tx.usd_value)
        throw cashierError(
          `This payment was ${usd(receipt.amountUsdCents)} but your request was for ${usd(tx.usd_value)}.`,
        );
      const done = await completeDeposit(cashier, unit, tx.id, { externalId: receiptId });
      if (!done) throw cashierError('This deposit request is no longer open.');
      return { message: `Your CashApp deposit of ${formatCents(done.site_value)} coins has been credited!` };
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw cashierError('This receipt has already been used.');
    throw err;
  }
}
