import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { u32At } from './bytes.ts';
import {
  CASE_TICKETS,
  caseTicket,
  itemForTicket,
  openCase,
  type TicketRange,
  ticketChancePct,
  validateTicketRanges,
} from './cases.ts';
import { SS1, SS2, SS3, seeds, standardError, u32sPickingBelow } from './vectors.fixture.ts';

/** The vector table of fairness.md §3, priced in cents for a case costing 10.00. */
const TABLE = [
  { name: 'Common', ticketsStart: 1, ticketsEnd: 80_000, price: 300 },
  { name: 'Rare', ticketsStart: 80_001, ticketsEnd: 95_000, price: 2_000 },
  { name: 'Epic', ticketsStart: 95_001, ticketsEnd: 99_500, price: 5_000 },
  { name: 'Knife', ticketsStart: 99_501, ticketsEnd: 100_000, price: 40_000 },
];
const CASE_PRICE = 1_000;

describe('case vectors (fairness.md §3)', () => {
  test.each([
    { name: 'SS1 n=57', s: seeds(SS1, 57), u32: 4287141404, ticket: 99818, item: 'Knife' },
    { name: 'SS2 n=22', s: seeds(SS2, 22), u32: 3976577205, ticket: 92587, item: 'Rare' },
    { name: 'SS3 n=48', s: seeds(SS3, 48), u32: 4178526695, ticket: 97289, item: 'Epic' },
  ])('$name', ({ s, u32, ticket, item }) => {
    expect(u32At(s, 0)).toBe(u32);
    const opened = openCase(s, TABLE);
    expect(opened.ticket).toBe(ticket);
    expect(opened.item.name).toBe(item);
  });
});

