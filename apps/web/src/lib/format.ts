/** Display helpers. Money arrives from the API as coin numbers with 2 decimals. */

const coinFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Truncates (never rounds up) to 2 decimals: 12.349 → 12.34. */
export function truncate2(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.trunc(Math.round(value * 1e6) / 1e4) / 100;
}

/** 1234.5 → "1,234.50" */
export function formatCoins(value: number): string {
  return coinFormat.format(truncate2(value));
}

/** 1234.5 → "1234.50" (no separators: the balance a test or a person copies). */
export function formatPlain(value: number): string {
  return truncate2(value).toFixed(2);
}

/** Coins → dollars text (2 coins = 1 dollar). */
export function formatUsd(coins: number): string {
  return `$${coinFormat.format(truncate2(coins) / 2)}`;
}

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "December 7, 2023 at 3:04 PM" */
export function formatLongDateTime(value: string | number | Date): string {
  const date = toDate(value);
  if (!date) return '—';
  return date.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' });
}

/** "Dec 7, 2023" */
export function formatShortDate(value: string | number | Date): string {
  const date = toDate(value);
  if (!date) return '—';
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}
