/** A segment's colour by its multiplier (hundredths): blanks dark, then one colour per paying value. */
export function segmentColor(hundredths: number): string {
  if (hundredths === 0) return '#273846';
  if (hundredths <= 120) return '#cbd5e1';
  if (hundredths <= 150) return '#22c55e';
  if (hundredths < 200) return '#38bdf8';
  if (hundredths < 300) return '#facc15';
  if (hundredths < 400) return '#a855f7';
  if (hundredths < 500) return '#f97316';
  if (hundredths < 990) return '#ec4899';
  return '#ef4444';
}

/**
 * The wheel's rotation (degrees, clockwise) that puts segment `segment` of `segments` under the
 * pointer at the top, at least `turns` full turns past `from`. `nudge` (−1..1) moves the stop inside
 * the segment, never out of it (at most 35 % of the way to its edge).
 */
export function stopRotation(
  from: number,
  segment: number,
  segments: number,
  turns: number,
  nudge = 0,
): number {
  const width = 360 / segments;
  const target = (((-segment * width + nudge * 0.35 * (width / 2)) % 360) + 360) % 360;
  const base = from + turns * 360;
  const current = ((base % 360) + 360) % 360;
  return base + ((target - current + 360) % 360);
}

/** The segment under the pointer for a rotation (the inverse of stopRotation, for tests). */
export function segmentAt(rotation: number, segments: number): number {
  const width = 360 / segments;
  const r = ((-rotation % 360) + 360) % 360;
  return Math.round(r / width) % segments;
}
