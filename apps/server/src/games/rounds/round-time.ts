import { type RawBuilder, sql } from 'kysely';
import { type Clock, systemClock } from '../../platform/clock.ts';

/**
 * "Now" inside SQL. With the system clock it is the database's now(): the transaction's time on
 * the one database every node shares, so whether a bet or a cash-out counts never depends on the
 * node that took it. An injected clock (tests) stands in for it, so a fake-clock test and its SQL
 * share one timeline. Build it once per transaction: now() is fixed for a transaction and so is this.
 */
export function sqlNow(clock: Clock): RawBuilder<Date> {
  if (clock === systemClock) return sql<Date>`now()`;
  return sql<Date>`to_timestamp(${clock.now() / 1000}::float8)`;
}

/** Milliseconds from `column` (a timestamptz) to `now`, as a float. */
export function msSince(now: RawBuilder<Date>, column: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`(extract(epoch from (${now} - ${column})) * 1000)::float8`;
}

/**
 * "Now" for an action the server received at `receivedAt` (clock milliseconds): the transaction's
 * now() less the time the action has waited since (Redis, the pool), so a wait never makes it later.
 * An injected clock (tests) gives the receive time itself. Build it once per transaction.
 */
export function sqlReceivedAt(clock: Clock, receivedAt: number): RawBuilder<Date> {
  if (clock !== systemClock) return sql<Date>`to_timestamp(${receivedAt / 1000}::float8)`;
  const waited = Math.max(0, clock.now() - receivedAt);
  return sql<Date>`(now() - ${waited}::float8 * interval '1 millisecond')`;
}
