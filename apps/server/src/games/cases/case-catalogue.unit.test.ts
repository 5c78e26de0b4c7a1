import { RARITIES } from '@coinsite/shared';
import { validateTicketRanges } from '@coinsite/shared/fairness';
import { describe, expect, it } from 'vitest';
import { caseSvg, distinctVariants, itemSvg, nameVariant, parseCaseArt, parseItemArt } from './case-art.ts';
import { PAID_CASE_RTP, seedCatalogue } from './case-catalogue.ts';
import { allocateTickets, caseRtp, expectedValueCents, rarityFor, toRanges } from './case-tables.ts';

describe('the seeded catalogue', () => {
  const catalogue = seedCatalogue();
  const paid = catalogue.filter((c) => c.kind === 'paid');

  it('has about 20 paid cases of varied prices with unique slugs, plus the daily and level cases', () => {
    expect(paid.length).toBeGreaterThanOrEqual(18);
    expect(new Set(catalogue.map((c) => c.slug)).size).toBe(catalogue.length);
    const prices = paid.map((c) => c.price);
    expect(Math.min(...prices)).toBeLessThanOrEqual(100);
    expect(Math.max(...prices)).toBeGreaterThanOrEqual(25_000);
    expect(catalogue.filter((c) => c.kind === 'daily').map((c) => c.slug)).toEqual(['daily']);
    expect(catalogue.filter((c) => c.kind === 'level').map((c) => c.slug)).toEqual([
      'level-10',
      'level-20',
      'level-30',
      'level-40',
      'level-50',
    ]);
  });

  it.each(catalogue.map((c) => [c.slug, c] as const))('%s: tickets tile 1..100000, known colours', (_, c) => {
    expect(validateTicketRanges(c.items)).toBeNull();
    for (const it of c.items) {
      expect(RARITIES).toContain(it.color);
      expect(it.price).toBeGreaterThan(0);
      expect(parseItemArt(it.image.split('/').pop() ?? '')).not.toBeNull();
    }
    expect(parseCaseArt(c.image.split('/').pop() ?? '')).not.toBeNull();
  });

  it.each(paid.map((c) => [c.slug, c] as const))('%s: RTP from its table is 92%%', (_, c) => {
    const rtp = caseRtp(c.items, c.price);
    expect(Math.abs(rtp - PAID_CASE_RTP)).toBeLessThan(0.002);
  });

  it('the daily case gives about 0.10 a day on average', () => {
    const daily = catalogue.find((c) => c.slug === 'daily');
    expect(daily).toBeDefined();
    if (daily) expect(expectedValueCents(daily.items)).toBeCloseTo(10, 0);
  });
});

describe('ticket allocation', () => {
  it('hits the target value and sums to 100000', () => {
    const counts = allocateTickets([5, 50, 500, 5000], 100);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(100_000);
    expect(counts.every((c) => c >= 1)).toBe(true);
    const items = toRanges(counts).map((r, i) => ({ ...r, price: [5, 50, 500, 5000][i] ?? 0 }));
    expect(expectedValueCents(items)).toBeCloseTo(100, 1);
  });

  it('gives each price its own count whatever the order, cheaper items more, within half a nudge step', () => {
    const prices = [5000, 5, 500, 50];
    const counts = allocateTickets(prices, 100);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(100_000);
    // the cheapest (5) gets the most tickets, then 50, 500, 5000
    const [c5000 = 0, c5 = 0, c500 = 0, c50 = 0] = counts;
    expect(c5).toBeGreaterThan(c50);
    expect(c50).toBeGreaterThan(c500);
    expect(c500).toBeGreaterThan(c5000);
    expect(c5000).toBeGreaterThanOrEqual(1);
    // moving one ticket from 5 to 50 moves the total by 45 cent-tickets: the nudge lands within half of that
    const total = prices.reduce((acc, p, i) => acc + p * (counts[i] ?? 0), 0);
    expect(Math.abs(total - 100 * 100_000)).toBeLessThanOrEqual(45 / 2);
    // the same prices sorted give the same counts, permuted
    expect(allocateTickets([5, 50, 500, 5000], 100)).toEqual([c5, c50, c500, c5000]);
  });

  it('lands on the target where rounding the weights alone would miss it', () => {
    for (const target of [120, 333, 777]) {
      const prices = [10, 90, 1_000, 2_500];
      const counts = allocateTickets(prices, target);
      const total = prices.reduce((acc, p, i) => acc + p * (counts[i] ?? 0), 0);
      expect(Math.abs(total - target * 100_000)).toBeLessThanOrEqual(80 / 2);
    }
  });

  it('keeps at least one ticket per item even when the target hugs the cheapest price', () => {
    // the exact target would need 0.1 of a ticket on the 2.00 item: the nudge must not take its last one
    expect(allocateTickets([100, 200], 100.0001)).toEqual([99_999, 1]);
  });

  it('refuses a table of fewer than two items', () => {
    expect(() => allocateTickets([100], 100)).toThrow(/at least two items/);
  });

  it('rates items against the case price, the top item at least red', () => {
    expect(rarityFor(59, 100, false)).toBe('grey');
    expect(rarityFor(60, 100, false)).toBe('blue');
    expect(rarityFor(149, 100, false)).toBe('blue');
    expect(rarityFor(150, 100, false)).toBe('purple');
    expect(rarityFor(399, 100, false)).toBe('purple');
    expect(rarityFor(400, 100, false)).toBe('red');
    expect(rarityFor(1_499, 100, false)).toBe('red');
    expect(rarityFor(1_500, 100, false)).toBe('gold');
    expect(rarityFor(50, 100, true)).toBe('red');
    expect(rarityFor(200, 100, true)).toBe('red');
    expect(rarityFor(2_000, 100, true)).toBe('gold');
  });

  it('prices a table: expected value per open and its return against the case price', () => {
    const table = [
      { price: 100, ticketsStart: 1, ticketsEnd: 90_000 },
      { price: 1_000, ticketsStart: 90_001, ticketsEnd: 100_000 },
    ];
    expect(expectedValueCents(table)).toBe(190); // 0.9 × 100 + 0.1 × 1000
    expect(caseRtp(table, 200)).toBe(0.95);
    expect(toRanges([3, 1, 2])).toEqual([
      { ticketsStart: 1, ticketsEnd: 3 },
      { ticketsStart: 4, ticketsEnd: 4 },
      { ticketsStart: 5, ticketsEnd: 6 },
    ]);
  });

  it('refuses a target it cannot reach', () => {
    expect(() => allocateTickets([100, 200], 50)).toThrow();
    expect(() => allocateTickets([100, 200], 500)).toThrow();
  });
});

