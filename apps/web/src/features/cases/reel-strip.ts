import { CASE_TICKETS, itemForTicket } from '@coinsite/shared/fairness';
import type { CaseItemView } from '@coinsite/shared/schemas/cases';

/** A ticket 1..100000 drawn locally (demo spins and reel fillers only: nothing is at stake). */
export function localTicket(): number {
  const buf = new Uint32Array(1);
  crypto.getRandomValues(buf);
  return ((buf[0] ?? 0) % CASE_TICKETS) + 1;
}

/** An item drawn with the case's own odds, so the reel looks like the case. */
export function randomItem(items: readonly CaseItemView[]): CaseItemView | null {
  if (items.length === 0) return null;
  try {
    return itemForTicket(items, localTicket());
  } catch {
    return items[0] ?? null;
  }
}

/**
 * A strip of `length` items with `winner` at `winnerIndex`. With `distinct` fillers, only that many
 * are drawn and the strip repeats them (the live case reel draws 21 and lands on position 25).
 */
export function buildStrip(
  items: readonly CaseItemView[],
  opts: { length: number; winnerIndex: number; winner: CaseItemView | null; distinct?: number },
): CaseItemView[] {
  const drawn = Math.min(opts.distinct ?? opts.length, opts.length);
  const fillers: CaseItemView[] = [];
  for (let i = 0; i < drawn; i++) {
    const it = randomItem(items);
    if (it) fillers.push(it);
  }
  if (fillers.length === 0) return [];
  const strip = Array.from({ length: opts.length }, (_, i) => fillers[i % fillers.length] as CaseItemView);
  if (opts.winner && opts.winnerIndex < strip.length) strip[opts.winnerIndex] = opts.winner;
  return strip;
}
