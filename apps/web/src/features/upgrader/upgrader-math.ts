import { UPGRADER_DIVISOR } from '@coinsite/shared/fairness';
import {
  UPGRADER_MAX_CHANCE_PCT,
  upgraderChanceBasisPoints,
  upgraderMultiplier,
} from '@coinsite/shared/games';
import { coinsToCents } from '@coinsite/shared/money';

/** spec-3 §9: quick percents of the wallet, and the dial's spin. */
export const QUICK_PERCENTS = [10, 25, 30, 50] as const;
export const UPGRADER_SPIN_MS = 5000;

/** The amount as typed → cents (truncated, as every amount typed by a person); null when not a number. */
export function parseAmountCents(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d*(\.\d*)?$/.test(trimmed) || trimmed === '' || trimmed === '.') return null;
  return coinsToCents(Number(trimmed));
}

/** spec-3 §5: percent = amount / wallet (0..100, 2 decimals); an empty wallet gives 0. */
export function percentOfWallet(amountCents: number, walletCents: number): number {
  if (walletCents <= 0 || amountCents <= 0) return 0;
  return Math.min(100, Math.floor((amountCents * 10_000) / walletCents) / 100);
}

/** The amount for a percent of the wallet, floored to the cent (never more than was chosen). */
export function amountForPercent(percent: number, walletCents: number): number {
  const clamped = Math.min(100, Math.max(0, percent));
  return Math.floor((walletCents * Math.round(clamped * 100)) / 10_000);
}

/** spec-3 §5: the most that may be staked on an item, 80 % of its price (floored to the cent). */
export function maxAmountCents(priceCents: number): number {
  return Math.floor((priceCents * UPGRADER_MAX_CHANCE_PCT) / 100);
}

/** An amount held to the 80 % cap of the chosen item (no item: no cap). */
export function capAmountCents(amountCents: number, priceCents: number | null): number {
  return priceCents && priceCents > 0 ? Math.min(amountCents, maxAmountCents(priceCents)) : amountCents;
}

export interface UpgradeFigures {
  /** Win chance in hundredths of a percent (2500 = 25.00 %), never above the 80 % cap. */
  chanceBp: number;
  /** The shown multiplier price / amount × 0.9, in ten-thousandths; 0 without an amount. */
  multiplier: number;
  /** The amount is more than 80 % of the price: the attempt is ignored (spec-3 §5). */
  overCap: boolean;
}

export function upgradeFigures(amountCents: number | null, priceCents: number | null): UpgradeFigures {
  if (!amountCents || amountCents <= 0 || !priceCents || priceCents <= 0) {
    return { chanceBp: 0, multiplier: 0, overCap: false };
  }
  return {
    chanceBp: Math.min(upgraderChanceBasisPoints(amountCents, priceCents), UPGRADER_MAX_CHANCE_PCT * 100),
    multiplier: upgraderMultiplier(amountCents, priceCents),
    overCap: amountCents * 100 > priceCents * UPGRADER_MAX_CHANCE_PCT,
  };
}

/**
 * The winning part of 0..1 with 4 decimals, as the server decides it (fairness.md §2): under wins
 * on a low ticket (0 – chance), over on a high one (1 − chance – 1).
 */
export function rollRange(chanceBp: number, isUnder: boolean): { low: string; high: string } {
  const c = Math.min(10_000, Math.max(0, chanceBp));
  return isUnder
    ? { low: '0.0000', high: (c / 10_000).toFixed(4) }
    : { low: ((10_000 - c) / 10_000).toFixed(4), high: '1.0000' };
}

/** A ticket 1..D as the 0..1 fraction the dial points at. */
export function ticketFraction(ticket: number): number {
  return Math.min(1, Math.max(0, ticket / UPGRADER_DIVISOR));
}

/** The dial's position (0..1) as a 9-decimal ticket, for the counter while it spins. */
export function fractionText(fraction: number): string {
  const scaled = Math.floor(Math.min(1, Math.max(0, fraction)) * 1e9);
  return scaled >= 1e9 ? '1.000000000' : `0.${String(scaled).padStart(9, '0')}`;
}

export const formatMultiplier = (tenThousandths: number): string =>
  `${(tenThousandths / 10_000).toFixed(2)}x`;
export const formatChance = (bp: number): string => `${(bp / 100).toFixed(2)}%`;
