import { edgeBasisPoints } from '@coinsite/shared/fairness';
import { type RawBuilder, sql } from 'kysely';
import {
  type BetHook,
  betHooks,
  type GroupedBetHook,
  groupedBetHooks,
  type HookBet,
} from '../games/engine/bet-engine.ts';
import type { Config } from '../platform/config.ts';
import {
  RACE_PENDING_CTE,
  raceEntryGroup,
  raceEntryStatement,
  racePendingStatement,
} from '../race/race-hooks.ts';
import type { Unit } from '../platform/tx.ts';
import { UNITS_PER_CENT } from './rewards/rewards-account.ts';

/**
 * What every bet owes the rewards: rakeback for the player and the affiliate's cut, both a share of
 * the bet's rake (rake = stake × the game's house edge, economy.md).
 *
 * Rule: rake accrues only on a stake that settles. Single-player games (dice, limbo, mines, cases,
 * upgrader) settle, or at least can never refund, the stake they take, so they accrue through the
 * bet engine's hooks in the bet's own statement (the hot path; nothing else is written). Games
 * whose stake waits for an outcome and can be refunded (coinflip, crash, roulette, battles) accrue
 * nothing when the stake is taken: they call accrueSettled in the transaction that settles it, which
 * also records each stake's accrual in rake_accruals (migration 0010), so ledger:check can prove that
 * no refunded stake kept any (platform/ledger.ts). A refund therefore has nothing to undo; it only
 * gives the stake back and takes it out of the wager.
 *
 * The weekly race's entry value follows the same rule (race/race-hooks.ts): the bet engine's statement
 * adds a single-player stake to race_entries; accrueSettled queues each newly accrued settled stake
 * in race_pending (never a refunded one), which the leader folds into race_entries.
 */
/** A stake as the rewards see it (the stake in cents): the bet engine's HookBet. */
export type Wager = HookBet;

/** Used for any game not listed below (slots and future games). */
export const DEFAULT_EDGE_BP = 500;

/**
 * House edges in basis points (100 = 1 %). Dice, limbo and mines come from DICE_/LIMBO_/MINES_EDGE_PCT
 * at boot. The others follow from each game's rules: upgrader pays 0.9 × price at chance
 * amount / price (10 %); crash 7 % (fairness.md); roulette 2× on 7 of 15 slots and 14× on 1 of 15
 * (1/15 ≈ 6.67 %); cases, battles and coinflip have no single formula, so a documented 5 %.
 */
const edges: Record<string, number> = {
  dice: 100,
  limbo: 100,
  mines: 100,
  upgrader: 1000,
  crash: 700,
  roulette: 667,
  cases: 500,
  battles: 500,
  coinflip: 500,
  // the sandbox slot's exact return is 96.07 % (packages/shared/src/fairness/slots.ts slotRtp)
  slots: 393,
  // basic strategy under the default rules loses 0.49 % of the initial stake (npm run sim:blackjack)
  blackjack: 50,
  // Plinko's tables return 98.90–99.00 %, the wheel's exactly 99 % (docs/decisions/originals-plinko-wheel.md)
  plinko: 100,
  wheel: 100,
  // Keno's tables return 98.90–99.00 % (docs/decisions/originals-keno-hilo.md); a Hilo guess pays
  // 0.99 ÷ its chance, so a game cashed after k guesses returns 0.99^k: 1 % is its one-guess edge
  keno: 100,
  hilo: 100,
};

export function gameEdgeBp(game: string): number {
  return edges[game] ?? DEFAULT_EDGE_BP;
}

/** Rake of a stake in accrual units (1/10,000 cent): stake × edge / 10,000 cents, kept exact. */
export function rakeUnits(stakeCents: number, edgeBp: number): number {
  return stakeCents * edgeBp;
}

