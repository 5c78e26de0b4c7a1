import { describe, expect, it } from 'vitest';
import { GIVEAWAY_MAX_MINUTES, giveawayCreateBody, giveawayText, giveawayWinnerIndex } from './giveaway.ts';

describe('giveaway draw', () => {
  it('the winner is the first 13 hex digits (52 bits) of the HMAC modulo the entries, 0-based', () => {
    const tail = 'f'.repeat(51);
    expect(giveawayWinnerIndex(`0000000000007${tail}`, 5)).toBe(2);
    expect(giveawayWinnerIndex(`0000000000007${tail}`, 7)).toBe(0);
    expect(giveawayWinnerIndex(`000000000000a${'0'.repeat(51)}`, 3)).toBe(1);
    // 2^52 − 1 = 4,503,599,627,370,495
    expect(giveawayWinnerIndex(`fffffffffffff${tail}`, 10)).toBe(5);
    expect(giveawayWinnerIndex(`fffffffffffff${tail}`, 1)).toBe(0);
  });
});

describe('giveaway/create', () => {
  it('a prize of at least 0.01 coins, 1 minute to 7 days, a minimum wager that defaults to 0', () => {
    expect(GIVEAWAY_MAX_MINUTES).toBe(10_080);
    expect(giveawayCreateBody.parse({ prize: '0.01', durationMinutes: '1' })).toEqual({
      prize: 0.01,
      durationMinutes: 1,
      minWager: 0,
    });
    expect(giveawayCreateBody.parse({ prize: 5, durationMinutes: 10_080, minWager: '2.50' }).minWager).toBe(
      2.5,
    );
    for (const bad of [
      { prize: 0, durationMinutes: 5 },
      { prize: 5, durationMinutes: 0 },
      { prize: 5, durationMinutes: 10_081 },
      { prize: 5, durationMinutes: 1.5 },
      { prize: 5, durationMinutes: 'soon' },
    ])
      expect(giveawayCreateBody.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('texts show coins', () => {
    expect(giveawayText.wagerRequired(2500)).toBe(
      'You need to have wagered 25.00 coins in the last 7 days to join this giveaway.',
    );
    expect(giveawayText.won('ann', 1000)).toBe('ann won the giveaway of 10.00 coins!');
  });
});
