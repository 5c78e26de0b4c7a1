/**
 * Money is integer cents everywhere inside the system. Coins (2 decimals) exist only at the edges:
 * JSON bodies, socket payloads and the screen. 2 coins = 1 dollar.
 */
export type Cents = number;

export const CENTS_PER_COIN = 100;
export const COINS_PER_DOLLAR = 2;

/** Largest amount we ever accept from a client, in cents (10 million coins). */
export const MAX_AMOUNT_CENTS = 1_000_000_000;

/**
 * Coins (a JS number as typed by a person) → cents, truncated toward zero at the second decimal.
 * Rounding to 6 decimals first absorbs binary noise (0.29 * 100 = 28.999…).
 */
export function coinsToCents(coins: number): Cents {
  if (!Number.isFinite(coins)) throw new RangeError('amount is not a finite number');
  const sign = coins < 0 ? -1 : 1;
  const cents = Math.trunc(Math.round(Math.abs(coins) * 1e6) / 1e4);
  return cents === 0 ? 0 : sign * cents;
}

/**
 * An amount someone else measured (a provider's dollar value, a JS number) → whole cents, rounded
 * DOWN: never more than the amount. It reads the number's shortest decimal form, so 0.29 is 29 (not
 * 28, binary noise) and 12.349 is 1234 (not 1235). NaN for a negative, non-finite or unsafe amount.
 */
export function decimalToCentsFloor(value: number): Cents {
  if (!Number.isFinite(value) || value < 0) return Number.NaN;
  const m = /^(\d+)(?:\.(\d+))?$/.exec(String(value));
  // exponent form: below 1e-6 (less than a cent) or from 1e21 up (no safe amount)
  if (!m) return value < 1 ? 0 : Number.NaN;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').slice(0, 2).padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : Number.NaN;
}

/** Cents → coins as a number with at most 2 decimals (for JSON). */
export function centsToCoins(cents: Cents): number {
  return Math.trunc(cents) / 100;
}

/** Parses a BIGINT coming back from PostgreSQL (pg returns int8 as a string). */
export function parseCents(value: string | number | bigint | null | undefined): Cents {
  if (value === null || value === undefined) return 0;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`not a safe integer amount: ${String(value)}`);
  return n;
}

/** 1234 → "12.34"; -5 → "-0.05". */
export function formatCents(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  const whole = Math.floor(abs / 100);
  const frac = String(abs % 100).padStart(2, '0');
  return `${sign}${whole.toLocaleString('en-US')}.${frac}`;
}

/** Coins as typed → "12.34" with thousands separators (for display of API numbers). */
export function formatCoins(coins: number): string {
  return formatCents(coinsToCents(coins));
}

/** floor(amount × multiplier) where multiplier is given in 1/10000ths; exact integer math. */
export function mulFloor(cents: Cents, multiplierTenThousandths: number): Cents {
  return Number((BigInt(cents) * BigInt(multiplierTenThousandths)) / 10000n);
}
