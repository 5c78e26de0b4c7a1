import { createHash } from 'node:crypto';
import { type RgBreakKind, rgBreakSentence } from '@coinsite/shared';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from './db.ts';
import type { DB, Tx } from './db-types.ts';
import { AppError, Errors } from './errors.ts';
import { pgErrorCode, type Unit } from './tx.ts';

/**
 * Issue 26: what every ledger kind the code writes IS, once, here. The responsible-gaming rule of a
 * movement follows from its class alone (see rgGuard), so a new feature only picks a class:
 * - stake: a bet's debit; checked against the player's break and limits (rg_take), counted.
 * - win: a game's payout; never refused, lowers the loss.
 * - refund: a stake given back (a void round, a cancelled game, a provider refund); never refused,
 *   lowers the loss and the wager.
 * - deposit: money the player paid in; counted, never refused here (a deposit the player starts is
 *   refused before it is made: rg.service requireDepositRoom).
 * - withdrawal / withdrawal_refund: the player's own money leaving, or coming back from a failed
 *   payout; never refused (a player on a break can always cash out).
 * - promotional: money the site gives (bonuses, claims, prizes); refused during a break (rg_hold).
 * - transfer: a tip between players or into the rain pot; refused during a break on either side.
 * - admin: an operator's correction; never refused.
 */
export type LedgerClass =
  | 'stake'
  | 'win'
  | 'refund'
  | 'deposit'
  | 'withdrawal'
  | 'withdrawal_refund'
  | 'promotional'
  | 'transfer'
  | 'admin';

export const LEDGER_CLASSES = {
  bet: 'stake',
  win: 'win',
  bet_refund: 'refund',
  /** slots: the provider's refund of a bet, as written before slot refunds became bet_refund (old rows) */
  refund: 'refund',
  deposit: 'deposit',
  withdraw: 'withdrawal',
  withdraw_refund: 'withdrawal_refund',
  coupon: 'promotional',
  affiliate_bonus: 'promotional',
  affiliate_claim: 'promotional',
  faucet: 'promotional',
  daily_case: 'promotional',
  rakeback: 'promotional',
  rain: 'promotional',
  trivia: 'promotional',
  giveaway: 'promotional',
  race: 'promotional',
  /** slots: a provider campaign's prize (promoWin) */
  'slots-promo': 'promotional',
  sent_tip: 'transfer',
  received_tip: 'transfer',
  rain_tip: 'transfer',
  admin: 'admin',
} as const satisfies Record<string, LedgerClass>;

/** Every kind a ledger row may have: a kind missing from LEDGER_CLASSES does not compile. */
export type LedgerKind = keyof typeof LEDGER_CLASSES;

/** The kinds the bet statements (applyBet, applyBetGroup) write in SQL: typed here, so they have a class. */
const BET_KIND: LedgerKind = 'bet';
const WIN_KIND: LedgerKind = 'win';

export function ledgerClass(kind: LedgerKind): LedgerClass {
  return LEDGER_CLASSES[kind];
}

/** The ledger kinds of a class (for SQL: ledger:check, the admin's figures). */
export function kindsOf(...classes: LedgerClass[]): LedgerKind[] {
  return (Object.keys(LEDGER_CLASSES) as LedgerKind[]).filter((k) => classes.includes(LEDGER_CLASSES[k]));
}

/**
 * What guards a movement in its own statement: rg_take (0022) with its stake / loss / wager / deposit
 * figures, rg_hold (0025: refused during a break), or nothing.
 */
type RgGuard =
  | { fn: 'take'; stake: number; loss: number; wager: number; deposit: number }
  | { fn: 'hold' }
  | null;

function rgGuard(kind: LedgerKind, delta: number, wager: number): RgGuard {
  switch (LEDGER_CLASSES[kind]) {
    case 'stake':
      return delta < 0 ? { fn: 'take', stake: -delta, loss: -delta, wager: -delta, deposit: 0 } : null;
    case 'win':
    case 'refund':
      return delta > 0 ? { fn: 'take', stake: 0, loss: -delta, wager: Math.min(0, wager), deposit: 0 } : null;
    case 'deposit':
      return delta > 0 ? { fn: 'take', stake: 0, loss: 0, wager: 0, deposit: -delta } : null;
    case 'promotional':
    case 'transfer':
      return { fn: 'hold' };
    case 'withdrawal':
    case 'withdrawal_refund':
    case 'admin':
      return null;
  }
}

