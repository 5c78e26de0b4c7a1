import { type PlinkoRisk, plinkoTable } from '@coinsite/shared/fairness';
import { PLINKO_DROP_START_MS, PLINKO_ROW_MS } from '@coinsite/shared/schemas/plinko';

/** The board in SVG units: width, the pegs' band and the slot row below it. */
export const BOARD = { width: 1000, top: 40, pegBand: 700, slotGap: 22, slotHeight: 58 } as const;
export const BOARD_HEIGHT = BOARD.top + BOARD.pegBand + BOARD.slotGap + BOARD.slotHeight + 8;

/** Peg spacing: the last row's rows + 2 pegs span the width less a margin. */
export function geometry(rows: number) {
  const dx = (BOARD.width - 80) / (rows + 1);
  const dy = BOARD.pegBand / rows;
  const cx = BOARD.width / 2;
  return {
    dx,
    dy,
    cx,
    pegR: Math.max(4, dx * 0.085),
    ballR: Math.max(9, dx * 0.2),
    /** Row r (0-based) has r + 3 pegs. */
    peg: (r: number, i: number) => ({ x: cx + (i - (r + 2) / 2) * dx, y: BOARD.top + r * dy + dy / 2 }),
    /** Slot k's centre: between pegs k and k + 1 of the last row. */
    slotX: (k: number) => cx + (k - rows / 2) * dx,
    slotY: BOARD.top + BOARD.pegBand + BOARD.slotGap,
  };
}

export interface Point {
  x: number;
  y: number;
}

/**
 * Where the ball is `t` ms after it was dropped: it falls onto the top peg, then each row takes
 * PLINKO_ROW_MS to hop half a peg spacing left or right (as the path says) onto the next row's peg,
 * the last hop landing in its slot. Returns the position and the number of pegs touched so far.
 */
export function ballAt(path: readonly number[], t: number): { point: Point; row: number; landed: boolean } {
  const rows = path.length;
  const g = geometry(rows);
  // the ball rests on a peg's top, ballR + pegR above its centre
  const contact = (r: number, rights: number): Point => ({
    x: g.cx + (2 * rights - r) * (g.dx / 2),
    y: BOARD.top + r * g.dy + g.dy / 2 - g.pegR - g.ballR,
  });
  if (t <= PLINKO_DROP_START_MS) {
    const f = Math.max(0, t) / PLINKO_DROP_START_MS;
    const start = { x: g.cx, y: BOARD.top - g.ballR - 30 };
    const end = contact(0, 0);
    return { point: { x: start.x, y: start.y + (end.y - start.y) * f * f }, row: 0, landed: false };
  }
  const hop = (t - PLINKO_DROP_START_MS) / PLINKO_ROW_MS;
  const r = Math.min(Math.floor(hop), rows - 1);
  const f = Math.min(1, hop - r);
  const rightsBefore = path.slice(0, r).reduce((a, b) => a + b, 0);
  const from = contact(r, rightsBefore);
  const rightsAfter = rightsBefore + (path[r] ?? 0);
  const to =
    r === rows - 1
      ? { x: g.slotX(rightsAfter), y: g.slotY + BOARD.slotHeight / 2 - g.ballR }
      : contact(r + 1, rightsAfter);
  // a hop: sideways at an even pace, up a little then down (a parabola through both contacts)
  const lift = g.dy * 0.35;
  const x = from.x + (to.x - from.x) * f;
  const y = from.y + (to.y - from.y) * f * f - lift * 4 * f * (1 - f) * (1 - f);
  return { point: { x, y }, row: r + 1, landed: hop >= rows };
}

/** The slot colours: yellow for the lowest multiplier of the table, red for its highest (log scale). */
export function slotColors(rows: number, risk: PlinkoRisk): string[] {
  const table = plinkoTable(rows, risk);
  const lo = Math.log(Math.min(...table));
  const hi = Math.log(Math.max(...table));
  const stops = [
    [250, 204, 21],
    [249, 115, 22],
    [239, 68, 68],
    [225, 29, 72],
  ];
  return table.map((m) => {
    const f = hi === lo ? 0 : (Math.log(m) - lo) / (hi - lo);
    const at = f * (stops.length - 1);
    const i = Math.min(Math.floor(at), stops.length - 2);
    const a = stops[i] ?? [0, 0, 0];
    const b = stops[i + 1] ?? a;
    const mix = (k: number) => Math.round((a[k] ?? 0) + ((b[k] ?? 0) - (a[k] ?? 0)) * (at - i));
    return `rgb(${mix(0)} ${mix(1)} ${mix(2)})`;
  });
}

/** A multiplier as a slot shows it: 1000 → 1K, 0.2 → 0.2, 26 → 26. */
export function slotLabel(hundredths: number): string {
  const m = hundredths / 100;
  if (m >= 1000) return `${m / 1000}K`;
  return String(m);
}
