import { sql } from 'kysely';
import { AppError, Errors } from './errors.ts';
import { pgErrorCode, type Unit } from './tx.ts';

export interface BalanceChange {
  userId: number;
  /** Signed amount in cents; never zero. */
  delta: number;
  /** What kind of movement this is: 'bet', 'win', 'deposit', 'withdraw', 'admin', 'refund', … */
  kind: string;
  /** What it refers to (a bet id, a transaction id, …). */
  ref?: string;
  /** Unique per movement: a retried or replayed command cannot apply twice. */
  idempotencyKey: string;
  /** Stake to add to the user's wager in the same statement (bets only). */
  wager?: number;
  /** Hold the update-wallet event back until an animation has revealed the result. */
  notifyDelayMs?: number;
}

export interface WalletNotifier {
  walletChanged(userId: number, deltaCents: number, delayMs: number): void;
}

export interface Wallet {
  /** Applies one change inside the caller's transaction and returns the new balance (cents). */
  apply(unit: Unit, change: BalanceChange): Promise<number>;
  /** Debits a stake, credits its payout and stores the bet, in one statement (see applyBet). */
  bet(unit: Unit, bet: BetRecord): Promise<{ betId: number; balance: number }>;
}

/**
 * The only code that changes a balance. One statement: a conditional UPDATE that refuses to go
 * below zero, and the append-only ledger row with the balance after, written together.
 */
export function createWallet(notifier: WalletNotifier): Wallet {
  return {
    async apply(unit, change) {
      const { userId, delta, kind, ref, idempotencyKey } = change;
      if (!Number.isSafeInteger(delta) || delta === 0) throw new Error(`invalid wallet delta ${delta}`);
      const wager = change.wager ?? 0;
      let rows: Array<{ balance_after: number }>;
      try {
        const res = await sql<{ balance_after: number }>`
          WITH u AS (
            UPDATE users SET balance = balance + ${delta}, wager = wager + ${wager}
            WHERE id = ${userId} AND balance + ${delta} >= 0
            RETURNING balance
          )
          INSERT INTO ledger_entries (user_id, delta, balance_after, kind, ref, idempotency_key)
          SELECT ${userId}, ${delta}, balance, ${kind}, ${ref ?? null}, ${idempotencyKey} FROM u
          RETURNING balance_after`.execute(unit.tx);
        rows = res.rows;
      } catch (err) {
        if (pgErrorCode(err) === '23505') throw Errors.duplicate();
        if (pgErrorCode(err) === '23514') throw Errors.insufficientBalance();
        throw err;
      }
      const row = rows[0];
      if (!row) throw Errors.insufficientBalance();
      unit.afterCommit(() => notifier.walletChanged(userId, delta, change.notifyDelayMs ?? 0));
      return row.balance_after;
    },
    bet: (unit, bet) => applyBet(notifier, unit, bet),
  };
}

export function isInsufficientBalance(err: unknown): boolean {
  return err instanceof AppError && err.code === 'insufficient_balance';
}

export interface BetRecord {
  userId: number;
  game: string;
  stake: number;
  /** Gross payout in cents credited in the same statement (0 for a loss or an open game). */
  payout: number;
  multiplier: number;
  status: 'open' | 'settled';
  outcome: unknown;
  seedPairId: number | null;
  nonce: number | null;
  /** Hold the win's update-wallet back until the animation has revealed it. */
  winNotifyDelayMs?: number;
}

/**
 * A bet in one statement: debit the stake (and grow wager by it), credit the payout, store the bet
 * and write both ledger rows (keys bet:<id> and win:<id>, so a bet can be paid once only).
 * The hot path: one round trip instead of four.
 */
export async function applyBet(
  notifier: WalletNotifier,
  unit: Unit,
  bet: BetRecord,
): Promise<{ betId: number; balance: number }> {
  const { userId, stake, payout } = bet;
  if (!Number.isSafeInteger(stake) || stake <= 0) throw new Error(`invalid stake ${stake}`);
  if (!Number.isSafeInteger(payout) || payout < 0) throw new Error(`invalid payout ${payout}`);
  const res = await sql<{ balance: number; bet_id: number }>`
    WITH u AS (
      UPDATE users SET balance = balance - ${stake} + ${payout}, wager = wager + ${stake}
      WHERE id = ${userId} AND balance >= ${stake}
      RETURNING balance
    ), b AS (
      INSERT INTO bets (user_id, game, stake, payout, multiplier, status, outcome, seed_pair_id, nonce, settled_at)
      SELECT ${userId}, ${bet.game}, ${stake}, ${payout}, ${bet.multiplier}, ${bet.status}, ${JSON.stringify(bet.outcome)}::jsonb,
             ${bet.seedPairId}, ${bet.nonce}, CASE WHEN ${bet.status} = 'settled' THEN now() END
      FROM u
      RETURNING id
    ), l AS (
      INSERT INTO ledger_entries (user_id, delta, balance_after, kind, ref, idempotency_key)
      SELECT ${userId}, v.delta, v.balance_after, v.kind, b.id::text, v.kind || ':' || b.id
      FROM u, b, (VALUES
        (1, ${-stake}::bigint, (SELECT balance FROM u) - ${payout}::bigint, 'bet'),
        (2, ${payout}::bigint, (SELECT balance FROM u), 'win')
      ) AS v(ord, delta, balance_after, kind)
      WHERE v.delta <> 0
      ORDER BY v.ord
    )
    SELECT u.balance, b.id AS bet_id FROM u, b`.execute(unit.tx);
  const row = res.rows[0];
  if (!row) throw Errors.insufficientBalance();
  unit.afterCommit(() => {
    notifier.walletChanged(userId, -stake, 0);
    if (payout > 0) notifier.walletChanged(userId, payout, bet.winNotifyDelayMs ?? 0);
  });
  return { betId: row.bet_id, balance: row.balance };
}