describe('loot tables', () => {
  test('the vector table is valid and its chances add up to 100%', () => {
    expect(validateTicketRanges(TABLE)).toBeNull();
    expect(TABLE.map(ticketChancePct)).toEqual([80, 15, 4.5, 0.5]);
  });

  test('every ticket of 1..100000 maps to the item whose range holds it', () => {
    const counts = new Map<string, number>();
    for (let ticket = 1; ticket <= CASE_TICKETS; ticket++) {
      const { name } = itemForTicket(TABLE, ticket);
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    expect(Object.fromEntries(counts)).toEqual({ Common: 80_000, Rare: 15_000, Epic: 4_500, Knife: 500 });
    expect(() => itemForTicket(TABLE, 0)).toThrow(RangeError);
    expect(() => itemForTicket(TABLE, CASE_TICKETS + 1)).toThrow(RangeError);
  });

  test('a ticket in a gap of a broken table throws instead of paying nothing', () => {
    const broken = [range(1, 500), range(502, 100_000)];
    expect(itemForTicket(broken, 502)).toBe(broken[1]);
    expect(() => itemForTicket(broken, 501)).toThrow(/no item holds ticket 501/);
  });

  test.each([
    { problem: 'no items', items: [], message: 'A case needs at least one item.' },
    {
      problem: 'a gap',
      items: [range(1, 500), range(502, 100_000)],
      message: 'Ticket 501 belongs to no item.',
    },
    {
      problem: 'an overlap',
      items: [range(1, 600, 'A'), range(500, 100_000, 'B')],
      message: 'Item "A" (1–600) and Item "B" (500–100000) overlap on tickets 500–600.',
    },
    {
      problem: 'a wider gap',
      items: [range(1, 500), range(511, 100_000)],
      message: 'Tickets 501–510 belong to no item.',
    },
    { problem: 'a missing start', items: [range(2, 100_000)], message: 'Ticket 1 belongs to no item.' },
    {
      problem: 'a short end',
      items: [range(1, 99_999)],
      message: 'Ticket 100000 belongs to no item.',
    },
    {
      problem: 'ticket 0',
      items: [range(0, 100_000, 'A')],
      message: 'Item "A" (0–100000) is outside 1–100000 or reversed.',
    },
    {
      problem: 'past 100000',
      items: [range(1, 100_001)],
      message: 'The item at 1–100001 is outside 1–100000 or reversed.',
    },
    { problem: 'a reversed range', items: [range(1, 100_000), range(9, 8)], message: /reversed/ },
    {
      problem: 'a fraction',
      items: [range(1, 50_000.5), range(50_001, 100_000)],
      message: 'The item at 1–50000.5 does not have whole-number tickets.',
    },
  ])('refuses $problem with a sentence', ({ items, message }) => {
    expect(validateTicketRanges(items)).toMatch(message);
    if (typeof message === 'string') expect(validateTicketRanges(items)).toBe(message);
  });
});

describe('case RTP', () => {
  test('exact over every u32: the table returns 96.5% of the case price', () => {
    let returned = 0n;
    for (const item of TABLE) {
      const wins =
        u32sPickingBelow(item.ticketsEnd, CASE_TICKETS) -
        u32sPickingBelow(item.ticketsStart - 1, CASE_TICKETS);
      returned += wins * BigInt(item.price);
    }
    expect(Number(returned) / 2 ** 32 / CASE_PRICE).toBeCloseTo(0.965, 6);
  });

  test('simulated with the real generator: 100k openings hit each item at its chance ± 4σ', () => {
    const n = 100_000;
    const hits = new Map<string, number>();
    let paid = 0;
    for (let nonce = 0; nonce < n; nonce++) {
      const { item } = openCase(seeds(SS3, nonce), TABLE);
      hits.set(item.name, (hits.get(item.name) ?? 0) + 1);
      paid += item.price;
    }
    for (const item of TABLE) {
      const p = ticketChancePct(item) / 100;
      expect(Math.abs((hits.get(item.name) ?? 0) / n - p)).toBeLessThan(4 * standardError(p, 1, n));
    }
    // Price spread: standard deviation ≈ 2.98 case prices, so ± 4σ is ± 0.038.
    expect(Math.abs(paid / (CASE_PRICE * n) - 0.965)).toBeLessThan(4 * (2.98 / Math.sqrt(n)));
  });
});

describe('case properties', () => {
  /** A valid table: 1..20 items cut at distinct points, listed in a shuffled order. */
  const validTable = fc
    .uniqueArray(fc.integer({ min: 1, max: CASE_TICKETS - 1 }), { maxLength: 19 })
    .chain((cuts) => {
      const ends = [...cuts.sort((a, b) => a - b), CASE_TICKETS];
      const items = ends.map((end, i) => range(i === 0 ? 1 : (ends[i - 1] ?? 0) + 1, end, `item ${i}`));
      return fc.shuffledSubarray(items, { minLength: items.length, maxLength: items.length });
    });

  test('in a valid table every ticket belongs to exactly one item', () => {
    fc.assert(
      fc.property(validTable, fc.integer({ min: 1, max: CASE_TICKETS }), (items, ticket) => {
        const holders = items.filter((it) => it.ticketsStart <= ticket && ticket <= it.ticketsEnd);
        return (
          validateTicketRanges(items) === null &&
          holders.length === 1 &&
          itemForTicket(items, ticket) === holders[0]
        );
      }),
    );
  });

  test('moving one boundary by a ticket makes the table invalid', () => {
    const broken = validTable.chain((items) =>
      fc.tuple(fc.constant(items), fc.nat(items.length - 1), fc.constantFrom(-1, 1), fc.boolean()),
    );
    fc.assert(
      fc.property(broken, ([items, index, shift, moveStart]) => {
        const changed = items.map((it, i) => {
          if (i !== index) return it;
          return moveStart
            ? { ...it, ticketsStart: it.ticketsStart + shift }
            : { ...it, ticketsEnd: it.ticketsEnd + shift };
        });
        return validateTicketRanges(changed) !== null;
      }),
    );
  });

  test('tickets drawn from any seeds are in 1..100000', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ maxLength: 64 }), fc.nat(), (server, client, nonce) => {
        const ticket = caseTicket({ serverSeed: server, clientSeed: client, nonce });
        return Number.isInteger(ticket) && ticket >= 1 && ticket <= CASE_TICKETS;
      }),
      { numRuns: 200 },
    );
  });
});

function range(ticketsStart: number, ticketsEnd: number, name?: string): TicketRange {
  return name === undefined ? { ticketsStart, ticketsEnd } : { ticketsStart, ticketsEnd, name };
}
