import { describe, expect, it } from 'vitest';
import { addBets, emptyStats, profitLine, readStats, SERIES_CAP, totalsOf } from './live-stats-store.ts';

describe('live stats figures', () => {
  const bets = [
    { id: '1', game: 'dice', stake: 100, payout: 198 },
    { id: '2', game: 'dice', stake: 100, payout: 0 },
    { id: 'crash-7', game: 'crash', stake: 500, payout: 1500 },
  ];
  it('per game and all: bets, wins, losses, wagered, profit, best win; a bet heard twice counts once', () => {
    let d = addBets(emptyStats(0), bets);
    d = addBets(d, [bets[0] as (typeof bets)[number]]);
    expect(totalsOf(d, 'dice')).toEqual({ bets: 2, wins: 1, losses: 1, wagered: 200, profit: -2, best: 98 });
    expect(totalsOf(d, '')).toEqual({ bets: 3, wins: 2, losses: 1, wagered: 700, profit: 998, best: 1000 });
    expect(totalsOf(d, 'limbo').bets).toBe(0);
    expect(profitLine(d, '')).toEqual([0, 98, -2, 998]);
    expect(profitLine(d, 'dice')).toEqual([0, 98, -2]);
  });
  it('the chart keeps the latest bets; the figures keep counting', () => {
    const many = Array.from({ length: SERIES_CAP + 10 }, (_, i) => ({
      id: `b${i}`,
      game: 'dice',
      stake: 1,
      payout: 0,
    }));
    const d = addBets(emptyStats(0), many);
    expect(d.series).toHaveLength(SERIES_CAP);
    expect(totalsOf(d, 'dice').bets).toBe(SERIES_CAP + 10);
  });
  it('a broken stored value reads as empty', () => {
    expect(readStats('{oops', 5).since).toBe(5);
    expect(readStats(JSON.stringify({ totals: 3 }), 5).series).toEqual([]);
    const d = addBets(emptyStats(1), bets);
    expect(readStats(JSON.stringify(d), 9)).toEqual(d);
  });
});