/** Why rg_take / rg_hold refused: a break (with its end: 'cool_off@<iso>'), or which limit. */
export const RG_REFUSALS: Record<string, string> = {
  loss_day: 'This bet would pass your daily loss limit.',
  loss_week: 'This bet would pass your weekly loss limit.',
  loss_month: 'This bet would pass your monthly loss limit.',
  wager_day: 'This bet would pass your daily wager limit.',
  wager_week: 'This bet would pass your weekly wager limit.',
  wager_month: 'This bet would pass your monthly wager limit.',
  deposit_day: 'This deposit would pass your daily deposit limit.',
  deposit_week: 'This deposit would pass your weekly deposit limit.',
  deposit_month: 'This deposit would pass your monthly deposit limit.',
};

/** A break's reason from SQL ('cool_off@2026-11-27T14:00:00Z', 'self_exclusion@infinity'), parsed. */
export function parseBreakReason(reason: string): { kind: RgBreakKind; until: string | null } | null {
  const [kind, until] = reason.split('@');
  if (kind !== 'cool_off' && kind !== 'self_exclusion') return null;
  return { kind, until: !until || until === 'infinity' ? null : until };
}

export function rgRefusal(reason: string): AppError {
  const brk = parseBreakReason(reason);
  if (brk)
    return new AppError('responsible_gaming', rgBreakSentence(brk.kind, brk.until), 403, {
      limit: brk.kind,
      until: brk.until,
    });
  return new AppError('responsible_gaming', RG_REFUSALS[reason] ?? 'Refused by your limits.', 403, {
    limit: reason,
  });
}

/**
 * The one question every join (rain, giveaway, trivia, chat) asks before it writes: is the player on
 * a break? Throws the break's refusal (the same sentence the wallet gives). The money itself is
 * guarded again in its own statement (rg_hold / rg_take), so a break that starts after the join
 * still stops the payout.
 */
export async function refuseOnBreak(db: Kysely<DB> | Tx, userId: number): Promise<void> {
  const res = await sql<{ r: string | null }>`SELECT rg_break(${userId}) AS r`.execute(db);
  const r = res.rows[0]?.r;
  if (r) throw rgRefusal(r);
}

/**
 * Of these players, the ones on a break now, for a payout that shares a prize out (rain, giveaway,
 * race): they are left out of it, and their rg_state rows stay locked until the payout commits, so
 * no break can start between this answer and the credits (and the wallet's own guard agrees).
 */
export async function playersOnBreak(tx: Tx, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const res = await sql<{ user_id: number; r: string | null }>`
    SELECT user_id, CASE WHEN blocked_until > now() AND block_kind IS NOT NULL THEN block_kind END AS r
    FROM rg_state WHERE user_id = ANY(${[...userIds]}::bigint[])
    ORDER BY user_id FOR UPDATE`.execute(tx);
  return new Set(res.rows.filter((row) => row.r !== null).map((row) => Number(row.user_id)));
}

export interface BalanceChange {
  userId: number;
  /** Signed amount in cents; never zero. */
  delta: number;
  /** What kind of movement this is: a key of LEDGER_CLASSES (its class decides the rg rule). */
  kind: LedgerKind;
  /** What it refers to (a bet id, a transaction id, …). */
  ref?: string;
  /** Unique per movement: a retried or replayed command cannot apply twice. */
  idempotencyKey: string;
  /** Stake to add to the user's wager in the same statement (bets only). */
  wager?: number;
  /** Hold the update-wallet event back until an animation has revealed the result. */
  notifyDelayMs?: number;
  /**
   * The HTTP answer itself tells the original client this change (it adds the answer's amount to
   * its wallet, PROTOCOL §3): send the new absolute `wallet-balance` instead of `update-wallet`,
   * which that client would count twice.
   */
  answeredInResponse?: boolean;
}

export interface WalletNotifier {
  walletChanged(userId: number, deltaCents: number, delayMs: number): void;
  /** The balance after a change the HTTP answer reports (see BalanceChange.answeredInResponse). */
  walletBalance(userId: number, balanceCents: number): void;
}

