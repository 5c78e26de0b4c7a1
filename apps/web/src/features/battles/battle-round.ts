/**
 * The one round count of a battle, shared by the list row, the case strip and the battle page:
 * `n` is the 0-based round being played or next to play (rounds revealed, or the spinning round),
 * clamped to the battle's cases. The strip highlights `index` and the label reads `index + 1`.
 */
export function battleRound(n: number, total: number): { index: number; label: string } {
  const index = Math.max(0, Math.min(n, total - 1));
  return { index, label: `Round ${index + 1} of ${total}` };
}
