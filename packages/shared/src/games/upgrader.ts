/** Upgrader limits and display numbers (spec-3 §5). Amount and price are cents. */

/** The amount may be at most 80% of the item's price: the win chance is capped at 80%. */
export const UPGRADER_MAX_CHANCE_PCT = 80;

/** Why an upgrade of `amount` towards an item of `price` is refused, or null. */
export function upgraderAmountError(amount: number, price: number): string | null {
  if (!Number.isSafeInteger(price) || price < 1) return 'Choose an item to upgrade to.';
  if (!Number.isSafeInteger(amount) || amount < 1) return 'The minimum amount is 0.01.';
  if (amount * 100 > price * UPGRADER_MAX_CHANCE_PCT) {
    return "The amount cannot exceed 80% of the item's price.";
  }
  return null;
}

/** Chance = A / P, in hundredths of a percent (2500 → 25.00%), floored. */
export function upgraderChanceBasisPoints(amount: number, price: number): number {
  return Math.floor((amount * 10_000) / price);
}

/** Shown multiplier = P / A × 0.9, in ten-thousandths (display only: a win pays floor(0.9 × P)). */
export function upgraderMultiplier(amount: number, price: number): number {
  return Math.floor((price * 9_000) / amount);
}