export interface Wallet {
  /** Applies one change inside the caller's transaction and returns the new balance (cents). */
  apply(unit: Unit, change: BalanceChange): Promise<number>;
  /**
   * Takes the nonce, debits a stake, credits its payout and stores the bet, in one statement (see
   * applyBet), shared with other players' bets of the same moment (see createBetBatcher).
   */
  bet(bet: BetRecord): Promise<{ betId: number; balance: number }>;
}

/**
 * The only code that changes a balance. One statement: a conditional UPDATE that refuses to go
 * below zero, and the append-only ledger row with the balance after, written together.
 */
export function createWallet(
  notifier: WalletNotifier,
  database: Pick<Database, 'db' | 'hotPool' | 'kind'>,
  groups: BetGroupOptions = { maxGroup: 1, maxInFlight: Number.POSITIVE_INFINITY },
): Wallet {
  const prepared = preparedStatements(database);
  const bet = createBetBatcher(notifier, prepared, groups);
  return {
    async apply(unit, change) {
      const { userId, delta, kind, ref, idempotencyKey } = change;
      if (!Number.isSafeInteger(delta) || delta === 0) throw new Error(`invalid wallet delta ${delta}`);
      const wager = change.wager ?? 0;
      const rg = rgGuard(kind, delta, wager);
      let rows: Array<{ balance_after: number; rg: string }>;
      try {
        const guard =
          rg === null
            ? sql`'ok'`
            : rg.fn === 'take'
              ? sql`rg_take(${userId}, ${rg.stake}, ${rg.loss}, ${rg.wager}, ${rg.deposit})`
              : sql`rg_hold(${userId})`;
        const res = rg
          ? // issues 16, 26: the movement passes the player's responsible-gaming guard of its class
            await sql<{ balance_after: number; rg: string }>`
          WITH g AS (
            SELECT CASE WHEN EXISTS (SELECT 1 FROM rg_state WHERE user_id = ${userId})
              THEN ${guard} ELSE 'ok' END AS r
          ),
          u AS (
            UPDATE users SET balance = balance + ${delta}, wager = wager + ${wager}
            WHERE id = ${userId} AND balance + ${delta} >= 0 AND (SELECT r FROM g) = 'ok'
            RETURNING balance
          ), l AS (
            INSERT INTO ledger_entries (user_id, delta, balance_after, kind, ref, idempotency_key)
            SELECT ${userId}, ${delta}, balance, ${kind}, ${ref ?? null}, ${idempotencyKey} FROM u
            RETURNING balance_after
          )
          SELECT (SELECT balance_after FROM l) AS balance_after, (SELECT r FROM g) AS rg`.execute(unit.tx)
          : await sql<{ balance_after: number; rg: string }>`
          WITH u AS (
            UPDATE users SET balance = balance + ${delta}, wager = wager + ${wager}
            WHERE id = ${userId} AND balance + ${delta} >= 0
            RETURNING balance
          )
          INSERT INTO ledger_entries (user_id, delta, balance_after, kind, ref, idempotency_key)
          SELECT ${userId}, ${delta}, balance, ${kind}, ${ref ?? null}, ${idempotencyKey} FROM u
          RETURNING balance_after, 'ok' AS rg`.execute(unit.tx);
        rows = res.rows;
      } catch (err) {
        if (pgErrorCode(err) === '23505') throw Errors.duplicate();
        if (pgErrorCode(err) === '23514') throw Errors.insufficientBalance();
        throw err;
      }
      const row = rows[0];
      if (row && row.rg !== 'ok') throw rgRefusal(row.rg);
      if (!row || row.balance_after === null) throw Errors.insufficientBalance();
      const balance = row.balance_after;
      unit.afterCommit(() =>
        change.answeredInResponse
          ? notifier.walletBalance(userId, balance)
          : notifier.walletChanged(userId, delta, change.notifyDelayMs ?? 0),
      );
      return balance;
    },
    bet,
  };
}

export function isInsufficientBalance(err: unknown): boolean {
  return err instanceof AppError && err.code === 'insufficient_balance';
}

