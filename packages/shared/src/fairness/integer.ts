/** Exact integer helpers for money: every payout is floored to the cent, never computed in floats. */

/** floor(amount × numerator / denominator) with BigInt; the result must be a safe integer. */
export function floorMulDiv(
  amount: number,
  numerator: number | bigint,
  denominator: number | bigint,
): number {
  const result = (BigInt(amount) * BigInt(numerator)) / BigInt(denominator);
  if (result > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount overflows a safe integer');
  return Number(result);
}

/** Throws unless `value` is an integer in [min, max]: guards the pure functions against bad calls. */
export function assertIntegerIn(value: number, min: number, max: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer in ${min}..${max}, got ${value}`);
  }
}

/** True when `value` is an integer in [min, max] (for validators that return a message). */
export function isIntegerIn(value: number, min: number, max: number): boolean {
  return Number.isSafeInteger(value) && value >= min && value <= max;
}
