import { CASE_TICKETS } from '@coinsite/shared/fairness';
import type { Rarity } from '@coinsite/shared';

/**
 * Loot-table arithmetic for the seeded catalogue and the admin checks: the expected value and RTP
 * of a table, and a ticket allocation that hits a target expected value. Pure, integer cents.
 */
export interface PricedRange {
  price: number;
  ticketsStart: number;
  ticketsEnd: number;
}

/** Expected value of one open, in cents (exact as a fraction; returned as a float of cents). */
export function expectedValueCents(items: readonly PricedRange[]): number {
  let sum = 0;
  for (const it of items) sum += it.price * (it.ticketsEnd - it.ticketsStart + 1);
  return sum / CASE_TICKETS;
}

/** Return to player of a paid case: expected value / price. */
export function caseRtp(items: readonly PricedRange[], priceCents: number): number {
  return expectedValueCents(items) / priceCents;
}

/**
 * Tickets per item (summing to 100000, each ≥ 1) so that the expected value is about `targetCents`.
 * Cheaper items get more tickets: weight = (price / cheapest)^(−α), α found by bisection; then the
 * counts are made whole and nudged between the two cheapest items. Throws when the target is out of
 * reach (not between the cheapest and the average price).
 */
export function allocateTickets(prices: readonly number[], targetCents: number): number[] {
  const n = prices.length;
  if (n < 2) throw new Error('a table needs at least two items to aim at a value');
  const order = prices.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const sorted = order.map((o) => o.p);
  const min = sorted[0] ?? 1;
  const ev = (alpha: number) => {
    const w = sorted.map((p) => (p / min) ** -alpha);
    const total = w.reduce((a, b) => a + b, 0);
    return sorted.reduce((acc, p, k) => acc + (p * (w[k] ?? 0)) / total, 0);
  };
  if (!(targetCents > min && targetCents < ev(0)))
    throw new Error(`target ${targetCents} is outside ${min}..${ev(0).toFixed(0)}`);
  let lo = 0;
  let hi = 20;
  for (let k = 0; k < 80; k++) {
    const mid = (lo + hi) / 2;
    if (ev(mid) > targetCents) lo = mid;
    else hi = mid;
  }
  const w = sorted.map((p) => (p / min) ** -lo);
  const total = w.reduce((a, b) => a + b, 0);
  const tickets = w.map((x) => Math.max(1, Math.floor((x / total) * CASE_TICKETS)));
  tickets[0] = (tickets[0] ?? 0) + CASE_TICKETS - tickets.reduce((a, b) => a + b, 0);
  // nudge tickets between the two cheapest items to land within half a step of the target
  const p0 = sorted[0] ?? 0;
  const p1 = sorted[1] ?? 0;
  const current = sorted.reduce((acc, p, k) => acc + p * (tickets[k] ?? 0), 0);
  if (p1 > p0) {
    const move = Math.round((targetCents * CASE_TICKETS - current) / (p1 - p0));
    const t0 = (tickets[0] ?? 0) - move;
    const t1 = (tickets[1] ?? 0) + move;
    if (t0 >= 1 && t1 >= 1) {
      tickets[0] = t0;
      tickets[1] = t1;
    }
  }
  const out = new Array<number>(n).fill(0);
  order.forEach((o, k) => {
    out[o.i] = tickets[k] ?? 0;
  });
  return out;
}

/** Consecutive inclusive ranges from 1, in the given order. */
export function toRanges(counts: readonly number[]): Array<{ ticketsStart: number; ticketsEnd: number }> {
  let next = 1;
  return counts.map((c) => {
    const r = { ticketsStart: next, ticketsEnd: next + c - 1 };
    next += c;
    return r;
  });
}

/** Rarity by how an item compares with what the case costs (the top item is at least red). */
export function rarityFor(priceCents: number, casePriceCents: number, isTop: boolean): Rarity {
  const r = priceCents / casePriceCents;
  const byRatio: Rarity = r < 0.6 ? 'grey' : r < 1.5 ? 'blue' : r < 4 ? 'purple' : r < 15 ? 'red' : 'gold';
  return isTop && (byRatio === 'grey' || byRatio === 'blue' || byRatio === 'purple') ? 'red' : byRatio;
}