/** Runs one statement on its own (autocommit) as a named prepared statement. */
export type RunPrepared = <R>(query: RawBuilder<unknown>) => Promise<{ rows: R[] }>;

/**
 * The hot path's statements are prepared once per connection and run by name on the hot pool
 * (generic plans): PostgreSQL then skips parsing and planning, which cost more than the bet's own
 * work (bench/bets.ts). The name follows the text, so each distinct statement gets its own.
 */
export function preparedStatements(database: Pick<Database, 'db' | 'hotPool' | 'kind'>): RunPrepared {
  // PGlite is one embedded connection with no planner contention: plain execution is enough there
  if (database.kind === 'pglite')
    return async <R>(query: RawBuilder<unknown>) => ({
      rows: (await query.execute(database.db)).rows as R[],
    });
  const names = new Map<string, string>();
  return async <R>(query: RawBuilder<unknown>) => {
    const { sql: text, parameters } = query.compile(database.db);
    let name = names.get(text);
    if (!name) {
      name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      names.set(text, name);
    }
    const res = await database.hotPool.query({ name, text, values: parameters as unknown[] });
    return { rows: res.rows as R[] };
  };
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
  /** The seed pair and nonce the outcome was derived from; the statement takes that nonce. */
  seedPairId: number;
  nonce: number;
  /**
   * What every stake also owes (rakeback, affiliate cut, race entry), as data-modifying statements
   * folded into the bet's own statement. They may read `u` (the bettor's row after the bet:
   * balance, wager).
   */
  hooks: RawBuilder<unknown>[];
  /**
   * The same hooks as rows of set-based statements, for the group statement (one statement per hook
   * for the whole group instead of one per bet). Absent: the group runs `hooks` bet by bet.
   */
  groupHooks?: GroupHookRow[];
  /** Hold the win's update-wallet back until the animation has revealed it. */
  winNotifyDelayMs?: number;
}

/**
 * One bet's share of a set-based hook: its row, and the statement that consumes the rows of every
 * bet of the group that went through. `statement` is the hook's identity: the bets carrying the same
 * one share one statement.
 */
export interface GroupHookRow {
  /** Column names and PostgreSQL types of `values`, the first being user_id (bigint). */
  columns: ReadonlyArray<readonly [name: string, type: string]>;
  /** This bet's row (a value per column; null allowed). */
  values: readonly unknown[];
  /**
   * One data-modifying statement over `placed`: a relation of the rows of the bets that went
   * through, with the hook's columns and `wager_after` (the bettor's wager including the stake).
   */
  statement: (placed: RawBuilder<unknown>) => RawBuilder<unknown>;
}

/** The seed pair had moved on (another bet, a rotation, another node): read it again and retry. */
export class StaleSeedError extends Error {
  constructor() {
    super('the seed pair moved on');
  }
}

/**
 * A bet in one statement, committed on its own: take the nonce the outcome was derived from (only if
 * the pair is still active at that nonce), debit the stake (and grow wager by it), credit the
 * payout, store the bet, write both ledger rows (keys bet:<id> and win:<id>, so a bet can be paid
 * once only) and run the hook statements. When the nonce or the balance check fails, bet_guard
 * raises and the whole statement is undone, so a refused bet leaves no trace, not even a nonce.
 * One round trip: no BEGIN, no COMMIT.
 */
