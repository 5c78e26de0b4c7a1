import { describe, expect, it } from 'vitest';
import { newestPerGame } from './live-feed.ts';

describe('live feed frames', () => {
  it('keep the newest bets of each game, oldest first, so a busy game never crowds out another', () => {
    const bets = [
      ...Array.from({ length: 30 }, (_, i) => ({ game: 'dice', n: i })),
      { game: 'mines', n: 100 },
      ...Array.from({ length: 5 }, (_, i) => ({ game: 'dice', n: 30 + i })),
    ];
    const frame = newestPerGame(bets, 20);
    expect(frame.filter((b) => b.game === 'dice').map((b) => b.n)).toEqual(
      Array.from({ length: 20 }, (_, i) => 15 + i),
    );
    expect(frame.map((b) => b.n)).toEqual([
      ...Array.from({ length: 15 }, (_, i) => 15 + i),
      100,
      30,
      31,
      32,
      33,
      34,
    ]);
    expect(newestPerGame([], 20)).toEqual([]);
  });

  it('keep every bet, the oldest included, while a game is under its cap', () => {
    const bets = [
      { game: 'dice', n: 1 },
      { game: 'limbo', n: 2 },
      { game: 'dice', n: 3 },
    ];
    expect(newestPerGame(bets, 20)).toEqual(bets);
    expect(newestPerGame([{ game: 'crash', n: 9 }], 1)).toEqual([{ game: 'crash', n: 9 }]);
    // a cap of 2 drops only the oldest dice bet
    expect(newestPerGame([...bets, { game: 'dice', n: 4 }], 2).map((b) => b.n)).toEqual([2, 3, 4]);
  });
});
