/**
 * How a rain's pot is paid at its close (spec: rain): split equally among the joiners in whole
 * cents, the remainder rolled into the next rain. When nobody joined, the player-funded part (tips
 * and what was carried from earlier rains) rolls over and the house base does not. Pure: the
 * closing transaction (rain.service.ts `closeRain`) pays and records what this returns.
 */
export interface RainPot {
  /** The house's base pot (cents). */
  base: number;
  /** Cents carried from earlier rains. */
  carried: number;
  /** Cents players tipped into this rain. */
  tips: number;
}

export interface RainSplit {
  /** What each joiner gets (cents; 0 when nobody joined or the pot is smaller than the joiners). */
  share: number;
  /** What the next rain starts with as `carried` (cents). */
  remainder: number;
}

export const potOf = (r: RainPot): number => r.base + r.carried + r.tips;

export function splitRain(rain: RainPot, joiners: number): RainSplit {
  if (joiners === 0) return { share: 0, remainder: rain.carried + rain.tips };
  const pot = potOf(rain);
  const share = Math.floor(pot / joiners);
  return { share, remainder: pot - share * joiners };
}
