/**
 * The upgrader's starting catalogue: 70 items from 0.01 to 1,973.33 coins on a geometric ladder,
 * tiered by price. Seeded into upgrader_items when the table is empty; admins edit it later.
 * Images are drawn by the client per rarity colour (the machines reach no image hosts).
 */
const NAMES = [
  'Sticker Scrap',
  'Paper Ticket',
  'Bent Coin',
  'Rusty Key',
  'Plastic Charm',
  'Lucky Penny',
  'Cracked Dice',
  'Copper Ring',
  'Faded Patch',
  'Pocket Lint',
  'Iron Token',
  'Worn Glove',
  'Tin Badge',
  'Chalk Pouch',
  'Old Compass',
  'Brass Knuckle',
  'Neon Sticker',
  'Field Knife',
  'Azure Pin',
  'Cobalt Tag',
  'Storm Patch',
  'Frost Emblem',
  'Steel Dice',
  'Blue Viper',
  'Tidal Charm',
  'Glacier Ring',
  'Arctic Blade',
  'Sapphire Chip',
  'Violet Mask',
  'Amethyst Dice',
  'Nebula Glove',
  'Phantom Charm',
  'Orchid Blade',
  'Mystic Compass',
  'Void Emblem',
  'Plasma Ring',
  'Twilight Knife',
  'Cosmic Patch',
  'Royal Scepter',
  'Aurora Gloves',
  'Ultraviolet Fang',
  'Crimson Talon',
  'Ruby Dice',
  'Inferno Blade',
  'Scarlet Crown',
  'Blood Moon Ring',
  'Magma Gauntlet',
  'Dragon Scale',
  'Phoenix Feather',
  'Ember Karambit',
  'Volcanic Helm',
  'Crimson Web Knife',
  'Red Comet',
  'Hellfire Dice',
  'Golden Dice',
  'Gilded Karambit',
  'Sun Crown',
  'Pharaoh Mask',
  'Aureate Gloves',
  'Midas Ring',
  'Treasure Chest',
  'Solar Dragon',
  'Gold Bar Stack',
  'Emperor Scepter',
  'Golden Phoenix',
  'Crown Jewel',
  'Sovereign Blade',
  'Eternal Throne',
  'Celestial Crown',
  'Dragon Lore',
];

export type Rarity = 'grey' | 'blue' | 'purple' | 'red' | 'gold';

/** Tiers by price (cents): grey < 1, blue < 10, purple < 100, red < 500, gold from 500 coins. */
export function rarityForPrice(cents: number): Rarity {
  if (cents < 100) return 'grey';
  if (cents < 1_000) return 'blue';
  if (cents < 10_000) return 'purple';
  if (cents < 50_000) return 'red';
  return 'gold';
}

export function upgraderCatalogue(): Array<{ name: string; price: number; color: Rarity }> {
  const first = 1;
  const last = 197_333;
  const n = NAMES.length;
  return NAMES.map((name, i) => {
    const price = i === n - 1 ? last : Math.max(first, Math.round(first * (last / first) ** (i / (n - 1))));
    return { name, price, color: rarityForPrice(price) };
  });
}
