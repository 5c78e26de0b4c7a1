import { edgeBasisPoints } from '@coinsite/shared/fairness';
import { type RawBuilder, sql } from 'kysely';
import { type BetHook, betHooks, type HookBet } from '../games/engine/bet-engine.ts';
import type { Config } from '../platform/config.ts';
import type { Unit } from '../platform/tx.ts';
import { UNITS_PER_CENT } from './rewards/rewards-account.ts';

/**
 * What every bet owes the rewards: rakeback for the player and the affiliate's cut, both a share of
 * the bet's rake (rake = stake × the game's house edge, economy.md). Single-player games reach this
 * through the bet engine's hooks; round games (crash, roulette, battles, coinflip, cases) call
 * onWager themselves inside the transaction that takes the stake.
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
 * the same everywhere). `wagerAfter` is the wager including this stake. Null when the stake owes no rake.
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
    WHERE user_id = ${userId}`;
}

/** The wager statement run inside a transaction that has already taken the stake. */
export async function onWager(unit: Unit, wager: Wager): Promise<void> {
  await wagerStatement(wager, sql<number>`(SELECT wager FROM users WHERE id = ${wager.userId})`)?.execute(
    unit.tx,
  );
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
}