export async function applyBet(
  notifier: WalletNotifier,
  run: RunPrepared,
  bet: BetRecord,
): Promise<{ betId: number; balance: number }> {
  const { userId, stake, payout } = bet;
  if (!Number.isSafeInteger(stake) || stake <= 0) throw new Error(`invalid stake ${stake}`);
  if (!Number.isSafeInteger(payout) || payout < 0) throw new Error(`invalid payout ${payout}`);
  const hooks = bet.hooks.map((h, i) => sql`, ${sql.raw(`h${i}`)} AS (${h})`);
  let row: { balance: number; bet_id: number } | undefined;
  try {
    const res = await run<{ balance: number; bet_id: number }>(sql`
      WITH g AS (
        -- the guard function runs only for a player with a responsible-gaming row (a plain index probe otherwise)
        SELECT CASE WHEN EXISTS (SELECT 1 FROM rg_state WHERE user_id = ${userId})
          THEN rg_take(${userId}, ${stake}, ${stake - payout}, ${stake}, 0) ELSE 'ok' END AS r
      ), n AS (
        UPDATE seed_pairs SET nonce = nonce + 1
        WHERE id = ${bet.seedPairId} AND user_id = ${userId} AND status = 'active' AND nonce = ${bet.nonce}
        RETURNING id
      ), u AS (
        UPDATE users SET balance = balance - ${stake} + ${payout}, wager = wager + ${stake}
        WHERE id = ${userId} AND balance >= ${stake} AND EXISTS (SELECT 1 FROM n) AND (SELECT r FROM g) = 'ok'
        RETURNING balance, wager
      ), b AS (
        INSERT INTO bets (user_id, game, stake, payout, multiplier, status, outcome, seed_pair_id, nonce, settled_at)
        SELECT ${userId}, ${bet.game}, ${stake}, ${payout}, ${bet.multiplier}, ${bet.status},
               ${JSON.stringify(bet.outcome)}::jsonb, ${bet.seedPairId}, ${bet.nonce},
               CASE WHEN ${bet.status} = 'settled' THEN now() END
        FROM u
        RETURNING id
      ), l AS (
        INSERT INTO ledger_entries (user_id, delta, balance_after, kind, ref, idempotency_key)
        SELECT ${userId}, v.delta, v.balance_after, v.kind, b.id::text, v.kind || ':' || b.id
        FROM u, b, (VALUES
          (1, ${-stake}::bigint, (SELECT balance FROM u) - ${payout}::bigint, ${sql.lit(BET_KIND)}),
          (2, ${payout}::bigint, (SELECT balance FROM u), ${sql.lit(WIN_KIND)})
        ) AS v(ord, delta, balance_after, kind)
        WHERE v.delta <> 0
        ORDER BY v.ord
      )${hooks.length > 0 ? sql.join(hooks, sql``) : sql``}
      SELECT (SELECT balance FROM u) AS balance, (SELECT id FROM b) AS bet_id,
        CASE WHEN NOT EXISTS (SELECT 1 FROM n) THEN bet_guard('stale_seed')
             WHEN (SELECT r FROM g) <> 'ok' THEN bet_guard('rg:' || (SELECT r FROM g))
             WHEN NOT EXISTS (SELECT 1 FROM u) THEN bet_guard('insufficient_balance')
             ELSE 0 END AS guard`);
    row = res.rows[0];
  } catch (err) {
    const message = (err as { message?: string }).message;
    if (pgErrorCode(err) === 'P0001' && message === 'stale_seed') throw new StaleSeedError();
    if (pgErrorCode(err) === 'P0001' && message === 'insufficient_balance')
      throw Errors.insufficientBalance();
    if (pgErrorCode(err) === 'P0001' && message?.startsWith('rg:')) throw rgRefusal(message.slice(3));
    throw err;
  }
  if (!row) throw new Error('the bet statement returned no row');
  notifier.walletChanged(userId, -stake, 0);
  if (payout > 0) notifier.walletChanged(userId, payout, bet.winNotifyDelayMs ?? 0);
  return { betId: row.bet_id, balance: row.balance };
}

/** What the group statement answers for one of its bets: placed, or why it alone was refused. */
export type GroupedBetResult = { betId: number; balance: number } | { refused: string };

function checkAmounts(bet: BetRecord): void {
  if (!Number.isSafeInteger(bet.stake) || bet.stake <= 0) throw new Error(`invalid stake ${bet.stake}`);
  if (!Number.isSafeInteger(bet.payout) || bet.payout < 0) throw new Error(`invalid payout ${bet.payout}`);
}

