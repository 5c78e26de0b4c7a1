/**
 * Case opening, the daily case and battle drops (fairness.md §2). Items own inclusive ticket
 * ranges that cover 1..100000 exactly; the ticket's range names the item won.
 */
import { pickAt, type Seeds } from './bytes.ts';
import { assertIntegerIn } from './integer.ts';

export const CASE_TICKETS = 100_000;

export interface TicketRange {
  ticketsStart: number;
  ticketsEnd: number;
  name?: string;
}

/** pick(k, 100000) + 1 → 1..100000 (k = 0 for a case opening; the seat index in battles). */
export function caseTicket(seeds: Seeds, k = 0): number {
  return pickAt(seeds, k, CASE_TICKETS) + 1;
}

/** The item whose range holds the ticket. Throws when none does: tables are validated on save. */
export function itemForTicket<T extends TicketRange>(items: readonly T[], ticket: number): T {
  assertIntegerIn(ticket, 1, CASE_TICKETS, 'case ticket');
  const item = items.find((it) => it.ticketsStart <= ticket && ticket <= it.ticketsEnd);
  if (!item) throw new RangeError(`no item holds ticket ${ticket}; the table is invalid`);
  return item;
}

export function openCase<T extends TicketRange>(
  seeds: Seeds,
  items: readonly T[],
): { ticket: number; item: T } {
  const ticket = caseTicket(seeds);
  return { ticket, item: itemForTicket(items, ticket) };
}

/** Chance shown for an item, in percent: (end − start + 1) / 1000. */
export function ticketChancePct(item: TicketRange): number {
  return (item.ticketsEnd - item.ticketsStart + 1) / 1000;
}

/** The first problem of a loot table as a sentence, or null when the ranges tile 1..100000 exactly. */
export function validateTicketRanges(items: readonly TicketRange[]): string | null {
  if (items.length === 0) return 'A case needs at least one item.';
  for (const item of items) {
    const { ticketsStart: start, ticketsEnd: end } = item;
    if (!Number.isInteger(start) || !Number.isInteger(end)) {
      return `${label(item)} does not have whole-number tickets.`;
    }
    if (start < 1 || end > CASE_TICKETS || start > end) {
      return `${label(item)} is outside 1–${CASE_TICKETS} or reversed.`;
    }
  }
  const sorted = [...items].sort((a, b) => a.ticketsStart - b.ticketsStart);
  let covered = 0; // every ticket in 1..covered belongs to exactly one item so far
  let previous: TicketRange | undefined;
  for (const item of sorted) {
    if (item.ticketsStart > covered + 1) {
      return unassigned(covered + 1, item.ticketsStart - 1);
    }
    if (previous && item.ticketsStart <= covered) {
      return `${label(previous)} and ${label(item)} overlap on tickets ${item.ticketsStart}–${Math.min(covered, item.ticketsEnd)}.`;
    }
    covered = item.ticketsEnd;
    previous = item;
  }
  if (covered < CASE_TICKETS) return unassigned(covered + 1, CASE_TICKETS);
  return null;
}

function unassigned(first: number, last: number): string {
  return first === last
    ? `Ticket ${first} belongs to no item.`
    : `Tickets ${first}–${last} belong to no item.`;
}

function label(item: TicketRange): string {
  const tickets = `${item.ticketsStart}–${item.ticketsEnd}`;
  return item.name ? `Item "${item.name}" (${tickets})` : `The item at ${tickets}`;
}
