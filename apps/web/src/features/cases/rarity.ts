import { RARITY_COLORS } from '@coinsite/shared/schemas/cases';

/** An item's colour as CSS: a rarity name (grey, blue, …) or a colour as sent. */
export function rarityHex(color: string): string {
  return Object.hasOwn(RARITY_COLORS, color) ? RARITY_COLORS[color as keyof typeof RARITY_COLORS] : '#BF4141';
}

/** spec-3 §5: (ticketsEnd − max(ticketsStart, 1) + 1) / 1000, shown with 2 decimals. */
export function chanceText(item: { ticketsStart: number; ticketsEnd: number }): string {
  return `${((item.ticketsEnd - Math.max(item.ticketsStart, 1) + 1) / 1000).toFixed(2)}%`;
}

/** Gold and red items are the ones worth a celebration (spec-1 §4: gold, orange or red). */
export function isCelebrated(color: string): boolean {
  return color === 'gold' || color === 'red' || color === 'orange';
}
