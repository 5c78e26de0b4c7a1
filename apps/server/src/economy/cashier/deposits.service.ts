import { CASHIER_TEXT, dailyLimitsFor, formatCents, TX_STATE } from '@coinsite/shared';
import { sql } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Unit } from '../../platform/tx.ts';
import type { Cashier } from './cashier.context.ts';
import type { TxRow } from './transactions.repo.ts';

const DAY_MS = 24 * 60 * 60_000;

export function cashierError(message: string, status = 400): AppError {
  return new AppError('cashier', message, status);
}

export async function requireDeposits(cashier: Cashier): Promise<void> {
  if (!(await cashier.ctx.controls.isEnabled('deposits'))) throw cashierError(CASHIER_TEXT.depositsDisabled);
}

export function now(cashier: Cashier): Date {
  return new Date(cashier.ctx.clock.now());
}

/** Coins credited by deposits completed in the last 24 hours. */
export async function depositedToday(cashier: Cashier, unit: Unit | null, userId: number): Promise<number> {
  const since = new Date(cashier.ctx.clock.now() - DAY_MS);
  const row = await (unit?.tx ?? cashier.ctx.db)
    .selectFrom('cashier_transactions')
    .select(sql<number>`COALESCE(SUM(site_value), 0)::bigint`.as('total'))
    .where('user_id', '=', userId)
    .where('type', '=', 'deposit')
    .where('state', '=', TX_STATE.completed)
    .where('completed_at', '>', since)
    .executeTakeFirstOrThrow();
  return row.total;
}

export function limitsFor(cashier: Cashier, wager: number) {
  return dailyLimitsFor(wager, {
    depositCents: cashier.config.CASHIER_DAILY_DEPOSIT_LIMIT,
    withdrawCents: cashier.config.CASHIER_DAILY_WITHDRAW_LIMIT,
    vipLevel: cashier.config.CASHIER_VIP_LIMIT_LEVEL,
    vipMultiplier: cashier.config.CASHIER_VIP_LIMIT_MULTIPLIER,
  });
}

/**
 * Refuses a deposit that would take the last 24 hours over the daily limit. Checked where we can
 * still refuse before money moves (card, CashApp request, gift card); money that has already
 * arrived (a paid checkout, a chain transfer, traded skins) is always credited.
 */
export async function checkDailyDeposit(
  cashier: Cashier,
  unit: Unit,
  userId: number,
  wager: number,
  amount: number,
): Promise<void> {
  const limit = limitsFor(cashier, wager).depositCents;
  const today = await depositedToday(cashier, unit, userId);
  if (today + amount > limit) {
    const left = Math.max(0, limit - today);
    throw cashierError(
      `This deposit would exceed your daily deposit limit of ${formatCents(limit)} coins (${formatCents(left)} left today).`,
    );
  }
}

/**
 * Completes a deposit once: moves it to state 3 (only from 0, 1 or 4) and credits its value with a
 * key derived from the provider's id, in the caller's transaction. Returns null when the deposit
 * was already final, so a replayed notice changes nothing.
 */
export async function completeDeposit(
  cashier: Cashier,
  unit: Unit,
  txId: number,
  patch: {
    siteValue?: number;
    usdValue?: number;
    externalId?: string;
    txid?: string;
    cryptoValue?: string;
    confirmations?: number;
    notify?: boolean;
  } = {},
): Promise<TxRow | null> {
  const at = now(cashier);
  const row = await unit.tx
    .updateTable('cashier_transactions')
    .set((eb) => ({
      state: TX_STATE.completed,
      site_value: patch.siteValue ?? eb.ref('site_value'),
      usd_value: patch.usdValue ?? eb.ref('usd_value'),
      external_id: patch.externalId ?? eb.ref('external_id'),
      txid: patch.txid ?? eb.ref('txid'),
      crypto_value: patch.cryptoValue ?? eb.ref('crypto_value'),
      confirmations: patch.confirmations ?? eb.ref('confirmations'),
      // playthrough snapshot (economy.md): what has been wagered when this deposit lands
      wager_at: eb
        .selectFrom('users')
        .select('wager')
        .where('users.id', '=', eb.ref('cashier_transactions.user_id')),
      updated_at: at,
      completed_at: at,
    }))
    .where('id', '=', txId)
    .where('type', '=', 'deposit')
    .where('state', 'in', [TX_STATE.notStarted, TX_STATE.pending, TX_STATE.manualReview])
    .returningAll()
    .executeTakeFirst();
  if (!row) return null;
  await cashier.ctx.wallet.apply(unit, {
    userId: row.user_id,
    delta: row.site_value,
    kind: 'deposit',
    ref: `tx:${row.id}`,
    idempotencyKey: `deposit:${row.method}:${row.external_id ?? row.id}`,
  });
  if (patch.notify) {
    unit.afterCommit(() =>
      cashier.ctx.realtime.notifyUser(
        row.user_id,
        'success',
        `Your ${row.currency} deposit of ${formatCents(row.site_value)} coins has been credited!`,
      ),
    );
  }
  return row;
}

/** Moves an unfinished deposit to a final state without money (declined 2, cancelled 6) or back to pending. */
export async function setDepositState(
  cashier: Cashier,
  unit: Unit,
  txId: number,
  state: number,
): Promise<boolean> {
  const res = await unit.tx
    .updateTable('cashier_transactions')
    .set({ state, updated_at: now(cashier) })
    .where('id', '=', txId)
    .where('type', '=', 'deposit')
    .where('state', 'in', [TX_STATE.notStarted, TX_STATE.pending])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
