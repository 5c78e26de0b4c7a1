/**
 * Whether a stake needs the player's yes (setting): above the chosen fraction of the balance or
 * above the fixed amount. Pure, for the tests.
 */
export function needsConfirm(
  stakeCents: number,
  balanceCents: number | null,
  settings: { confirmFraction: number; confirmAmount: number },
): boolean {
  if (stakeCents <= 0) return false;
  if (settings.confirmAmount > 0 && stakeCents > settings.confirmAmount) return true;
  if (settings.confirmFraction > 0 && balanceCents !== null && balanceCents > 0) {
    return stakeCents > balanceCents * settings.confirmFraction;
  }
  return false;
}
