/**
 * The sandbox slot (issue 12): 5 reels × 3 rows, 10 paylines, pays left to right for 3, 4 or 5 of a
 * kind. Outcome from the player's seed pair (fairness.md §0): reel r stops at pick(r, 20), r = 0..4;
 * the window's row i of reel r shows strip[(stop + i) mod 20]. Every reel uses the same strip, so a
 * payline's symbols are independent uniform draws and the return is exact (slotRtp): 96.07 %.
 */
import { pickAt, type Seeds } from './bytes.ts';

export const SLOT_SYMBOLS = ['seven', 'diamond', 'bar', 'bell', 'grape', 'lemon', 'cherry'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

/** One reel strip (indices into SLOT_SYMBOLS), interleaved so wins spread over the rows. */
export const SLOT_STRIP: readonly number[] = [6, 4, 5, 3, 6, 2, 4, 5, 1, 6, 3, 4, 0, 5, 6, 2, 4, 3, 5, 1];
export const SLOT_REELS = 5;
export const SLOT_ROWS = 3;

/** The rows (0 top .. 2 bottom) each payline crosses on reels 1..5. */
export const SLOT_PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
];

/** Line pays for 3, 4 and 5 of a kind, in line bets (a line bet is the stake / 10). */
export const SLOT_PAYTABLE: Record<SlotSymbol, readonly [number, number, number]> = {
  seven: [100, 400, 1500],
  diamond: [50, 200, 750],
  bar: [40, 150, 600],
  bell: [32, 100, 300],
  grape: [21, 60, 180],
  lemon: [18, 45, 140],
  cherry: [14, 40, 110],
};

export interface SlotLineWin {
  /** 0-based payline index */
  line: number;
  symbol: SlotSymbol;
  count: number;
  /** line bets won */
  pays: number;
}

export interface SlotSpin {
  stops: number[];
  /** window[reel][row]: symbol names */
  window: SlotSymbol[][];
  wins: SlotLineWin[];
  /** The payout as a multiple of the stake, in ten-thousandths (sum of line pays × 1000). */
  multiplier: number;
}

function symbolAt(stop: number, row: number): SlotSymbol {
  const idx = SLOT_STRIP[(stop + row) % SLOT_STRIP.length] as number;
  return SLOT_SYMBOLS[idx] as SlotSymbol;
}

/** The spin for given reel stops (each 0..19). */
export function slotFromStops(stops: number[]): SlotSpin {
  const window = stops.map((stop) => [0, 1, 2].map((row) => symbolAt(stop, row)));
  const wins: SlotLineWin[] = [];
  SLOT_PAYLINES.forEach((rows, line) => {
    const symbols = rows.map((row, reel) => window[reel]?.[row] as SlotSymbol);
    const first = symbols[0] as SlotSymbol;
    let count = 1;
    while (count < SLOT_REELS && symbols[count] === first) count++;
    if (count >= 3)
      wins.push({ line, symbol: first, count, pays: SLOT_PAYTABLE[first][count - 3] as number });
  });
  const lineBets = wins.reduce((sum, w) => sum + w.pays, 0);
  // stake = 10 line bets: multiplier = lineBets / 10, in ten-thousandths
  return { stops, window, wins, multiplier: lineBets * 1000 };
}

/** The spin a seed pair and nonce give. */
export function slotSpin(seeds: Seeds): SlotSpin {
  const stops = Array.from({ length: SLOT_REELS }, (_, r) => pickAt(seeds, r, SLOT_STRIP.length));
  return slotFromStops(stops);
}

/** The payout in cents of a stake in cents: floor(stake × multiplier / 10,000). */
export function slotPayout(stakeCents: number, multiplier: number): number {
  return Math.floor((stakeCents * multiplier) / 10000);
}

/** The exact return to player (0..1): each payline's symbols are independent uniform strip draws. */
export function slotRtp(): number {
  const n = SLOT_STRIP.length;
  let rtp = 0;
  SLOT_SYMBOLS.forEach((symbol, idx) => {
    const p = SLOT_STRIP.filter((s) => s === idx).length / n;
    const pays = SLOT_PAYTABLE[symbol];
    rtp += (pays[0] as number) * p ** 3 * (1 - p);
    rtp += (pays[1] as number) * p ** 4 * (1 - p);
    rtp += (pays[2] as number) * p ** 5;
  });
  // a line's expected pay in line bets equals the spin's in stakes (10 lines, 10 line bets)
  return rtp;
}
