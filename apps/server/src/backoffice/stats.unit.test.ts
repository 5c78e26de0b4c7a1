import { rtpBand } from '@coinsite/shared';
import { describe, expect, it } from 'vitest';
import { figuresOf, kindSums, theoreticalRtp, windowOf } from './stats.figures.ts';
import type { Ctx } from '../platform/context.ts';
import { feature } from './backoffice.module.ts';

describe('back office figures', () => {
  it('turns ledger kinds into wagered, paid, GGR, bonus cost and NGR', () => {
    const f = figuresOf(
      kindSums([
        { kind: 'bet', amount: -10_000, entries: 10 },
        { kind: 'bet_refund', amount: 1_000, entries: 1 },
        { kind: 'win', amount: 8_000, entries: 4 },
        { kind: 'rain', amount: 500, entries: 5 },
        { kind: 'rain_tip', amount: -200, entries: 2 },
        { kind: 'rakeback', amount: 90, entries: 1 },
        { kind: 'admin', amount: 7_777, entries: 1 },
        { kind: 'deposit', amount: 50_000, entries: 2 },
        { kind: 'withdraw', amount: -3_000, entries: 1 },
        { kind: 'withdraw_refund', amount: 1_000, entries: 1 },
      ]),
    );
    expect(f.wagered).toBe(9_000);
    expect(f.paid).toBe(8_000);
    expect(f.ggr).toBe(1_000);
    expect(f.bets).toBe(9);
    expect(f.bonusByKind.rain).toBe(300); // the house's part of the pot only
    expect(f.bonusCost).toBe(390); // admin credits apart
    expect(f.adminCredits).toBe(7_777);
    expect(f.ngr).toBe(610);
    expect(f.withdrawalsRequested - f.withdrawalsRefunded).toBe(2_000);
    expect(Object.is(figuresOf(kindSums([])).wagered, 0)).toBe(true); // never -0
  });

  it('gives the designed RTP from the game edges', () => {
    expect(theoreticalRtp('crash')).toBe(93);
    expect(theoreticalRtp('upgrader')).toBe(90);
    expect(theoreticalRtp('slots:vs20doghouse')).toBeCloseTo(96.07);
    expect(theoreticalRtp('other')).toBeNull();
  });

  it('narrows the ±3σ band as bets accumulate and widens it for high multipliers', () => {
    const band = (n: number, paidSq = 0) =>
      rtpBand({ theoreticalRtp: 99, wagered: n * 100, stakeSq: n * 100 * 100, paidSq, unitVariance: 1 });
    const small = band(100);
    const large = band(1_000_000);
    expect(small.high - small.low).toBeCloseTo(60, 0); // 3σ = 3·√(1/100) = 30 %
    expect(large.high - large.low).toBeCloseTo(0.6, 1);
    // bets at 1000×: the observed second moment takes over
    expect(band(10_000, 10_000 * 0.001 * 100_000 ** 2).high).toBeGreaterThan(band(10_000).high + 50);
  });

  it('reads windows in UTC days or hours', () => {
    const now = new Date('2026-11-26T17:30:00Z');
    expect(windowOf({ days: 7 }, now)).toEqual({
      from: new Date('2026-11-20T00:00:00Z'),
      to: new Date('2026-11-27T00:00:00Z'),
      granularity: 'day',
    });
    expect(windowOf({ hours: 24 }, now).from).toEqual(new Date('2026-11-25T18:00:00Z'));
    expect(windowOf({ from: '2026-11-01', to: '2026-11-01' }, now).granularity).toBe('hour');
  });
});

describe('BACKOFFICE_ROLLUP', () => {
  it('off: the feature gives the leader no back-office loop; on: it asks for the one its routes made', () => {
    const ctx = (on: boolean) => ({ config: { BACKOFFICE_ROLLUP: on } }) as unknown as Ctx;
    expect(feature.leader?.(ctx(false))).toEqual({});
    expect(() => feature.leader?.(ctx(true))).toThrow('the leader task "backoffice" was not made');
  });
});