/**
 * Several players' bets in ONE autocommit statement (issue 18 item 4, group commit). At most one bet
 * per player (the caller's queue guarantees it; applyBetGroup refuses otherwise). Unlike the single
 * statement, a refusal cannot raise (that would undo the whole group), so every guard is per bet and
 * nothing of a refused bet is written:
 *   ls, lk  lock, in user id order, the bettors' seed pairs, keeping only the bets whose pair is still
 *       active at their nonce (a pair changed meanwhile fails the re-check and drops out: stale_seed),
 *       then their users rows (pairs before users, as the single statement takes them). From here on
 *       those rows cannot change under the statement.
 *   g   decides each locked bet: balance short → insufficient_balance (or the running break, so a
 *       player on a cool-off still hears about the break); else the responsible-gaming guard, which is
 *       called last, only for a bet that passes everything else, because it counts the stake when it
 *       answers 'ok'.
 *   uu, n, b, l  move the balance, take the nonce, store the bet and its ledger rows for the 'ok'
 *       bets only (uu re-checks the balance, the CHECK constraint backs it, and n, b, l follow uu).
 *   hooks  one set-based statement per hook over the bets that went through (GroupHookRow); a bet
 *       without that form gets its own hook statements, each seeing `u` as that bettor's row of uu
 *       (empty when its bet was refused: the hooks do nothing then, see wager-hooks.ts, race-hooks.ts).
 */
