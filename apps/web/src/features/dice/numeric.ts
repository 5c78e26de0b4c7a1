import { coinsToCents } from '@coinsite/shared/money';

/**
 * What a person may type into the numeric fields of the instant games (spec-3 §5: "accept only
 * numeric values"): digits and one dot, with at most `decimals` digits after it. Anything else is
 * refused keystroke by keystroke, so the field never holds text the game cannot read.
 */
export function acceptsNumeric(text: string, decimals = 2, maxDigits = 9): boolean {
  const re = new RegExp(`^\\d{0,${maxDigits}}(\\.\\d{0,${decimals}})?$`);
  return re.test(text);
}

/** A coin field's text → cents, or null when it is empty or not a number. */
export function textToCents(text: string): number | null {
  if (text.trim() === '' || text === '.') return null;
  const value = Number(text);
  if (!Number.isFinite(value)) return null;
  return coinsToCents(value);
}

/** Cents → the text a coin field shows ("12.50"). */
export function centsToText(cents: number): string {
  return (Math.max(0, Math.trunc(cents)) / 100).toFixed(2);
}

/** A decimal field's text → number, or null. */
export function textToNumber(text: string): number | null {
  if (text.trim() === '' || text === '.') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

const multiplierFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * A multiplier with 2 decimals, truncated like the payouts (1.1250 → "1.12", never "1.13": the
 * screen must not promise more than the floor the server pays).
 */
export function formatMultiplier(value: number): string {
  return multiplierFormat.format(Math.floor(Math.round(value * 1e6) / 1e4) / 100);
}
