import { type RawBuilder, sql } from 'kysely';
import type { GroupedBetHook, HookBet } from '../games/engine/bet-engine.ts';

/**
 * The race's share of the bet hooks (economy.md "Race": entry value = wager during the race).
 *
 * Single-player stakes (dice, limbo, mines, cases, upgrader) settle in the bet engine's one statement:
 * raceEntryStatement folds one upsert into it, adding the stake to the bettor's (race, user) row of
 * the running race, found by the partial unique index on the one active race, and only when the bet
 * went through (it reads `u`, the bettor's updated row) and was taken before the race's end. Bets
 * settled together in one group statement share one upsert instead (raceEntryGroup).
 *
 * Refundable games (coinflip, battles, crash, roulette) count a stake when it settles, exactly where
 * their rake accrues (wager-hooks.ts accrueSettled): each newly accrued stake (once per stake key,
 * never a refunded one) is queued in race_pending for the race running then. The leader folds the
 * queue into race_entries (race.service.ts foldPending) and counts what is still queued at the
 * payout, so a settlement never takes a race_entries row lock (which a bet holding the same
 * player's user_rewards row could be waiting behind).
 */
export const raceEntryStatement = (bet: HookBet): RawBuilder<unknown> | null => {
  if (!Number.isSafeInteger(bet.stake) || bet.stake <= 0) return null;
  const beforeEnd = bet.at === undefined ? sql`` : sql`AND r.ends_at > ${bet.at}::bigint`;
  return sql`
    INSERT INTO race_entries (race_id, user_id, value)
    SELECT r.id, ${bet.userId}::bigint, ${bet.stake}::bigint FROM races r
    WHERE r.status = 'active' ${beforeEnd} AND EXISTS (SELECT 1 FROM u)
    ON CONFLICT (race_id, user_id) DO UPDATE SET value = race_entries.value + EXCLUDED.value`;
};

/** raceEntryStatement for a group of bets (wallet.ts applyBetGroup): one upsert for all of them. */
export const raceEntryGroup: GroupedBetHook = {
  columns: [
    ['user_id', 'bigint'],
    ['stake', 'bigint'],
    ['at', 'bigint'],
  ],
  row: (bet) =>
    Number.isSafeInteger(bet.stake) && bet.stake > 0 ? [bet.userId, bet.stake, bet.at ?? null] : null,
  statement: (placed) => sql`
    INSERT INTO race_entries (race_id, user_id, value)
    SELECT r.id, p.user_id, p.stake FROM ${placed} p, races r
    WHERE r.status = 'active' AND (p.at IS NULL OR r.ends_at > p.at)
    ON CONFLICT (race_id, user_id) DO UPDATE SET value = race_entries.value + EXCLUDED.value`,
};

/** The name accrueSettled gives the queueing statement among its CTEs. */
export const RACE_PENDING_CTE = 'race_q';

/**
 * Queues settled stakes for the running race. `accrued` is a row source with stake_key, user_id and
 * stake: the stakes accrueSettled has just accrued (already-accrued ones are not in it).
 */
export function racePendingStatement(accrued: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    INSERT INTO race_pending (stake_key, race_id, user_id, stake)
    SELECT q.stake_key, r.id, q.user_id, q.stake FROM ${accrued} q, races r
    WHERE r.status = 'active' AND q.stake > 0
    ON CONFLICT (stake_key) DO NOTHING`;
}
