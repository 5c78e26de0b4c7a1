import { formatCents } from '@coinsite/shared';
import { sql, type Kysely } from 'kysely';
import type { DB } from './db-types.ts';
import { kindsOf, type LedgerKind } from './wallet.ts';

export interface LedgerMismatch {
  userId: number;
  balance: number;
  ledgerSum: number;
}

/** Every user whose balance differs from the sum of their ledger deltas (should be none). */
export async function findLedgerMismatches(db: Kysely<DB>): Promise<LedgerMismatch[]> {
  const res = await sql<{ id: number; balance: number; ledger_sum: number }>`
    SELECT u.id, u.balance, COALESCE(l.total, 0)::bigint AS ledger_sum
    FROM users u
    LEFT JOIN (SELECT user_id, SUM(delta) AS total FROM ledger_entries GROUP BY user_id) l ON l.user_id = u.id
    WHERE u.balance <> COALESCE(l.total, 0)
    ORDER BY u.id`.execute(db);
  return res.rows.map((r) => ({ userId: r.id, balance: r.balance, ledgerSum: Number(r.ledger_sum) }));
}

/**
 * Rake credited where it must not be. Games whose stakes can be refunded record each stake's rake
 * accrual in rake_accruals when the stake settles (economy/wager-hooks.ts accrueSettled):
 * - 'refunded': the stake was refunded (its refund key is in the ledger) yet its rake remains;
 * - 'no_stake': rake accrued for a stake the ledger never took from this user.
 */
export interface RakeViolation {
  problem: 'refunded' | 'no_stake';
  userId: number;
  game: string;
  stakeKey: string;
  refundKey: string;
  /** null: credited at the stake before migration 0010, amount not recorded */
  rakebackUnits: number | null;
  referralUnits: number | null;
  referralWager: number | null;
}

/** For every refunded bet, no rake-derived credit remains; no rake without a stake (should be none). */
export async function findRakeViolations(db: Kysely<DB>): Promise<RakeViolation[]> {
  const res = await sql<{
    problem: 'refunded' | 'no_stake';
    user_id: number;
    game: string;
    stake_key: string;
    refund_key: string;
    rakeback_units: number | null;
    referral_units: number | null;
    referral_wager: number | null;
  }>`
    SELECT CASE WHEN r.id IS NOT NULL THEN 'refunded' ELSE 'no_stake' END AS problem,
           a.user_id, a.game, a.stake_key, a.refund_key, a.rakeback_units, a.referral_units, a.referral_wager
    FROM rake_accruals a
    LEFT JOIN ledger_entries r ON r.idempotency_key = a.refund_key
    LEFT JOIN ledger_entries s ON s.idempotency_key = a.stake_key AND s.user_id = a.user_id AND s.delta < 0
    WHERE r.id IS NOT NULL OR s.id IS NULL
    ORDER BY a.user_id, a.stake_key`.execute(db);
  return res.rows.map((r) => ({
    problem: r.problem,
    userId: r.user_id,
    game: r.game,
    stakeKey: r.stake_key,
    refundKey: r.refund_key,
    rakebackUnits: r.rakeback_units,
    referralUnits: r.referral_units,
    referralWager: r.referral_wager,
  }));
}

/**
 * Issue 26: a movement the wallet refuses during a break (a promotional credit, a tip either way, a
 * stake) that is in the ledger inside one of the player's breaks (rg_breaks, migration 0025).
 */
export interface BreakViolation {
  entryId: number;
  userId: number;
  kind: LedgerKind;
  delta: number;
  at: Date;
  breakKind: 'cool_off' | 'self_exclusion';
}

/** Every ledger row of a class refused during a break that was written during one (should be none). */
export async function findBreakViolations(db: Kysely<DB>): Promise<BreakViolation[]> {
  const refused = kindsOf('promotional', 'transfer', 'stake');
  const res = await sql<{
    id: number;
    user_id: number;
    kind: LedgerKind;
    delta: number;
    created_at: Date;
    break_kind: 'cool_off' | 'self_exclusion';
  }>`
    SELECT DISTINCT ON (l.id) l.id, l.user_id, l.kind, l.delta, l.created_at, b.kind AS break_kind
    FROM rg_breaks b
    JOIN ledger_entries l ON l.user_id = b.user_id AND l.created_at >= b.started_at AND l.created_at < b.ends_at
    WHERE l.kind = ANY(${refused}::text[]) AND (l.kind <> 'bet' OR l.delta < 0)
    ORDER BY l.id`.execute(db);
  return res.rows.map((r) => ({
    entryId: Number(r.id),
    userId: Number(r.user_id),
    kind: r.kind,
    delta: Number(r.delta),
    at: new Date(r.created_at),
    breakKind: r.break_kind,
  }));
}

export interface LedgerCheck {
  users: number;
  mismatches: LedgerMismatch[];
  rake: RakeViolation[];
  breaks: BreakViolation[];
}

/** Everything `npm run ledger:check` verifies. */
export async function checkLedger(db: Kysely<DB>): Promise<LedgerCheck> {
  const users = await sql<{ n: number }>`SELECT COUNT(*)::bigint AS n FROM users`.execute(db);
  return {
    users: Number(users.rows[0]?.n ?? 0),
    mismatches: await findLedgerMismatches(db),
    rake: await findRakeViolations(db),
    breaks: await findBreakViolations(db),
  };
}

/** The report of a check: one line per problem, then a summary; ok when there is none. */
export function ledgerReport(check: LedgerCheck): { ok: boolean; problems: string[]; summary: string } {
  const problems = [
    ...check.mismatches.map(
      (m) =>
        `user ${m.userId}: balance ${formatCents(m.balance)} but ledger sums to ${formatCents(m.ledgerSum)}`,
    ),
    ...check.rake.map(
      (v) =>
        `user ${v.userId}: ${v.game} stake ${v.stakeKey} ${
          v.problem === 'refunded'
            ? `was refunded (${v.refundKey}) but kept its rake`
            : 'has rake but no stake'
        }: ${
          v.rakebackUnits === null
            ? 'credited at the stake before migration 0010, amount not recorded'
            : `rakeback ${v.rakebackUnits} units, referral ${v.referralUnits} units, referral wager ${formatCents(
                v.referralWager ?? 0,
              )}`
        }`,
    ),
    ...check.breaks.map(
      (b) =>
        `user ${b.userId}: ledger entry ${b.entryId} (${b.kind} ${formatCents(b.delta)}) at ${b.at.toISOString()} was written during a ${
          b.breakKind === 'cool_off' ? 'cool-off' : 'self-exclusion'
        }`,
    ),
  ];
  const summary = `ledger:check: ${check.users} users, ${check.mismatches.length} mismatches, ${check.rake.length} rake violations, ${check.breaks.length} movements during a break`;
  return { ok: problems.length === 0, problems, summary };
}
