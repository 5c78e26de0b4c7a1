import { describe, expect, it } from 'vitest';
import { BATTLE_MODE_INFO, BATTLE_MODES, modeOfGameType } from './battles.ts';
import { caseSaveBody } from './cases.ts';
import { adminSlotBody } from './slots.ts';
import { COINFLIP_HOUSE_CUT_PCT, coinflipPayout } from './coinflip.ts';

describe('coinflip payout', () => {
  it('the winner takes both stakes less 5 %, floored to the cent', () => {
    expect(COINFLIP_HOUSE_CUT_PCT).toBe(5);
    expect(coinflipPayout(100)).toBe(190);
    expect(coinflipPayout(1)).toBe(1);
    expect(coinflipPayout(333)).toBe(632); // 666 × 0.95 = 632.7
  });
});

describe('battle modes', () => {
  it('gameType 1..4 is the dialog order; anything else reads as 1v1', () => {
    for (const mode of BATTLE_MODES) expect(modeOfGameType(BATTLE_MODE_INFO[mode].gameType)).toBe(mode);
    expect([1, 2, 3, 4].map(modeOfGameType)).toEqual(['1v1', '1v1v1', '1v1v1v1', '2v2']);
    expect(modeOfGameType(0)).toBe('1v1');
    expect(modeOfGameType(5)).toBe('1v1');
  });
});

describe('admin bodies of the games', () => {
  it('a case item is worth at least 0.01', () => {
    const item = (price: number) => ({
      name: 'Knife',
      price,
      color: 'gold',
      ticketsStart: 1,
      ticketsEnd: 100_000,
    });
    const body = (price: number) => ({ slug: 'starter', name: 'Starter', price: 1, items: [item(price)] });
    expect(caseSaveBody.safeParse(body(0.01)).success).toBe(true);
    expect(caseSaveBody.safeParse(body(0)).success).toBe(false);
  });

  it('a slot change sets the status, the sort or both, never nothing', () => {
    expect(adminSlotBody.safeParse({ status: 0 }).success).toBe(true);
    expect(adminSlotBody.safeParse({ sort: '5' }).data).toEqual({ sort: 5 });
    expect(adminSlotBody.safeParse({ status: 1, sort: -3 }).success).toBe(true);
    expect(adminSlotBody.safeParse({}).success).toBe(false);
  });
});
