import {
  type breakBody,
  centsToCoins,
  coinsToCents,
  RG_KINDS,
  RG_PERIODS,
  type RgLimitView,
  type RgView,
} from '@coinsite/shared';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db-types.ts';
import type { z } from 'zod';
import type { Ctx } from '../context.ts';
import { AppError } from '../errors.ts';
import { refuseOnBreak, rgRefusal } from '../wallet.ts';
import { securityMail } from './notify.ts';
import { realityChecksOf } from './reality-check.ts';

/** A raised or removed limit takes effect after this long; a lower one at once. */
export const RAISE_DELAY_MS = 24 * 60 * 60_000;
const FIELDS = RG_KINDS.flatMap((k) => RG_PERIODS.map((p) => `${k}_${p}` as const));
type Field = (typeof FIELDS)[number];

function utcKeys(nowMs: number) {
  const t = new Date(nowMs);
  const day = t.toISOString().slice(0, 10);
  const dow = (t.getUTCDay() + 6) % 7; // Monday = 0 (ISO week, as date_trunc('week'))
  const week = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate() - dow))
    .toISOString()
    .slice(0, 10);
  const month = `${day.slice(0, 7)}-01`;
  return { day, week, month };
}
const dateKey = (d: Date | string) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

async function ensureRow(ctx: Ctx, userId: number): Promise<void> {
  await sql`INSERT INTO rg_state (user_id) VALUES (${userId}) ON CONFLICT (user_id) DO NOTHING`.execute(
    ctx.db,
  );
}

/** The player's limits (with the current window's use and any waiting raise), reminder and break. */
export async function rgView(ctx: Ctx, userId: number, db: Kysely<DB> = ctx.db): Promise<RgView> {
  await sql`SELECT rg_apply_due(${userId})`.execute(db);
  const row = (
    await sql<Record<string, unknown>>`SELECT * FROM rg_state WHERE user_id = ${userId}`.execute(db)
  ).rows[0];
  const pending = (
    await sql<{ field: Field; amount: number | null; effective_at: Date }>`
      SELECT field, amount, effective_at FROM rg_pending WHERE user_id = ${userId}`.execute(db)
  ).rows;
  const keys = utcKeys(Date.now());
  const limits: RgLimitView[] = [];
  for (const kind of RG_KINDS)
    for (const period of RG_PERIODS) {
      const field: Field = `${kind}_${period}`;
      const amount = (row?.[field] as number | null | undefined) ?? null;
      const inWindow = row && dateKey(row[`${period}_key`] as Date) === keys[period];
      const used = inWindow ? Number(row[`${period}_${kind}`] ?? 0) : 0;
      const p = pending.find((x) => x.field === field);
      limits.push({
        kind,
        period,
        amount: amount === null ? null : centsToCoins(amount),
        used: centsToCoins(Math.max(0, used)),
        pending: p
          ? {
              amount: p.amount === null ? null : centsToCoins(p.amount),
              effectiveAt: p.effective_at.toISOString(),
            }
          : null,
      });
    }
  // a permanent self-exclusion is 'infinity': the drivers give Infinity (a number), not a Date
  const raw = row?.blocked_until as Date | number | string | null | undefined;
  const untilMs =
    raw === null || raw === undefined ? null : raw instanceof Date ? raw.getTime() : Number(raw);
  const active = untilMs !== null && !Number.isNaN(untilMs) && untilMs > Date.now();
  return {
    limits,
    realityCheckMinutes: (row?.reality_check_minutes as number | null | undefined) ?? null,
    block: active
      ? {
          kind: row?.block_kind as 'cool_off' | 'self_exclusion',
          until:
            Number.isFinite(untilMs) && new Date(untilMs).getUTCFullYear() < 9000
              ? new Date(untilMs).toISOString()
              : null,
        }
      : null,
  };
}

/**
 * Sets one limit. Setting a first limit or lowering one applies at once (and drops a waiting raise);
 * raising or removing one waits 24 hours (a waiting change is replaced by the new one).
 */
