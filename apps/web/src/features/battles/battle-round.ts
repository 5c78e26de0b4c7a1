/**
 * The one round count of a battle, shared by the list row, the case strip and the battle page:
 * `n` is the 0-based round being played or next to play (rounds revealed, or the spinning round),
 * clamped to the battle's cases. The strip highlights `index` and the label reads `index + 1`.
 */
export function battleRound(n: number, total: number): { index: number; label: string } {
  const index = Math.max(0, Math.min(n, total - 1));
  return { index, label: `Round ${index + 1} of ${total}` };
}

/**
 * The list row's round, the same the open battle page shows (issue 28 item 9): a running battle's
 * newest result is the round its page is spinning, so the row reads that round (not the next one)
 * until the next result arrives.
 */
export function battleListRound(
  resultsSoFar: number,
  total: number,
  running: boolean,
): { index: number; label: string } {
  return battleRound(running && resultsSoFar > 0 ? resultsSoFar - 1 : resultsSoFar, total);
}
