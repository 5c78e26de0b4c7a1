import { RARITIES } from '@coinsite/shared';
import { validateTicketRanges } from '@coinsite/shared/fairness';
import { describe, expect, it } from 'vitest';
import { caseSvg, itemSvg, parseCaseArt, parseItemArt } from './case-art.ts';
import { PAID_CASE_RTP, seedCatalogue } from './case-catalogue.ts';
import { allocateTickets, caseRtp, expectedValueCents, toRanges } from './case-tables.ts';

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