export async function setLimit(
  ctx: Ctx,
  userId: number,
  body: { kind: string; period: string; amount: number | null },
): Promise<void> {
  const field = `${body.kind}_${body.period}` as Field;
  if (!FIELDS.includes(field)) throw new AppError('bad_request', 'Unknown limit.', 400);
  const cents = body.amount === null ? null : coinsToCents(body.amount);
  await ensureRow(ctx, userId);
  await ctx.db.transaction().execute(async (tx) => {
    const row = (
      await sql<{
        v: number | null;
      }>`SELECT ${sql.ref(field)} AS v FROM rg_state WHERE user_id = ${userId} FOR UPDATE`.execute(tx)
    ).rows[0];
    const current = row?.v ?? null;
    const stricter = cents !== null && (current === null || cents <= current);
    if (stricter) {
      await sql`UPDATE rg_state SET ${sql.ref(field)} = ${cents}, updated_at = now() WHERE user_id = ${userId}`.execute(
        tx,
      );
      await sql`DELETE FROM rg_pending WHERE user_id = ${userId} AND field = ${field}`.execute(tx);
    } else {
      await sql`
        INSERT INTO rg_pending (user_id, field, amount, effective_at)
        VALUES (${userId}, ${field}, ${cents}, ${new Date(Date.now() + RAISE_DELAY_MS)})
        ON CONFLICT (user_id, field) DO UPDATE SET amount = EXCLUDED.amount, effective_at = EXCLUDED.effective_at`.execute(
        tx,
      );
    }
  });
}

/**
 * Sets the reality check's interval. A new interval starts its clock again (issue 26 §8): the next
 * reminder is one interval after now, and its net result counts from here.
 */
export async function setRealityCheck(ctx: Ctx, userId: number, minutes: number | null): Promise<void> {
  await ensureRow(ctx, userId);
  await sql`
    UPDATE rg_state SET
      reality_check_set_at = CASE WHEN reality_check_minutes IS DISTINCT FROM ${minutes}::int
        THEN ${new Date(ctx.clock.now())}::timestamptz ELSE reality_check_set_at END,
      reality_check_ledger_mark = CASE WHEN reality_check_minutes IS DISTINCT FROM ${minutes}::int
        THEN (SELECT coalesce(max(id), 0) FROM ledger_entries WHERE user_id = ${userId})
        ELSE reality_check_ledger_mark END,
      reality_check_minutes = ${minutes}, updated_at = now()
    WHERE user_id = ${userId}`.execute(ctx.db);
  realityChecksOf(ctx).settingChanged(userId);
}

/**
 * Starts a cool-off or a self-exclusion. It can only be lengthened: the end is the later of the
 * running one's and the new one's, and a self-exclusion is never turned into a shorter cool-off.
 */
export async function startBreak(ctx: Ctx, userId: number, body: z.infer<typeof breakBody>): Promise<void> {
  const now = Date.now();
  const until =
    body.kind === 'cool_off'
      ? new Date(now + body.days * 24 * 60 * 60_000)
      : body.months === null
        ? null
        : new Date(new Date(now).setUTCMonth(new Date(now).getUTCMonth() + body.months));
  await ensureRow(ctx, userId);
  await sql`
    UPDATE rg_state SET
      blocked_until = CASE
        WHEN blocked_until IS NOT NULL AND blocked_until > now()
          THEN greatest(blocked_until, ${until ?? 'infinity'}::timestamptz)
        ELSE ${until ?? 'infinity'}::timestamptz END,
      block_kind = CASE
        WHEN block_kind = 'self_exclusion' AND blocked_until > now() THEN 'self_exclusion'
        ELSE ${body.kind} END,
      updated_at = now()
    WHERE user_id = ${userId}`.execute(ctx.db);
  await securityMail(
    ctx,
    userId,
    body.kind === 'cool_off' ? 'Your break has started' : 'Your self-exclusion has started',
    [
      body.kind === 'cool_off'
        ? `You started a cool-off until ${until?.toISOString().slice(0, 16).replace('T', ' ')} UTC.`
        : `You excluded yourself ${until ? `until ${until.toISOString().slice(0, 10)}` : 'permanently'}.`,
      'Playing, deposits and chat are blocked until then; withdrawals still work. It cannot be ended early.',
    ],
  );
}

/**
 * Refuses an action while the player's cool-off or self-exclusion runs (deposits, chat, joins): the
 * wallet's one check (refuseOnBreak), the same sentence a refused bet or bonus gets.
 */
export async function requireNoBreak(ctx: Ctx, userId: number, db: Kysely<DB> = ctx.db): Promise<void> {
  await refuseOnBreak(db, userId);
}

/**
 * A deposit the player starts (card, CashApp, gift card): refused during a break or when the
 * deposits credited in the current window plus this one would pass a deposit limit.
 */
export async function requireDepositRoom(
  ctx: Ctx,
  userId: number,
  cents: number,
  db: Kysely<DB> = ctx.db,
): Promise<void> {
  await requireNoBreak(ctx, userId, db);
  const view = await rgView(ctx, userId, db);
  for (const l of view.limits)
    if (l.kind === 'deposit' && l.amount !== null && coinsToCents(l.used) + cents > coinsToCents(l.amount))
      throw rgRefusal(`deposit_${l.period}`);
}

/** The admin's view of a player's responsible-gaming state. */
export async function rgAdminView(ctx: Ctx, userId: number): Promise<RgView> {
  return rgView(ctx, userId);
}
