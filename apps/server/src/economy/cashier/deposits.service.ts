import { requireDepositRoom } from '../../platform/account/rg.service.ts';
import { CASHIER_TEXT, dailyLimitsFor, decimalToCentsFloor, formatCents, TX_STATE } from '@coinsite/shared';
import { sql } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Unit } from '../../platform/tx.ts';
import type { Cashier } from './cashier.context.ts';
import { lockUser, type TxRow } from './transactions.repo.ts';

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
  return sumDeposits(cashier, unit, userId, false);
}

/**
 * Deposits completed in the last 24 hours, or opened in them and still open (a checkout, a Cash App
 * request or a held payment may yet be paid): what a new request is measured against.
 */
async function committedToday(cashier: Cashier, unit: Unit, userId: number): Promise<number> {
  return sumDeposits(cashier, unit, userId, true);
}

const OPEN_STATES = [TX_STATE.notStarted, TX_STATE.pending, TX_STATE.manualReview];

async function sumDeposits(
  cashier: Cashier,
  unit: Unit | null,
  userId: number,
  withOpen: boolean,
): Promise<number> {
  const since = new Date(cashier.ctx.clock.now() - DAY_MS);
  const row = await (unit?.tx ?? cashier.ctx.db)
    .selectFrom('cashier_transactions')
    .select(sql<number>`COALESCE(SUM(site_value), 0)::bigint`.as('total'))
    .where('user_id', '=', userId)
    .where('type', '=', 'deposit')
    .where((eb) => {
      const done = eb.and([eb('state', '=', TX_STATE.completed), eb('completed_at', '>', since)]);
      if (!withOpen) return done;
      return eb.or([done, eb.and([eb('state', 'in', OPEN_STATES), eb('created_at', '>', since)])]);
    })
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export function limitsFor(cashier: Cashier, wager: number) {
  return dailyLimitsFor(wager, {
    depositCents: cashier.config.CASHIER_DAILY_DEPOSIT_LIMIT,
    withdrawCents: cashier.config.CASHIER_DAILY_WITHDRAW_LIMIT,
    vipLevel: cashier.config.CASHIER_VIP_LIMIT_LEVEL,
    vipMultiplier: cashier.config.CASHIER_VIP_LIMIT_MULTIPLIER,
  });
}

const MAX_SETTING = {
  card: 'CASHIER_MAX_DEPOSIT_CARD',
  cashapp: 'CASHIER_MAX_DEPOSIT_CASHAPP',
  skins: 'CASHIER_MAX_DEPOSIT_SKINS',
} as const;

/** Refuses a deposit request above the provider's maximum (an operator setting, in cents). */
export function checkMaxDeposit(cashier: Cashier, method: keyof typeof MAX_SETTING, siteValue: number): void {
  const max = cashier.config[MAX_SETTING[method]];
  if (siteValue > max) throw cashierError(`A single deposit can be at most ${formatCents(max)} coins.`);
}

/**
 * Refuses (400, logged) a provider notice whose dollar amount is not a finite amount between one
 * cent and the provider's maximum: a signed notice is only as trustworthy as its secret, and an
 * absurd value must neither be credited nor fail as a 500 the provider would retry forever.
 */
export function checkNoticeAmount(
  cashier: Cashier,
  method: keyof typeof MAX_SETTING,
  amountUsd: number | undefined,
): number {
  // whole cents, rounded down: an amount with more decimals (skins are priced to the tenth of a
  // cent) is never credited more than was paid (issue 26)
  const usdCents = amountUsd === undefined ? Number.NaN : decimalToCentsFloor(amountUsd);
  const max = cashier.config[MAX_SETTING[method]];
  if (!Number.isSafeInteger(usdCents) || usdCents < 1 || usdCents * 2 > max) {
    cashier.ctx.log.warn(
      { method, amount: amountUsd },
      'refused a payment notice with an out-of-range amount',
    );
    throw cashierError(`The amount must be between $0.01 and $${formatCents(Math.floor(max / 2))}.`);
  }
  return usdCents;
}

/**
 * Refuses a deposit that would take the last 24 hours over the daily limit, counting the requests
 * still open. Checked where we can still refuse before money moves (card, CashApp request, gift
 * card), under the caller's lock of the user's row, so concurrent requests are measured one after
 * another. Money that arrives anyway (a late checkout, a chain transfer, traded skins) is credited
 * and flagged by completeDeposit.
 */
export async function checkDailyDeposit(
  cashier: Cashier,
  unit: Unit,
  userId: number,
  wager: number,
  amount: number,
): Promise<void> {
  // issue 16: the player's own break and deposit limits first
  await requireDepositRoom(cashier.ctx, userId, amount, unit.tx);
  const limit = limitsFor(cashier, wager).depositCents;
  const today = await committedToday(cashier, unit, userId);
  if (today + amount > limit) {
    const left = Math.max(0, limit - today);
    throw cashierError(
      `This deposit would exceed your daily deposit limit of ${formatCents(limit)} coins (${formatCents(left)} left today).`,
    );
  }
}

/** review_flag of a deposit credited over its player's daily limit. */
export const OVER_DAILY_LIMIT = 'over_daily_limit';

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
    /** The redeeming call's answer reports the credit (gift cards, PROTOCOL §3). */
    answeredInResponse?: boolean;
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
  // the user's row is locked first so two completions for one player are measured in turn
  const { wager } = await lockUser(unit, row.user_id);
  const limit = limitsFor(cashier, wager).depositCents;
  if ((await depositedToday(cashier, unit, row.user_id)) > limit) {
    await unit.tx
      .updateTable('cashier_transactions')
      .set({ review_flag: OVER_DAILY_LIMIT })
      .where('id', '=', row.id)
      .execute();
    row.review_flag = OVER_DAILY_LIMIT;
    cashier.ctx.log.warn(
      { txId: row.id, userId: row.user_id, siteValue: row.site_value, limit },
      'a deposit completed over the daily limit: credited and flagged for review',
    );
  }
  await cashier.ctx.wallet.apply(unit, {
    userId: row.user_id,
    delta: row.site_value,
    kind: 'deposit',
    ref: `tx:${row.id}`,
    idempotencyKey: `deposit:${row.method}:${row.external_id ?? row.id}`,
    answeredInResponse: patch.answeredInResponse,
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