/**
 * Accrues rakeback (rake × the rakeback percentage of the level the player's wager has reached,
 * read from vip_levels) and, when the player supports an affiliate, the affiliate's cut of the rake
 * (reward_settings.affiliate_cut_bp) on the player's own user_rewards row. One statement, and it
 * touches only the bettor's row: the affiliate's earnings are the sum over its referrals, so no row
 * is shared by many bettors (DESIGN.md §3). It runs after the stake was taken (the users row is
 * already locked by the same statement or transaction, so the lock order users → user_rewards is
 * the same everywhere). `wagerAfter` is the wager including this stake; NULL when the stake did not go
 * through (a refused bet of a group statement, platform/wallet.ts applyBetGroup): nothing accrues then.
 * Null when the stake owes no rake.
 */
export function wagerStatement(wager: Wager, wagerAfter: RawBuilder<number>): RawBuilder<unknown> | null {
  const { userId, stake } = wager;
  if (!Number.isSafeInteger(stake) || stake <= 0) return null;
  const rake = rakeUnits(stake, gameEdgeBp(wager.game));
  if (rake <= 0) return null;
  // every user has the row (a trigger creates it with the account, migration 0009)
  return sql`
    UPDATE user_rewards SET
      rakeback_units = rakeback_units + ${rake}::bigint * COALESCE((
        SELECT rakeback_bp FROM vip_levels
        WHERE wager_needed <= ${wagerAfter}
        ORDER BY wager_needed DESC, level DESC LIMIT 1
      ), 0) / ${UNITS_PER_CENT},
      referral_units = referral_units + CASE
        WHEN referrer_id IS NULL THEN 0
        ELSE ${rake}::bigint * (SELECT affiliate_cut_bp FROM reward_settings) / 10000 END,
      referral_wager = referral_wager + CASE
        WHEN referrer_id IS NULL THEN 0 ELSE ${stake}::bigint END
    WHERE user_id = ${userId} AND ${wagerAfter} IS NOT NULL`;
}

/** wagerStatement for a group of bets (wallet.ts applyBetGroup): one UPDATE, the same sums per bettor. */
export const wagerGroup: GroupedBetHook = {
  columns: [
    ['user_id', 'bigint'],
    ['rake', 'bigint'],
    ['stake', 'bigint'],
  ],
  row: (wager) => {
    if (!Number.isSafeInteger(wager.stake) || wager.stake <= 0) return null;
    const rake = rakeUnits(wager.stake, gameEdgeBp(wager.game));
    return rake > 0 ? [wager.userId, rake, wager.stake] : null;
  },
  statement: (placed) => sql`
    UPDATE user_rewards ur SET
      rakeback_units = ur.rakeback_units + p.rake * COALESCE((
        SELECT rakeback_bp FROM vip_levels
        WHERE wager_needed <= p.wager_after
        ORDER BY wager_needed DESC, level DESC LIMIT 1
      ), 0) / ${UNITS_PER_CENT},
      referral_units = ur.referral_units + CASE
        WHEN ur.referrer_id IS NULL THEN 0
        ELSE p.rake * (SELECT affiliate_cut_bp FROM reward_settings) / 10000 END,
      referral_wager = ur.referral_wager + CASE
        WHEN ur.referrer_id IS NULL THEN 0 ELSE p.stake END
    FROM ${placed} p
    WHERE ur.user_id = p.user_id`,
};

/** The wager statement run inside a transaction that has already taken the stake (tests, tools). */
export async function onWager(unit: Unit, wager: Wager): Promise<void> {
  await wagerStatement(wager, sql<number>`(SELECT wager FROM users WHERE id = ${wager.userId})`)?.execute(
    unit.tx,
  );
}

/** A stake that has settled, as the rake accrual records it. */
export interface SettledStake {
  userId: number;
  /** cents */
  stake: number;
  /** The ledger idempotency key of the stake. */
  stakeKey: string;
  /** The ledger key a refund of this stake is written with (ledger:check looks for it). */
  refundKey: string;
}

/** A row source for accrueSettled: SELECT … AS stake_key, … AS refund_key, … AS user_id, … AS stake. */
export type StakeSource = RawBuilder<unknown>;

/** Settled stakes given one by one, as a row source. */
export function stakeList(stakes: SettledStake[]): StakeSource | null {
  if (stakes.length === 0) return null;
  const rows = stakes.map(
    (s) => sql`(${s.stakeKey}::text, ${s.refundKey}::text, ${s.userId}::bigint, ${s.stake}::bigint)`,
  );
  return sql`SELECT * FROM (VALUES ${sql.join(rows)}) AS v(stake_key, refund_key, user_id, stake)`;
}

