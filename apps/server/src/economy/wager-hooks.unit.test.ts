import { vipLevels } from '@coinsite/shared/vip';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config.ts';
import { UNITS_PER_CENT, unitsToCents } from './rewards/rewards-account.ts';
import { DEFAULT_EDGE_BP, gameEdgeBp, rakeUnits, registerWagerHooks } from './wager-hooks.ts';

describe('wager hooks', () => {
  it('knows each game house edge and takes dice, limbo and mines from the config', () => {
    expect(gameEdgeBp('upgrader')).toBe(1000);
    expect(gameEdgeBp('crash')).toBe(700);
    expect(gameEdgeBp('roulette')).toBe(667);
    expect(gameEdgeBp('coinflip')).toBe(500);
    expect(gameEdgeBp('cases')).toBe(500);
    expect(gameEdgeBp('battles')).toBe(500);
    expect(gameEdgeBp('slots')).toBe(393); // 100 % − the sandbox slot's 96.07 % return
    expect(gameEdgeBp('blackjack')).toBe(50); // basic strategy's 0.49 % loss (npm run sim:blackjack)
    expect(gameEdgeBp('a-game-not-listed')).toBe(DEFAULT_EDGE_BP);
    expect(DEFAULT_EDGE_BP).toBe(500);
    registerWagerHooks(loadConfig({ DICE_EDGE_PCT: '2.5', LIMBO_EDGE_PCT: '3', MINES_EDGE_PCT: '0.5' }));
    expect(gameEdgeBp('dice')).toBe(250);
    expect(gameEdgeBp('limbo')).toBe(300);
    expect(gameEdgeBp('mines')).toBe(50);
  });

  it('keeps the rake of the smallest bet exact in 1/10,000 cent', () => {
    expect(rakeUnits(1, 100)).toBe(100); // 0.01 at 1 %: 0.0001 coins
    expect(rakeUnits(10_000, 100)).toBe(UNITS_PER_CENT * 100); // 100.00 at 1 %: 1.00
    expect(rakeUnits(12_345, 667)).toBe(8_234_115); // 123.45 at 6.67 %: 0.8234115 coins, nothing rounded
    expect(rakeUnits(500, 0)).toBe(0);
    expect(unitsToCents(rakeUnits(10_000, 1000))).toBe(1_000); // 100.00 at 10 %: 10.00
    expect(unitsToCents(1_999_999)).toBe(199);
  });

  it('the level table stores whole hundredths of a percent', () => {
    for (const l of vipLevels()) {
      const bp = Math.round(l.rakebackPercentage * 100);
      expect(Math.abs(bp - l.rakebackPercentage * 100)).toBeLessThan(1e-6);
    }
  });
});