export async function applyBetGroup(run: RunPrepared, bets: BetRecord[]): Promise<GroupedBetResult[]> {
  const users = new Set<number>();
  for (const bet of bets) {
    checkAmounts(bet);
    if (users.has(bet.userId)) throw new Error(`two bets of user ${bet.userId} in one group`);
    users.add(bet.userId);
  }
  // one array per column: the statement's text is the same whatever the group's size, so each
  // connection prepares it once (a VALUES list would make each size a new statement to plan)
  const col = <T>(f: (b: BetRecord) => T) => bets.map(f);
  // set-based hooks: one statement per hook over the rows of the bets that carry it
  const grouped = new Map<GroupHookRow['statement'], GroupHookRow[]>();
  for (const b of bets)
    for (const h of b.groupHooks ?? []) {
      const list = grouped.get(h.statement);
      if (list) list.push(h);
      else grouped.set(h.statement, [h]);
    }
  const hooks = [...grouped.values()].map((list, j) => {
    const { columns, statement } = list[0] as GroupHookRow;
    const arrays = columns.map(
      ([, type], c) => sql`${list.map((h) => h.values[c] ?? null)}::${sql.raw(type)}[]`,
    );
    const placed = sql`(SELECT v.*, uu.wager AS wager_after
      FROM unnest(${sql.join(arrays)}) AS v(${sql.raw(columns.map(([name]) => name).join(', '))})
      JOIN uu ON uu.id = v.user_id)`;
    return sql`, ${sql.raw(`hg${j}`)} AS (${statement(placed)})`;
  });
  // a bet without the set-based form: its own hook statements, each seeing `u` as its bettor's row
  for (const [k, b] of bets.entries()) {
    if (b.groupHooks) continue;
    for (const [j, h] of b.hooks.entries())
      hooks.push(
        sql`, ${sql.raw(`h${k}_${j}`)} AS (WITH u AS (SELECT id, balance, wager FROM uu WHERE id = ${b.userId}::bigint) ${h})`,
      );
  }
  const res = await run<{ k: number; r: string; balance: number | null; bet_id: number | null }>(sql`
    WITH i AS (
      SELECT * FROM unnest(${bets.map((_, k) => k)}::int[], ${col((b) => b.userId)}::bigint[],
        ${col((b) => b.game)}::text[], ${col((b) => b.stake)}::bigint[], ${col((b) => b.payout)}::bigint[],
        ${col((b) => b.multiplier)}::bigint[], ${col((b) => b.status)}::text[],
        ${col((b) => JSON.stringify(b.outcome))}::jsonb[], ${col((b) => b.seedPairId)}::bigint[],
        ${col((b) => b.nonce)}::int[])
        AS i(k, user_id, game, stake, payout, multiplier, status, outcome, seed_pair_id, nonce)
    ), ls AS MATERIALIZED (
      SELECT i.k, i.user_id, i.stake, i.payout
      FROM i
      JOIN seed_pairs s ON s.id = i.seed_pair_id AND s.user_id = i.user_id AND s.status = 'active' AND s.nonce = i.nonce
      ORDER BY i.user_id
      FOR UPDATE OF s
    ), lk AS MATERIALIZED (
      SELECT ls.k, ls.user_id, ls.stake, ls.payout, us.balance
      FROM ls JOIN users us ON us.id = ls.user_id
      ORDER BY ls.user_id
      FOR UPDATE OF us
    ), g AS MATERIALIZED (
      SELECT lk.k, lk.user_id,
        CASE
          WHEN lk.balance < lk.stake THEN COALESCE(
            'rg:' || rg_break(lk.user_id),
            'insufficient_balance')
          WHEN EXISTS (SELECT 1 FROM rg_state rs WHERE rs.user_id = lk.user_id) THEN
            'rg:' || rg_take(lk.user_id, lk.stake, lk.stake - lk.payout, lk.stake, 0)
          ELSE 'rg:ok'
        END AS r
      FROM lk
    ), ok AS (
      SELECT i.* FROM i JOIN g ON g.k = i.k WHERE g.r = 'rg:ok'
    ), uu AS (
      UPDATE users us SET balance = us.balance - ok.stake + ok.payout, wager = us.wager + ok.stake
      FROM ok WHERE us.id = ok.user_id AND us.balance >= ok.stake
      RETURNING us.id, us.balance, us.wager
    ), n AS (
      UPDATE seed_pairs s SET nonce = s.nonce + 1
      FROM ok JOIN uu ON uu.id = ok.user_id
      WHERE s.id = ok.seed_pair_id AND s.nonce = ok.nonce
      RETURNING s.id
    ), b AS (
      INSERT INTO bets (user_id, game, stake, payout, multiplier, status, outcome, seed_pair_id, nonce, settled_at)
      SELECT ok.user_id, ok.game, ok.stake, ok.payout, ok.multiplier, ok.status, ok.outcome, ok.seed_pair_id,
             ok.nonce, CASE WHEN ok.status = 'settled' THEN now() END
      FROM ok JOIN uu ON uu.id = ok.user_id
      ORDER BY ok.k
      RETURNING id, user_id
    ), l AS (
      INSERT INTO ledger_entries (user_id, delta, balance_after, kind, ref, idempotency_key)
      SELECT ok.user_id, v.delta, v.balance_after, v.kind, b.id::text, v.kind || ':' || b.id
      FROM ok JOIN uu ON uu.id = ok.user_id JOIN b ON b.user_id = ok.user_id,
        LATERAL (VALUES
          (1, -ok.stake, uu.balance - ok.payout, ${sql.lit(BET_KIND)}),
          (2, ok.payout, uu.balance, ${sql.lit(WIN_KIND)})
        ) AS v(ord, delta, balance_after, kind)
      WHERE v.delta <> 0
      ORDER BY ok.k, v.ord
    )${hooks.length > 0 ? sql.join(hooks, sql``) : sql``}
    SELECT i.k, COALESCE(g.r, 'stale_seed') AS r, uu.balance, b.id AS bet_id
    FROM i LEFT JOIN g ON g.k = i.k LEFT JOIN uu ON uu.id = i.user_id LEFT JOIN b ON b.user_id = i.user_id
    ORDER BY i.k`);
  const out: GroupedBetResult[] = bets.map(() => ({ refused: 'no_answer' }));
  for (const row of res.rows) {
    const r = row.r === 'rg:ok' ? 'ok' : row.r;
    if (r === 'ok' && row.balance !== null && row.bet_id !== null)
      out[row.k] = { betId: row.bet_id, balance: row.balance };
    else out[row.k] = { refused: r === 'ok' ? 'insufficient_balance' : r };
  }
  return out;
}

/** The error a refused bet of a group gets: the same the single statement raises. */
function refusalError(reason: string): Error {
  if (reason === 'stale_seed') return new StaleSeedError();
  if (reason === 'insufficient_balance') return Errors.insufficientBalance();
  if (reason.startsWith('rg:')) return rgRefusal(reason.slice(3));
  return new Error(`the bet group statement answered ${reason}`);
}

/**
 * A PostgreSQL ERROR answered for the statement itself: the autocommit statement was rolled back as a
 * whole, so its bets may be tried again one by one. Anything else (a lost connection) may have come
 * after the commit: those bets are failed, never retried.
 */
function rolledBack(err: unknown): boolean {
  const e = err as { severity?: string; code?: string } | null;
  return e?.severity === 'ERROR' && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code);
}