/**
 * Accrues the rake of settled stakes of one game, inside the transaction that settles them: each
 * stake's rakeback (rake × the rakeback percentage of the level the player's wager has reached) and,
 * when the player supports an affiliate, the affiliate's cut and the referral wager, exactly as the
 * bet engine's hook would have at the stake, plus one rake_accruals row per stake with what it added.
 * A stake already accrued is skipped (its key is the row's primary key), so a retried or repeated
 * settlement cannot accrue twice. Two statements: first the bettors' user_rewards rows are locked in
 * user id order (settlements of several players never deadlock each other), then one statement
 * inserts the accrual rows and adds them up per player. Call it after the settlement's own wallet
 * credits, so the lock order users → user_rewards holds.
 */
export async function accrueSettled(unit: Unit, game: string, stakes: StakeSource | null): Promise<void> {
  if (!stakes) return;
  const edge = gameEdgeBp(game);
  if (edge <= 0) return;
  await sql`
    SELECT user_id FROM user_rewards
    WHERE user_id IN (SELECT user_id FROM (${stakes}) AS s)
    ORDER BY user_id FOR UPDATE`.execute(unit.tx);
  await sql`
    WITH s AS (${stakes}),
    a AS (
      INSERT INTO rake_accruals
        (stake_key, refund_key, user_id, game, stake, rakeback_units, referral_units, referral_wager)
      SELECT s.stake_key, s.refund_key, s.user_id, ${game}, s.stake,
        s.stake * ${edge}::bigint * COALESCE((
          SELECT v.rakeback_bp FROM vip_levels v
          WHERE v.wager_needed <= u.wager
          ORDER BY v.wager_needed DESC, v.level DESC LIMIT 1
        ), 0) / ${UNITS_PER_CENT},
        CASE WHEN r.referrer_id IS NULL THEN 0
          ELSE s.stake * ${edge}::bigint * (SELECT affiliate_cut_bp FROM reward_settings) / 10000 END,
        CASE WHEN r.referrer_id IS NULL THEN 0 ELSE s.stake END
      FROM s
      JOIN users u ON u.id = s.user_id
      JOIN user_rewards r ON r.user_id = s.user_id
      WHERE s.stake > 0
      ON CONFLICT (stake_key) DO NOTHING
      RETURNING stake_key, user_id, stake, rakeback_units, referral_units, referral_wager
    ), ${sql.raw(RACE_PENDING_CTE)} AS (${racePendingStatement(sql`a`)}),
    t AS (
      SELECT user_id, SUM(rakeback_units)::bigint AS rb, SUM(referral_units)::bigint AS ru,
             SUM(referral_wager)::bigint AS rw
      FROM a GROUP BY user_id
    )
    UPDATE user_rewards ur SET
      rakeback_units = ur.rakeback_units + t.rb,
      referral_units = ur.referral_units + t.ru,
      referral_wager = ur.referral_wager + t.rw
    FROM t WHERE ur.user_id = t.user_id`.execute(unit.tx);
}

const betHook: BetHook = (bet, wagerAfter) => wagerStatement(bet, wagerAfter);

/**
 * Takes the configured edges of dice, limbo and mines and registers onWager into the bet engine's
 * hooks (once per process: the hook list is module state, and tests start several servers).
 */
export function registerWagerHooks(config: Config): void {
  edges.dice = edgeBasisPoints(config.DICE_EDGE_PCT);
  edges.limbo = edgeBasisPoints(config.LIMBO_EDGE_PCT);
  edges.mines = edgeBasisPoints(config.MINES_EDGE_PCT);
  if (!betHooks.includes(betHook)) betHooks.push(betHook);
  if (!betHooks.includes(raceEntryStatement)) betHooks.push(raceEntryStatement);
  groupedBetHooks.set(betHook, wagerGroup);
  groupedBetHooks.set(raceEntryStatement, raceEntryGroup);
}