describe('art', () => {
  it('draws SVG for valid names only', () => {
    expect(parseItemArt('gold-crown.svg')).toEqual({ color: 'gold', glyph: 'crown' });
    expect(parseItemArt('pink-crown.svg')).toBeNull();
    expect(parseItemArt('gold-<script>.svg')).toBeNull();
    expect(parseCaseArt('ff0000-00ff00-gem.svg')).toEqual({ a: 'ff0000', b: '00ff00', glyph: 'gem' });
    expect(parseCaseArt('ff0000-00ff00-toString.svg')).toBeNull();
    expect(itemSvg('red', 'knife')).toMatch(/^<svg [^>]*>.*#BF4141/s);
    expect(caseSvg('ff0000', '00ff00', 'gem')).toContain('<svg');
  });
});

describe('item art (issue 14 item 8: no two items of a case look alike)', () => {
  it('gives every item of every seeded case its own picture and its own body colour', () => {
    for (const c of seedCatalogue()) {
      const images = c.items.map((it) => it.image);
      expect(new Set(images).size, c.slug).toBe(images.length);
      const arts = images.map((i) => parseItemArt(i.split('/').pop() ?? ''));
      expect(
        arts.every((a) => a?.variant !== undefined),
        c.slug,
      ).toBe(true);
      const hues = arts.map((a) => a?.variant?.hue);
      expect(new Set(hues).size, c.slug).toBe(Math.min(hues.length, 16));
    }
  });

  it('derives the look from the name, and keeps it distinct when names collide', () => {
    expect(nameVariant('Lucky Penny')).toEqual(nameVariant('lucky penny'));
    const same = distinctVariants([
      { name: 'Coin', glyph: 'coin' },
      { name: 'Coin', glyph: 'coin' },
      { name: 'Coin', glyph: 'coin' },
    ]);
    expect(new Set(same.map((v) => JSON.stringify(v))).size).toBe(3);
    const many = distinctVariants(Array.from({ length: 40 }, () => ({ name: 'x', glyph: 'gem' as const })));
    expect(new Set(many.map((v) => JSON.stringify(v))).size).toBe(40);
  });

  it('draws a variant path and refuses variants out of range', () => {
    expect(parseItemArt('gold-coin-0a0307.svg')).toEqual({
      color: 'gold',
      glyph: 'coin',
      variant: { hue: 10, backdrop: 3, emblem: 7 },
    });
    expect(parseItemArt('gold-coin-100000.svg')).toBeNull();
    expect(parseItemArt('gold-coin-000600.svg')).toBeNull();
    const a = itemSvg('blue', 'coin', { hue: 1, backdrop: 0, emblem: 0 });
    const b = itemSvg('blue', 'coin', { hue: 9, backdrop: 0, emblem: 0 });
    expect(a).toContain('#4159CF');
    expect(a).not.toBe(b);
  });
});