export interface BetGroupOptions {
  /** Most bets in one statement (1: every bet alone, the single statement). */
  maxGroup: number;
  /** Most bet statements in flight at once; more bets wait and leave together in the next one. */
  maxInFlight: number;
  /** Told the size of every statement and, once answered, how long it took (metrics, bench). */
  onGroup?: (size: number, seconds: number) => void;
}

interface PendingBet {
  bet: BetRecord;
  resolve: (v: { betId: number; balance: number }) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for bets. A bet is sent at the end of the event-loop turn it arrived in (setImmediate:
 * no timer, so an idle server never waits) together with every other bet of that turn; while
 * maxInFlight statements are running, new bets queue and leave together as one statement the moment
 * one finishes. A group of one is the single-bet statement (applyBet). A group holds at most one bet
 * per player: a second bet of a player already in the group waits for the next one, in order (the bet
 * engine's per-player queue never lets that happen; this keeps it true whatever the caller does).
 * A group statement that fails as a whole (a deadlock, a unique index: a PostgreSQL error, so nothing
 * of it was committed) is retried bet by bet with the single statement, so the error reaches only the
 * bet that causes it.
 */
export function createBetBatcher(
  notifier: WalletNotifier,
  run: RunPrepared,
  opts: BetGroupOptions,
): (bet: BetRecord) => Promise<{ betId: number; balance: number }> {
  const queue: PendingBet[] = [];
  let inFlight = 0;
  let scheduled = false;
  /** Players with a bet in a statement now: their next bet waits for it. */
  const busy = new Set<number>();

  const kick = () => {
    if (scheduled || queue.length === 0 || inFlight >= opts.maxInFlight) return;
    scheduled = true;
    setImmediate(flush);
  };

  const flush = () => {
    scheduled = false;
    while (queue.length > 0 && inFlight < opts.maxInFlight) {
      const group: PendingBet[] = [];
      const users = new Set<number>();
      for (let i = 0; i < queue.length && group.length < opts.maxGroup; ) {
        const p = queue[i] as PendingBet;
        if (users.has(p.bet.userId) || busy.has(p.bet.userId)) {
          i++;
          continue;
        }
        users.add(p.bet.userId);
        group.push(p);
        queue.splice(i, 1);
      }
      if (group.length === 0) return; // every queued bet waits behind its player's bet in flight
      for (const p of group) busy.add(p.bet.userId);
      inFlight++;
      const started = performance.now();
      void send(group)
        .catch((err: unknown) => group.map((p) => () => p.reject(err)))
        .then((settle) => {
          opts.onGroup?.(group.length, (performance.now() - started) / 1000);
          for (const p of group) busy.delete(p.bet.userId);
          inFlight--;
          for (const f of settle) f();
          kick();
        });
    }
  };

  /** One bet alone, as the single statement; answers how to settle its caller. */
  const alone = (p: PendingBet): Promise<() => void> =>
    applyBet(notifier, run, p.bet).then(
      (v) => () => p.resolve(v),
      (err) => () => p.reject(err),
    );

  /** Runs a group; answers, per bet, how to settle its caller (done once the books are updated). */
  const send = async (group: PendingBet[]): Promise<Array<() => void>> => {
    if (group.length === 1) return [await alone(group[0] as PendingBet)];
    let results: GroupedBetResult[];
    try {
      results = await applyBetGroup(
        run,
        group.map((p) => p.bet),
      );
    } catch (err) {
      if (!rolledBack(err)) return group.map((p) => () => p.reject(err));
      return Promise.all(group.map(alone));
    }
    return group.map((p, k) => {
      const r = results[k] as GroupedBetResult;
      if ('refused' in r) return () => p.reject(refusalError(r.refused));
      return () => {
        notifier.walletChanged(p.bet.userId, -p.bet.stake, 0);
        if (p.bet.payout > 0) notifier.walletChanged(p.bet.userId, p.bet.payout, p.bet.winNotifyDelayMs ?? 0);
        p.resolve(r);
      };
    });
  };

  return (bet) =>
    new Promise((resolve, reject) => {
      try {
        checkAmounts(bet);
      } catch (err) {
        return reject(err);
      }
      queue.push({ bet, resolve, reject });
      kick();
    });
}
