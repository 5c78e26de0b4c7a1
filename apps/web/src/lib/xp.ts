/**
 * The one unit of level progress on every screen (issue 14 item 15): XP, one per 0.01 coins
 * wagered, so a level's threshold (economy.md wagerNeeded, in coins) reads the same on the profile,
 * in the VIP dialog and on the rewards page.
 */
export const XP_RULE = '1 XP = 0.01 coins wagered';

export const xpOfCoins = (coins: number): number => Math.round(coins * 100);

/** 8.39 coins → "839 XP" */
export const formatXp = (coins: number): string => `${xpOfCoins(coins).toLocaleString('en-US')} XP`;

/** 2.01 of 4.02 coins → "201 / 402 XP" */
export const formatXpOf = (coins: number, of: number): string =>
  `${xpOfCoins(coins).toLocaleString('en-US')} / ${formatXp(of)}`;
